import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../seed/accounts";
import { ADMIN_EMAIL, Api } from "./support/api";
import { hydratePage, newUser, signIn, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/** Journey: the portal's doors. Who may open which page, and where the others are sent. */
const product = setupProduct();
const CLIENT = "chinedu@ezefoods.test";

describe("route guards", () => {
  it.each(["/portal", "/portal/projects", "/portal/admin"])(
    "sends a signed-out visitor of %s to /auth",
    async (path) => {
      const { page, context } = await newUser(product.browser, product.server.url);
      try {
        await page.goto(path);
        await waitForPath(page, "/auth");
      } finally {
        await context.close();
      }
    },
  );

  it("sends a client away from the admin area to the portal", async () => {
    const client: User = await newUser(product.browser, product.server.url);
    try {
      await signIn(client.page, "kunle@adeyemilogistics.test");
      await client.page.goto("/portal/admin");
      await waitForPath(client.page, "/portal");
    } finally {
      await client.context.close();
    }
  });

  it("sends an administrator from the client portal to the admin area", async () => {
    const admin: User = await newUser(product.browser, product.server.url);
    try {
      await signIn(admin.page, ADMIN_EMAIL);
      await admin.page.goto("/portal");
      await waitForPath(admin.page, "/portal/admin");
    } finally {
      await admin.context.close();
    }
  });

  it("answers an unknown path with the not-found page", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.goto("/no-such-page/anywhere");
      await page.getByText("Oops! Page not found").waitFor();
    } finally {
      await context.close();
    }
  });
});

/** Fills the sign-in form /auth shows, without opening /auth afresh (which would drop where it returns to). */
async function signInHere(page: Page, email: string) {
  const panel = page.getByRole("tabpanel", { name: "Sign In" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await panel.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("signing in returns to the page asked for", () => {
  it("a signed-out visitor of a project's page (a link in a mail) signs in and lands on that page", async () => {
    const projectId = await new Api(product.server.url).projectId(CLIENT, "Eze Foods E-commerce Store");
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await page.goto(`/portal/projects/${projectId}?from=mail`);
      await waitForPath(page, "/auth");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/portal/projects/${projectId}?from=mail`);
      // The tabs switch once the page is live: a click while it hydrates can be lost (on a slow machine the
      // Sign In click was, and the Sign Up panel stayed open).
      await hydratePage(page);
      // The Sign Up tab and back keep it.
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await page.getByRole("tab", { name: "Sign In" }).click();
      await signInHere(page, CLIENT);
      await waitForPath(page, `/portal/projects/${projectId}`);
      expect(new URL(page.url()).search).toBe("?from=mail");
      await page.getByRole("heading", { name: "Eze Foods E-commerce Store", level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each(["https://example.com/portal", "//example.com/portal", "/auth"])(
    "never leaves the portal: a return address of %s is ignored",
    async (address) => {
      const { page, context } = await newUser(product.browser, product.server.url);
      try {
        await page.goto(`/auth?redirect=${encodeURIComponent(address)}`);
        await signInHere(page, CLIENT);
        await waitForPath(page, "/portal");
        expect(new URL(page.url()).origin).toBe(product.server.url);
      } finally {
        await context.close();
      }
    },
  );
});

describe("a session that ends reaches every tab at once", () => {
  it("Logout in one tab sends the person's other tabs to /auth, showing none of their data", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await signIn(page, "amaka@bellofashion.test");
      await page.goto("/portal");
      // Settings subscribes to nothing live: the tab must follow the session anyway.
      const other = await context.newPage();
      await other.goto("/portal/settings");
      await other.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Logout" }).click();
      await waitForPath(page, "/auth");
      await waitForPath(other, "/auth", 5_000);
      expect(await other.getByText("amaka@bellofashion.test").count()).toBe(0);
      // The tab that signed out starts afresh; the other one returns to its page once signed in again.
      expect(new URL(page.url()).search).toBe("");
      expect(new URL(other.url()).searchParams.get("redirect")).toBe("/portal/settings");
    } finally {
      await context.close();
    }
  });

  it("a password changed on another device sends this browser's open tab to /auth", async () => {
    const { page, context } = await newUser(product.browser, product.server.url);
    try {
      await signIn(page, "ngozi@lagosstudio.test");
      await page.goto("/portal/settings");
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      // Another device: a second session for the same person changes the password, which ends every other session.
      const api = new Api(product.server.url);
      const response = await fetch(`${product.server.url}/api/auth/change-password`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: product.server.url,
          cookie: await api.signIn("ngozi@lagosstudio.test"),
        },
        body: JSON.stringify({ currentPassword: DEMO_PASSWORD, newPassword: "Another#Device42" }),
      });
      expect(response.status).toBe(200);
      await waitForPath(page, "/auth", 5_000);
    } finally {
      await context.close();
    }
  });
});

describe("the address the server prints", () => {
  it("signs in and receives live messages at the other loopback spelling of APP_URL", async () => {
    // APP_URL is http://127.0.0.1:PORT; a person may open http://localhost:PORT instead.
    const twin = product.server.url.replace("127.0.0.1", "localhost");
    const { page, context } = await newUser(product.browser, twin);
    try {
      // Through the form, as a person at that address signs in: the app's auth client posts where the page is.
      await page.goto("/auth");
      await signInHere(page, "chinedu@ezefoods.test");
      await waitForPath(page, /^\/portal(\/|$)/);
      const api = new Api(product.server.url);
      const projectId = await api.projectId("chinedu@ezefoods.test", "Eze Foods E-commerce Store");
      await page.goto(`/portal/projects/${projectId}`);
      await page.getByLabel("Message", { exact: true }).waitFor();
      const text = `Seen at the other address ${Date.now()}`;
      const sent = await fetch(`${product.server.url}/api/projects/${projectId}/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: product.server.url,
          cookie: await api.signIn(ADMIN_EMAIL),
        },
        body: JSON.stringify({ message: text }),
      });
      expect(sent.status).toBe(201);
      await page.getByText(text).waitFor({ timeout: 5_000 });
    } finally {
      await context.close();
    }
  });
});
