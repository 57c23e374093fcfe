import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, mailQueue, projectDevelopers } from "../../server/db/schema";
import { createMailer, enqueueMail } from "../../server/mail";
import { unsubscribeToken } from "../../server/mail/unsubscribe";
import { createProject } from "../support/project-factory";
import { type Client, dbKind, startTestServer, type TestServer } from "../support/server";

/**
 * Issue #8 item 5: e-mail notifications. Mail goes through mail_queue and is
 * delivered after commit by the worker (retried when SMTP refuses, never
 * twice, even by two workers on one database); a new message mails the other
 * side only if still unread after the delay, one mail per project per
 * 15 minutes grouping what came in between; preferences and the signed
 * unsubscribe link turn a kind off. The worker's passes are run by hand with
 * a `now` in the future, so no test sleeps through the delay.
 */
const CLIENT = "chinedu@ezefoods.test";
const DEV = "tunde@lagosstudio.test";
const ADMIN = "admin@lagosstudio.test";
const MINUTE = 60_000;

let server: TestServer;
let client: Client;
let dev: Client;

beforeAll(async () => {
  // The worker's own polling is left out of the way: each test runs its passes.
  server = await startTestServer({ mailPollMs: 3_600_000, messageMailDelayMs: 2 * MINUTE });
  client = await server.signIn(CLIENT);
  dev = await server.signIn(DEV);
});
afterAll(async () => {
  await server?.close();
});

const later = (ms: number) => new Date(Date.now() + ms);
const pass = (at: Date) => server.app.mailer.runOnce(at);

/**
 * A local SMTP server (`onMessage` answers each mail: `accept()`, or `accept(error)` to refuse it) and a
 * product server sending to it, for `use`; both closed after.
 */
async function withSmtp(
  onMessage: (data: string, accept: (error?: Error) => void) => void,
  use: (smtpServer: TestServer) => Promise<void>,
) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => onMessage(data, (error) => callback(error ?? null)));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  try {
    const smtpServer = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailPollMs: 3_600_000 });
    try {
      await use(smtpServer);
    } finally {
      await smtpServer.close();
    }
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

async function newProject() {
  const title = `Mail test ${randomUUID().slice(0, 8)}`;
  const id = await createProject(server.db, { clientEmail: CLIENT, developerEmails: [DEV], title });
  return { id, title };
}

async function say(who: Client, projectId: string, message: string): Promise<string> {
  const response = await who.request("POST", `/api/projects/${projectId}/messages`, { message });
  expect(response.status).toBe(201);
  return response.json.id;
}

/** Mails to `to` about the project (its title is in every subject). */
const mailsAbout = (to: string, title: string) =>
  server.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${title}%`)));

describe("message digests", () => {
  it("three quick messages: exactly one mail after the delay, listing all three, with List-Unsubscribe", async () => {
    const { id, title } = await newProject();
    for (const text of ["First thing", "Second thing", "Third thing"]) await say(client, id, text);

    await pass(later(MINUTE));
    expect(await mailsAbout(DEV, title)).toHaveLength(0);

    await pass(later(3 * MINUTE));
    await pass(later(4 * MINUTE));
    const mails = await mailsAbout(DEV, title);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`3 new messages on ${title}`);
    for (const text of ["First thing", "Second thing", "Third thing"]) expect(mail?.text).toContain(text);
    expect(mail?.text.indexOf("First thing")).toBeLessThan(mail?.text.indexOf("Third thing") ?? 0);
    expect(mail?.text).toContain(`${server.url}/portal/projects/${id}`);
    expect(mail?.text).toContain(`${server.url}/unsubscribe?token=`);
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${server.url}/api/mail/unsubscribe\\?token=[^>]+>$`),
    );
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The other side too (the administrator), and never the author.
    expect(await mailsAbout(ADMIN, title)).toHaveLength(1);
    expect(await mailsAbout(CLIENT, title)).toHaveLength(0);
  });

  it("a message made only of files is listed by the files' names", async () => {
    const { id, title } = await newProject();
    const uploaded = await client.request("POST", `/api/projects/${id}/files`, "Scope notes\n", {
      headers: { "content-type": "text/plain", "x-file-name": "scope.txt" },
    });
    expect(uploaded.status).toBe(201);
    const sent = await client.request("POST", `/api/projects/${id}/messages`, { fileIds: [uploaded.json.id] });
    expect(sent.status).toBe(201);
    await pass(later(3 * MINUTE));
    const [mail] = await mailsAbout(DEV, title);
    expect(mail?.subject).toBe(`New message on ${title}`);
    expect(mail?.text).toContain("Attached: scope.txt");
  });

  it("a message read before the delay is not mailed", async () => {
    const { id, title } = await newProject();
    const message = await say(client, id, "Read me quickly");
    expect((await dev.request("PUT", `/api/projects/${id}/read`, { upTo: message })).status).toBe(200);
    await pass(later(3 * MINUTE));
    expect(await mailsAbout(DEV, title)).toHaveLength(0);
    expect(await mailsAbout(ADMIN, title)).toHaveLength(1);
  });

  it("a second burst within 15 minutes waits until the window ends, and lists only what is new", async () => {
    const { id, title } = await newProject();
    await say(client, id, "Burst one");
    await pass(later(3 * MINUTE));
    expect(await mailsAbout(DEV, title)).toHaveLength(1);

    await say(client, id, "Burst two a");
    await say(client, id, "Burst two b");
    await pass(later(6 * MINUTE));
    await pass(later(17 * MINUTE));
    expect(await mailsAbout(DEV, title)).toHaveLength(1);

    await pass(later(19 * MINUTE));
    const mails = await mailsAbout(DEV, title);
    expect(mails).toHaveLength(2);
    const second = mails.find((mail) => mail.text.includes("Burst two a"));
    expect(second?.text).toContain("Burst two b");
    expect(second?.text).not.toContain("Burst one");
  });

  it("no mail when the person turned message mails off", async () => {
    const { id, title } = await newProject();
    expect((await dev.request("PUT", "/api/me/mail-preferences", { message: false })).status).toBe(200);
    try {
      await say(client, id, "Nobody mails this");
      await pass(later(3 * MINUTE));
      expect(await mailsAbout(DEV, title)).toHaveLength(0);
    } finally {
      await dev.request("PUT", "/api/me/mail-preferences", { message: true });
    }
  });

  it("no mail to a developer taken off the project before the digest is due", async () => {
    const { id, title } = await newProject();
    await say(client, id, "For the team");
    await server.db.delete(projectDevelopers).where(eq(projectDevelopers.projectId, id));
    await pass(later(3 * MINUTE));
    expect(await mailsAbout(DEV, title)).toHaveLength(0);
    expect(await mailsAbout(ADMIN, title)).toHaveLength(1);
  });
});

describe("other notifications", () => {
  it("a milestone added mails the client at once (subject = the notification's title), with the link", async () => {
    const { id, title } = await newProject();
    const admin = await server.signIn(ADMIN);
    const milestoneTitle = `Design ${title}`;
    const created = await admin.request("POST", `/api/projects/${id}/milestones`, {
      title: milestoneTitle,
      amount: "1500",
    });
    expect(created.status).toBe(201);
    await pass(new Date());
    const mails = (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, CLIENT))).filter((mail) =>
      mail.text.includes(milestoneTitle),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Milestone added");
    expect(mails[0]?.text).toContain(`${milestoneTitle} on ${title}`);
    expect(mails[0]?.text).toContain(`${server.url}/portal/projects/${id}`);
    expect(mails[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("preferences and unsubscribe", () => {
  it("lists only the caller's kinds with defaults (task status off), and refuses other kinds", async () => {
    const response = await dev.request("GET", "/api/me/mail-preferences");
    expect(response.status).toBe(200);
    const kinds = response.json.items.map((item: { kind: string }) => item.kind);
    expect(kinds).toContain("message");
    expect(kinds).not.toContain("invoice_issued");
    expect(response.json.items.find((item: { kind: string }) => item.kind === "task_status").enabled).toBe(false);

    const foreign = await dev.request("PUT", "/api/me/mail-preferences", { invoice_issued: false });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toContain("Invoices issued");
    expect((await dev.request("PUT", "/api/me/mail-preferences", { nope: true })).status).toBe(400);
    expect((await dev.request("PUT", "/api/me/mail-preferences", {})).status).toBe(400);
    expect((await server.client().request("GET", "/api/me/mail-preferences")).status).toBe(401);

    // A client is never told of tasks (only staff are assigned one), so is not offered their e-mails.
    const clientKinds = (await client.request("GET", "/api/me/mail-preferences")).json.items.map(
      (item: { kind: string }) => item.kind,
    );
    expect(clientKinds).toContain("invoice_issued");
    expect(clientKinds).not.toContain("task_assigned");
    expect(clientKinds).not.toContain("task_status");
    expect((await client.request("PUT", "/api/me/mail-preferences", { task_status: true })).status).toBe(400);
  });

  it("the one-click link turns that kind off without sign-in; a bad token is a 400", async () => {
    const clientId = (await client.request("GET", "/api/me")).json.id as string;
    const token = unsubscribeToken(server.config.authSecret, clientId, "invoice_issued");
    const anonymous = server.client();
    // As a mail client does it (RFC 8058): a form POST, no Origin.
    const done = await anonymous.request(
      "POST",
      `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      "List-Unsubscribe=One-Click",
      {
        origin: null,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    );
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ kind: "invoice_issued", label: "Invoices issued" });
    const prefs = await client.request("GET", "/api/me/mail-preferences");
    expect(prefs.json.items.find((item: { kind: string }) => item.kind === "invoice_issued").enabled).toBe(false);
    // As RFC 8058 §3.1 says a mail client should send it: multipart/form-data.
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await fetch(
      new URL(
        `/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(server.config.authSecret, clientId, "message"))}`,
        server.url,
      ),
      { method: "POST", body: form },
    );
    expect(multipart.status).toBe(200);
    expect(((await multipart.json()) as { kind: string }).kind).toBe("message");
    await client.request("PUT", "/api/me/mail-preferences", { message: true });

    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    const bad = await anonymous.request("POST", `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/not valid/);
    expect((await anonymous.request("POST", "/api/mail/unsubscribe?token=nonsense")).status).toBe(400);
    // No side effect on GET: the link's API address is POST only.
    expect((await anonymous.request("GET", `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(
      404,
    );
    await client.request("PUT", "/api/me/mail-preferences", { invoice_issued: true });
  });
});

describe("the delivery queue", () => {
  it("two workers on one database never deliver a row twice", async () => {
    const tag = randomUUID().slice(0, 8);
    const count = 30;
    for (let i = 0; i < count; i++)
      await enqueueMail(server.db, { to: `queue-${tag}@example.test`, subject: `Queued ${tag} ${i}`, text: "x" });
    // A second process on PostgreSQL; on the embedded database a second worker on the same connection.
    const other =
      dbKind === "postgres" ? await startTestServer({ mailPollMs: 3_600_000 }, { sharing: server }) : undefined;
    const second = other?.app.mailer ?? createMailer(server.config, server.db, () => {});
    try {
      await Promise.all([pass(new Date()), second.runOnce(new Date()), pass(new Date()), second.runOnce(new Date())]);
    } finally {
      await other?.close();
    }
    const delivered = await server.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Queued ${tag} %`));
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered.map((mail) => mail.subject)).size).toBe(count);
  });

  it("the outbox's console line has the mail's link outside production only (a secret in a production log)", async () => {
    const tag = randomUUID().slice(0, 8);
    const link = `https://example.test/reset?token=secret-${tag}`;
    const lines: Record<string, string[]> = { development: [], production: [] };
    for (const env of ["development", "production"] as const) {
      // Due before anything else queued, so the pass (a batch, oldest first) takes it.
      await enqueueMail(
        server.db,
        { to: `log-${tag}@example.test`, subject: `Reset ${tag}`, text: "x", link },
        { sendAfter: new Date("2000-01-01T00:00:00Z") },
      );
      const mailer = createMailer({ ...server.config, env, smtpUrl: undefined }, server.db, (line) =>
        lines[env]?.push(line),
      );
      await mailer.runOnce(new Date());
    }
    expect(lines.development?.find((line) => line.includes(`Reset ${tag}`))).toContain(link);
    const production = lines.production?.find((line) => line.includes(`Reset ${tag}`));
    expect(production).toContain(`mail to log-${tag}@example.test: Reset ${tag}`);
    expect(production).not.toContain("secret");
  });

  it("keeps sent mail 30 days, then deletes it; failed mail is kept", async () => {
    const tag = randomUUID().slice(0, 8);
    const day = 24 * 60 * MINUTE;
    const old = new Date(Date.now() - 40 * day);
    await server.db.insert(mailQueue).values([
      { to: "x@example.test", subject: `Old sent ${tag}`, text: "x", sentAt: old },
      { to: "x@example.test", subject: `Recent sent ${tag}`, text: "x", sentAt: new Date(Date.now() - day) },
      { to: "x@example.test", subject: `Old failed ${tag}`, text: "x", failedAt: old, attempts: 8 },
    ]);
    // Pruning runs at most hourly per process: a pass two hours on.
    await pass(later(120 * MINUTE));
    const left = await server.db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.subject, `% ${tag}`));
    expect(left.map((row) => row.subject).sort()).toEqual([`Old failed ${tag}`, `Recent sent ${tag}`]);
  });

  it("a reset link's answer does not wait for the SMTP server, so its time says nothing of the account", async () => {
    const received: string[] = [];
    const held: (() => void)[] = [];
    // Accepted only when the test lets it: a slow SMTP server.
    await withSmtp(
      (data, accept) =>
        held.push(() => {
          received.push(data);
          accept();
        }),
      async (smtpServer) => {
        const asked = await smtpServer.client().request("POST", "/api/auth/request-password-reset", { email: CLIENT });
        expect(asked.status).toBe(200);
        // Answered while the mail is still with the SMTP server, which then takes it.
        await expect.poll(() => held.length).toBe(1);
        expect(received).toHaveLength(0);
        for (const release of held) release();
        await expect.poll(() => received.length).toBe(1);
        expect(received[0]).toContain("Subject: Reset your Lagos Studio password");
      },
    );
  });

  it("an enquiry's answer does not wait for the SMTP server: its mail, queued with it, goes after", async () => {
    const received: string[] = [];
    const held: (() => void)[] = [];
    await withSmtp(
      (data, accept) =>
        held.push(() => {
          received.push(data);
          accept();
        }),
      async (smtpServer) => {
        const tag = randomUUID().slice(0, 8);
        const sent = await smtpServer.client().request("POST", "/api/enquiries", {
          firstName: "Bisi",
          lastName: tag,
          email: "bisi@example.test",
          message: "We would like a new website for our shop.",
        });
        expect(sent.status).toBe(201);
        // Answered while the mail is still with the SMTP server; queued in the enquiry's transaction.
        await expect.poll(() => held.length).toBe(1);
        expect(received).toHaveLength(0);
        const [queued] = await smtpServer.db
          .select()
          .from(mailQueue)
          .where(like(mailQueue.subject, `New enquiry from Bisi ${tag}`));
        expect(queued?.sentAt).toBeNull();
        for (const release of held) release();
        await expect.poll(() => received.length).toBe(1);
        expect(received[0]).toContain(`Subject: New enquiry from Bisi ${tag}`);
      },
    );
  });

  it("SMTP refusing the first attempt: retried by the worker, delivered exactly once", async () => {
    const received: string[] = [];
    let attempts = 0;
    await withSmtp(
      (data, accept) => {
        attempts += 1;
        if (attempts === 1) {
          accept(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        received.push(data);
        accept();
      },
      async (smtpServer) => {
        const tag = randomUUID().slice(0, 8);
        // The auth/invitation path: send() queues and tries at once; the refusal leaves it queued, not lost.
        await smtpServer.app.mailer.send({ to: "someone@example.test", subject: `Retry ${tag}`, text: "Hello" });
        const [queued] = await smtpServer.db
          .select()
          .from(mailQueue)
          .where(like(mailQueue.subject, `Retry ${tag}`));
        expect(queued).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
        expect(queued?.lastError).toMatch(/Try again later/);
        expect(received).toHaveLength(0);

        // Not before its backoff; then once, and never again.
        await smtpServer.app.mailer.runOnce(new Date());
        expect(received).toHaveLength(0);
        await smtpServer.app.mailer.runOnce(later(10 * MINUTE));
        await smtpServer.app.mailer.runOnce(later(20 * MINUTE));
        expect(received).toHaveLength(1);
        expect(received[0]).toContain(`Subject: Retry ${tag}`);
        const [sent] = await smtpServer.db
          .select()
          .from(mailQueue)
          .where(eq(mailQueue.id, queued?.id ?? ""));
        expect(sent?.sentAt).not.toBeNull();
        expect(sent?.attempts).toBe(2);
      },
    );
  });
});
