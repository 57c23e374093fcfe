import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FILE_NAME_HEADER } from "../common/file-types";
import { TOAST } from "../src/lib/messages";
import { ADMIN_EMAIL, Api } from "./support/api";
import { axeViolations } from "./support/axe";
import { holdRequests, isFocused, newUser, signIn, type User } from "./support/browser";
import { setupProduct } from "./support/product";

/**
 * Journey (issue #8 item 6): the client uploads a PDF through the Files
 * panel's picker and watches it go up; the administrator, with the project
 * already open, sees it arrive live and downloads identical bytes; another
 * client cannot reach it; the client deletes it after confirming. Then a
 * message with a file attached, its chips removable before sending, reaches
 * the administrator live with a download of identical bytes.
 */
const CLIENT = "chinedu@ezefoods.test";
const OTHER_CLIENT = "amaka@bellofashion.test";
const SOON_MS = 5_000;

const product = setupProduct();
let api: Api;
let projectId: string;
let client: User;
let admin: User;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const files = (page: Page) => page.getByRole("region", { name: "Files" });
const messages = (page: Page) => page.getByRole("region", { name: "Messages", exact: true });

beforeAll(async () => {
  api = new Api(product.server.url);
  projectId = await api.projectId(CLIENT, "Eze Foods E-commerce Store");
  [client, admin] = await Promise.all([
    newUser(product.browser, product.server.url),
    newUser(product.browser, product.server.url),
  ]);
  await signIn(client.page, CLIENT);
  await signIn(admin.page, ADMIN_EMAIL);
});

describe("project files", () => {
  it("upload with progress, live to the administrator, identical download, delete with confirmation", async () => {
    await client.page.goto(`/portal/projects/${projectId}`);
    await admin.page.goto(`/portal/projects/${projectId}`);
    await files(client.page).getByText("No files yet").waitFor();
    await files(admin.page).getByText("No files yet").waitFor();
    expect(await axeViolations(client.page)).toEqual([]);

    // A slow upload link, so the progress bar is there to be seen.
    const cdp = await client.context.newCDPSession(client.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(400 * 1024)]);
    await client.page
      .getByTestId("file-input")
      .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: bytes });
    await files(client.page).getByText("Uploading brief.pdf").waitFor({ timeout: SOON_MS });
    // The progressbar itself is named after the file, and its percentage is not read out at every step.
    expect(await files(client.page).getByRole("progressbar", { name: "Uploading brief.pdf" }).count()).toBe(1);
    expect(
      await files(client.page)
        .locator('[aria-live="polite"], [aria-live="assertive"]')
        .filter({ hasText: "%" })
        .count(),
    ).toBe(0);
    expect(await axeViolations(client.page)).toEqual([]);
    const row = files(client.page).getByRole("listitem").filter({ hasText: "brief.pdf" });
    await row.waitFor({ timeout: 15_000 });
    await files(client.page).getByText("Uploading brief.pdf").waitFor({ state: "detached" });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await row.textContent()).toContain("400.0 KB");

    // Live: the administrator's open page shows the file without a reload.
    const adminRow = files(admin.page).getByRole("listitem").filter({ hasText: "brief.pdf" });
    await adminRow.waitFor({ timeout: SOON_MS });
    expect(await axeViolations(admin.page)).toEqual([]);
    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      adminRow.getByRole("link", { name: "brief.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("brief.pdf");
    const path = await download.path();
    expect(sha256(await readFile(path))).toBe(sha256(bytes));

    // Another client cannot reach it, not even by its address.
    const href = await adminRow.getByRole("link", { name: "brief.pdf" }).getAttribute("href");
    const outsider = await fetch(`${product.server.url}${href}`, {
      headers: { cookie: await api.signIn(OTHER_CLIENT) },
    });
    expect(outsider.status).toBe(404);

    // The uploader deletes it, after confirming; both pages drop it.
    await row.getByRole("button", { name: "Delete brief.pdf" }).click();
    const dialog = client.page.getByRole("alertdialog", { name: "Are you sure you want to delete this file?" });
    await dialog.waitFor();
    expect(await axeViolations(client.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await client.page.getByText("File deleted successfully").waitFor();
    await row.waitFor({ state: "detached" });
    await files(client.page).getByText("No files yet").waitFor();
    // The row left with its Delete button, and no other row is left: the focus goes to the list's heading.
    await expect
      .poll(() => isFocused(files(client.page).getByRole("heading", { name: "Files", exact: true })))
      .toBe(true);
    await adminRow.waitFor({ state: "detached", timeout: SOON_MS });
  });

  it("a file of a type outside the allowlist is refused with the server's message", async () => {
    await client.page.goto(`/portal/projects/${projectId}`);
    await files(client.page).getByText("No files yet").waitFor();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), randomBytes(1000)]);
    await client.page
      .getByTestId("file-input")
      .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: exe });
    await client.page.getByText("This type of file cannot be uploaded.", { exact: false }).waitFor();
    expect(await axeViolations(client.page)).toEqual([]);
    await files(client.page).getByText("No files yet").waitFor();
  });

  it("a message attaches files: removable chips before sending, live to the administrator, identical download", async () => {
    await client.page.goto(`/portal/projects/${projectId}`);
    await admin.page.goto(`/portal/projects/${projectId}`);
    await files(client.page).getByText("No files yet").waitFor();
    await messages(admin.page).getByRole("heading", { name: "Messages" }).waitFor();

    // A slow upload link, so the attachment's progress bar is there to be seen.
    const cdp = await client.context.newCDPSession(client.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const minutes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(200 * 1024 - 9)]);
    await client.page.getByTestId("attach-input").setInputFiles([
      { name: "minutes.pdf", mimeType: "application/pdf", buffer: minutes },
      { name: "draft.txt", mimeType: "text/plain", buffer: Buffer.from("Not this one\n") },
    ]);
    await messages(client.page).getByText("Attaching minutes.pdf").waitFor({ timeout: SOON_MS });
    expect(await axeViolations(client.page)).toEqual([]);
    const pending = messages(client.page).getByRole("list", { name: "Files to send" });
    await pending.getByRole("listitem").filter({ hasText: "draft.txt" }).waitFor({ timeout: 15_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await pending.getByRole("listitem").allTextContents()).toEqual(["minutes.pdf200.0 KB", "draft.txt13 B"]);
    expect(await axeViolations(client.page)).toEqual([]);

    // By keyboard: the chip's Remove button drops it, and focus goes back to Attach.
    await pending.getByRole("button", { name: "Remove draft.txt" }).focus();
    await client.page.keyboard.press("Enter");
    await pending.getByRole("listitem").filter({ hasText: "draft.txt" }).waitFor({ state: "detached" });
    expect(await client.page.evaluate(() => document.activeElement?.textContent)).toContain("Attach");

    // The send is held a moment: the message shows at once, sending, with its file.
    const { release } = await holdRequests(client.page, `**/api/projects/${projectId}/messages`, { method: "POST" });
    const box = client.page.getByLabel("Message", { exact: true });
    await box.fill("Here are the minutes.");
    await box.press("Enter");
    await pending.waitFor({ state: "detached" });
    const mine = messages(client.page).getByRole("listitem").filter({ hasText: "Here are the minutes." });
    await mine.getByText("Sending…").waitFor();
    await mine.getByRole("link", { name: "minutes.pdf" }).waitFor();
    release();
    await mine.getByText("Sending…").waitFor({ state: "detached", timeout: SOON_MS });
    await client.page.unroute(`**/api/projects/${projectId}/messages`);
    await mine.getByRole("link", { name: "minutes.pdf" }).waitFor();

    // Live: the administrator's open thread shows the message with its file, and downloads identical bytes.
    const theirs = messages(admin.page).getByRole("listitem").filter({ hasText: "Here are the minutes." });
    await theirs.waitFor({ timeout: SOON_MS });
    const link = theirs.getByRole("link", { name: "minutes.pdf" });
    expect(await theirs.getByRole("list", { name: "Attached files" }).textContent()).toBe("minutes.pdf200.0 KB");
    expect(await axeViolations(admin.page)).toEqual([]);
    const [download] = await Promise.all([admin.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("minutes.pdf");
    expect(sha256(await readFile(await download.path()))).toBe(sha256(minutes));

    // Another client cannot reach it by its address.
    const outsider = await fetch(`${product.server.url}${await link.getAttribute("href")}`, {
      headers: { cookie: await api.signIn(OTHER_CLIENT) },
    });
    expect(outsider.status).toBe(404);
  });

  it("shows more files a page at a time, and a file arriving live keeps the pages shown", async () => {
    const upload = async (name: string) => {
      const response = await fetch(`${product.server.url}/api/projects/${projectId}/files`, {
        method: "POST",
        headers: {
          cookie: await api.signIn(ADMIN_EMAIL),
          origin: product.server.url,
          "content-type": "application/octet-stream",
          [FILE_NAME_HEADER]: encodeURIComponent(name),
        },
        body: `Notes in ${name}\n`,
      });
      expect(response.status, await response.text()).toBe(201);
    };
    // One more than a page (twenty), so the list has a second page.
    const names = Array.from({ length: 21 }, (_, i) => `page-${String(i + 1).padStart(2, "0")}.txt`);
    for (const name of names) await upload(name);
    const newestFirst = [...names].reverse();
    const { page } = client;
    await page.goto(`/portal/projects/${projectId}`);
    const shown = () => files(page).getByRole("listitem").getByRole("link").allInnerTexts();
    await expect.poll(async () => (await shown()).slice(0, 20)).toEqual(newestFirst.slice(0, 20));
    expect(await shown()).toHaveLength(20);
    await files(page).getByRole("button", { name: "Show more files" }).click();
    await expect.poll(async () => (await shown()).slice(0, 21)).toEqual(newestFirst);
    const pastFirstPage = (await shown()).length;
    // Another upload refetches the list live: as many files as were shown, the new one first.
    await upload("page-22.txt");
    await expect.poll(async () => (await shown())[0]).toBe("page-22.txt");
    expect(await shown()).toHaveLength(pastFirstPage);
  });

  it("uploads every file chosen or dropped, one at a time; a drop while one uploads is refused with a word", async () => {
    const { page } = client;
    await page.goto(`/portal/projects/${projectId}`);
    const listed = (name: string) => files(page).getByRole("listitem").filter({ hasText: name });
    await page.getByTestId("file-input").setInputFiles([
      { name: "chosen-1.txt", mimeType: "text/plain", buffer: Buffer.from("first\n") },
      { name: "chosen-2.txt", mimeType: "text/plain", buffer: Buffer.from("second\n") },
    ]);
    for (const name of ["chosen-1.txt", "chosen-2.txt"]) await listed(name).waitFor({ timeout: SOON_MS });
    // Listed live as soon as the server has it: the upload is over once its progress bar has gone.
    const uploading = files(page).getByText(/^Uploading /);
    await uploading.waitFor({ state: "detached" });

    const drop = (names: string[]) =>
      page.getByTestId("file-drop").evaluate((zone, names) => {
        const data = new DataTransfer();
        for (const name of names) data.items.add(new File([`${name}\n`], name, { type: "text/plain" }));
        zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
      }, names);
    await drop(["dropped-1.txt", "dropped-2.txt"]);
    for (const name of ["dropped-1.txt", "dropped-2.txt"]) await listed(name).waitFor({ timeout: SOON_MS });
    await uploading.waitFor({ state: "detached" });
    expect(await page.getByText(TOAST.uploadUnderWay).count()).toBe(0);

    // One upload at a time: a file dropped while another is on its way is refused, and said so.
    const { release } = await holdRequests(page, `**/api/projects/${projectId}/files`, { method: "POST" });
    await drop(["held.txt"]);
    await files(page).getByText("Uploading held.txt").waitFor();
    await drop(["refused.txt"]);
    await page.getByText(TOAST.uploadUnderWay).waitFor();
    release();
    await page.unrouteAll({ behavior: "wait" });
    await listed("held.txt").waitFor({ timeout: SOON_MS });
    expect(await listed("refused.txt").count()).toBe(0);
  });
});
