import { describe, it } from "vitest";
import { ADMIN_EMAIL } from "./support/api";
import { newUser, signInThroughForm, type User, waitForPath } from "./support/browser";
import { setupProduct } from "./support/product";

/** Journey: the portal's doors. Who may open which page, and where the others are sent. */
const product = setupProduct();

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
      await signInThroughForm(client.page, "kunle@adeyemilogistics.test");
      await client.page.goto("/portal/admin");
      await waitForPath(client.page, "/portal");
    } finally {
      await client.context.close();
    }
  });

  it("sends an administrator from the client portal to the admin area", async () => {
    const admin: User = await newUser(product.browser, product.server.url);
    try {
      await signInThroughForm(admin.page, ADMIN_EMAIL);
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
