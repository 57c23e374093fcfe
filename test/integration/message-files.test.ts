import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATTACH_NOT_FOUND,
  ATTACH_NOT_YOURS,
  ATTACH_TAKEN,
  MESSAGE_EMPTY,
  MESSAGE_TOO_MANY_FILES,
} from "../../common/schemas";
import { listMessages } from "../../server/data/projects";
import type { Db } from "../../server/db";
import * as schema from "../../server/db/schema";
import { messageFiles, notifications, projectMessages } from "../../server/db/schema";
import { ACTOR_EMAILS, ACTORS, type ActorName } from "../support/actors";
import { createProject } from "../support/project-factory";
import { type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * A message can attach files (issue #8, item 6): files of the same project,
 * uploaded by the author (any, for an administrator), each on one message at
 * most; refused with a 400 that says why, writing nothing. The thread's page
 * carries each message's files; a deleted file leaves its message, shown removed.
 */
/** What the server decides plain text is (on its content). */
const FILE_TYPE = "text/plain; charset=utf-8";

let server: TestServer;
const as = {} as Record<ActorName, Client>;
let projectId: string;
/** Another project of client A's: its files are not this project's. */
let otherProjectId: string;

async function upload(from: Client, name: string, text = `Notes for ${name}\n`, id = projectId) {
  const response = await from.request("POST", `/api/projects/${id}/files`, text, {
    headers: { "content-type": "text/plain", "x-file-name": encodeURIComponent(name) },
  });
  expect(response.status).toBe(201);
  return response.json as { id: string; name: string; size: number; contentType: string };
}

const post = (from: Client, body: unknown, id = projectId) =>
  from.request("POST", `/api/projects/${id}/messages`, body);

const messageCount = async () =>
  (await server.db.select().from(projectMessages).where(eq(projectMessages.projectId, projectId))).length;

beforeAll(async () => {
  server = await startTestServer();
  const clients = await Promise.all(ACTORS.map((name) => server.signIn(ACTOR_EMAILS[name])));
  ACTORS.forEach((name, index) => {
    as[name] = clients[index] as Client;
  });
  projectId = await createProject(server.db, {
    clientEmail: ACTOR_EMAILS.clientA,
    developerEmails: [ACTOR_EMAILS.devIn],
  });
  otherProjectId = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
});
afterAll(async () => {
  await server?.close();
});

describe("attaching", () => {
  it("attaches the author's own files, in the order named, with text or alone", async () => {
    const brief = await upload(as.clientA, "brief.txt");
    const notes = await upload(as.clientA, "notes.txt", "Longer notes, line one\nline two\n");
    const response = await post(as.clientA, { message: "See attached", fileIds: [notes.id, brief.id] });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ message: "See attached" });
    expect(response.json.files).toEqual([
      { id: notes.id, name: "notes.txt", size: notes.size, contentType: FILE_TYPE },
      { id: brief.id, name: "brief.txt", size: brief.size, contentType: FILE_TYPE },
    ]);
    const rows = await server.db.select().from(messageFiles).where(eq(messageFiles.messageId, response.json.id));
    expect(rows.sort((a, b) => a.position - b.position).map((row) => row.fileId)).toEqual([notes.id, brief.id]);

    const alone = await upload(as.devIn, "alone.txt");
    const filesOnly = await post(as.devIn, { fileIds: [alone.id] });
    expect(filesOnly.status).toBe(201);
    expect(filesOnly.json).toMatchObject({ message: "", files: [{ id: alone.id, name: "alone.txt" }] });
  });

  it("text of only invisible characters is no text: stored empty with files, refused without", async () => {
    const file = await upload(as.clientA, "invisible.txt");
    const withFile = await post(as.clientA, { message: "\u200b \ufeff", fileIds: [file.id] });
    expect(withFile.status).toBe(201);
    expect(withFile.json.message).toBe("");
    const without = await post(as.clientA, { message: "\u200b \ufeff", fileIds: [] });
    expect(without.status).toBe(400);
    expect(without.json.error.message).toBe(MESSAGE_EMPTY);
    expect((await post(as.clientA, {})).json.error.message).toBe(MESSAGE_EMPTY);
  });

  it("the notification of a message of only files names them", async () => {
    const file = await upload(as.clientA, "for-the-bell.txt");
    expect((await post(as.clientA, { fileIds: [file.id] })).status).toBe(201);
    const [note] = await server.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(server.db, ACTOR_EMAILS.devIn)))
      .orderBy(notifications.createdAt);
    expect(note?.body).toContain("for-the-bell.txt");
  });

  it("an administrator attaches a file someone else on the project uploaded", async () => {
    const file = await upload(as.devIn, "from-tunde.txt");
    const response = await post(as.admin, { message: "Forwarding Tunde's notes", fileIds: [file.id] });
    expect(response.status).toBe(201);
    expect(response.json.files).toMatchObject([{ id: file.id }]);
  });

  it.each([
    ["another person's file", async () => [(await upload(as.devIn, "not-yours.txt")).id], ATTACH_NOT_YOURS],
    [
      "a file of another project",
      async () => [(await upload(as.clientA, "elsewhere.txt", "Elsewhere\n", otherProjectId)).id],
      ATTACH_NOT_FOUND,
    ],
    ["an unknown id", async () => [randomUUID()], ATTACH_NOT_FOUND],
    [
      "one good file and one unknown",
      async () => [(await upload(as.clientA, "good.txt")).id, randomUUID()],
      ATTACH_NOT_FOUND,
    ],
    ["eleven files", async () => Array.from({ length: 11 }, () => randomUUID()), MESSAGE_TOO_MANY_FILES],
    [
      "the same file twice",
      async () => {
        const { id } = await upload(as.clientA, "twice.txt");
        return [id, id];
      },
      "The same file is attached twice.",
    ],
  ])("refuses %s with a 400 that says why, writing nothing", async (_label, fileIds, reason) => {
    const ids = await fileIds();
    const before = await messageCount();
    const response = await post(as.clientA, { message: "With files", fileIds: ids });
    expect(response.status).toBe(400);
    expect(response.json.error.message).toBe(reason);
    expect(await messageCount()).toBe(before);
  });

  it("refuses a file already attached to another message", async () => {
    const file = await upload(as.clientA, "once.txt");
    expect((await post(as.clientA, { message: "First", fileIds: [file.id] })).status).toBe(201);
    const before = await messageCount();
    const again = await post(as.clientA, { message: "Second", fileIds: [file.id] });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(ATTACH_TAKEN);
    expect(await messageCount()).toBe(before);
  });

  it("two messages naming the same file at once: one takes it, the other is told (locked, not a 500)", async () => {
    const file = await upload(as.clientA, "contested.txt");
    const answers = await Promise.all([
      post(as.clientA, { message: "Mine", fileIds: [file.id] }),
      post(as.admin, { message: "No, mine", fileIds: [file.id] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.json.error.message).toBe(ATTACH_TAKEN);
  });

  it("a file deleted while its message is being sent: the message waits and is refused, or the file waits", async () => {
    const file = await upload(as.clientA, "deleted-meanwhile.txt");
    const [sent, deleted] = await Promise.all([
      post(as.clientA, { message: "Racing the delete", fileIds: [file.id] }),
      as.clientA.request("DELETE", `/api/files/${file.id}`),
    ]);
    expect(deleted.status).toBe(204);
    // Either order is consistent: refused as not found, or sent and then shown removed.
    if (sent.status === 400) expect(sent.json.error.message).toBe(ATTACH_NOT_FOUND);
    else {
      expect(sent.status).toBe(201);
      const [row] = await server.db.select().from(messageFiles).where(eq(messageFiles.messageId, sent.json.id));
      expect(row).toMatchObject({ fileId: null, name: "deleted-meanwhile.txt" });
    }
  });

  it("refuses malformed ids with a 400, and outsiders with a 404", async () => {
    expect((await post(as.clientA, { message: "x", fileIds: ["not-a-uuid"] })).status).toBe(400);
    const file = await upload(as.clientA, "outsiders.txt");
    for (const outsider of [as.clientB, as.devOut])
      expect((await post(outsider, { message: "x", fileIds: [file.id] })).status).toBe(404);
  });
});

describe("the thread", () => {
  it("reads a page with its files in one query, however many of its messages have files", async () => {
    for (const name of ["one.txt", "two.txt", "three.txt"]) {
      const file = await upload(as.clientA, name);
      expect((await post(as.clientA, { message: `With ${name}`, fileIds: [file.id] })).status).toBe(201);
    }
    // The same database, through a drizzle that writes down each statement it sends.
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => statements.push(query) };
    const client = (server.db as unknown as { $client: never }).$client;
    const logged = (dbKind === "pglite"
      ? drizzlePglite(client, { schema, logger })
      : drizzleNodePg(client, { schema, logger })) as unknown as Db;
    const page = await listMessages(logged, projectId, { limit: 50 });
    expect(page.filter((message) => message.files.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "message_files"/);
  });

  let messageId: string;
  let fileId: string;

  it("a page carries each message's files; only people on the project download them", async () => {
    const file = await upload(as.clientA, "thread.txt", "Thread file bytes\n");
    fileId = file.id;
    const sent = await post(as.clientA, { message: "On the thread", fileIds: [file.id] });
    messageId = sent.json.id;
    const page = await as.admin.request("GET", `/api/projects/${projectId}/messages?limit=50`);
    expect(page.status).toBe(200);
    const shown = page.json.items.find((item: { id: string }) => item.id === messageId);
    expect(shown.files).toEqual([{ id: file.id, name: "thread.txt", size: file.size, contentType: FILE_TYPE }]);
    // Messages without files carry an empty list.
    expect(page.json.items.every((item: { files: unknown[] }) => Array.isArray(item.files))).toBe(true);

    const download = await as.admin.request("GET", `/api/files/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toBe("Thread file bytes\n");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; /);
    for (const outsider of [as.clientB, as.devOut]) {
      expect((await outsider.request("GET", `/api/files/${file.id}`)).status).toBe(404);
      expect((await outsider.request("GET", `/api/projects/${projectId}/messages`)).status).toBe(404);
    }
  });

  it("deleting an attached file keeps the message and shows the file as removed", async () => {
    expect((await as.clientA.request("DELETE", `/api/files/${fileId}`)).status).toBe(204);
    const page = await as.clientA.request("GET", `/api/projects/${projectId}/messages?limit=50`);
    const shown = page.json.items.find((item: { id: string }) => item.id === messageId);
    expect(shown).toMatchObject({ message: "On the thread" });
    expect(shown.files).toEqual([{ id: null, name: "thread.txt", size: null, contentType: null }]);
    expect((await as.clientA.request("GET", `/api/files/${fileId}`)).status).toBe(404);
  });

  it("each message keeps its count of files, whatever writes them, and a page shows the files of those it counts", async () => {
    const fileCount = async (id: string) =>
      (
        await server.db
          .select({ fileCount: projectMessages.fileCount })
          .from(projectMessages)
          .where(eq(projectMessages.id, id))
      )[0]?.fileCount;
    const shownFiles = async (id: string) => {
      const page = await as.clientA.request("GET", `/api/projects/${projectId}/messages?limit=50`);
      return page.json.items.find((item: { id: string }) => item.id === id)?.files;
    };
    // Through the API: none, then two.
    const plain = await post(as.clientA, { message: "No files" });
    expect(await fileCount(plain.json.id)).toBe(0);
    const first = await upload(as.clientA, "first.txt");
    const second = await upload(as.clientA, "second.txt");
    const two = await post(as.clientA, { message: "Two files", fileIds: [first.id, second.id] });
    expect(await fileCount(two.json.id)).toBe(2);
    // A file deleted since keeps its place: still counted, shown as removed.
    expect((await as.clientA.request("DELETE", `/api/files/${second.id}`)).status).toBe(204);
    expect(await fileCount(two.json.id)).toBe(2);
    expect(await shownFiles(two.json.id)).toEqual([
      { id: first.id, name: "first.txt", size: first.size, contentType: FILE_TYPE },
      { id: null, name: "second.txt", size: null, contentType: null },
    ]);
    // Written by plain SQL, as a seed or a repair would: counted all the same, and shown.
    await server.db.insert(messageFiles).values({ messageId: plain.json.id, fileId: null, position: 0, name: "x.txt" });
    expect(await fileCount(plain.json.id)).toBe(1);
    expect(await shownFiles(plain.json.id)).toEqual([{ id: null, name: "x.txt", size: null, contentType: null }]);
    await server.db.delete(messageFiles).where(eq(messageFiles.messageId, plain.json.id));
    expect(await fileCount(plain.json.id)).toBe(0);
    expect(await shownFiles(plain.json.id)).toEqual([]);
  });
});
