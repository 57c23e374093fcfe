import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStoreConfig } from "../../server/config";
import { auditLog, projectDevelopers, projectFileDeletions, projectFiles } from "../../server/db/schema";
import { ACTOR_EMAILS, ACTORS, type ActorName } from "./actors";
import { createProject } from "./project-factory";
import { type Client, sleep, startTestServer, type TestServer } from "./server";

/**
 * Project files (issue #8, item 6) across the six actors: client A owns the
 * project, the assigned developer works on it; client B, an unassigned
 * developer and anonymous may not reach its files (404, or 401 signed out).
 * Bytes go in and come back identical, streamed through the file store. The
 * same behaviour is run against each store (project-files.test.ts: the
 * database's chunks; project-files-s3.test.ts: an S3-compatible server),
 * looking into the store through `content`.
 */
export const MAX_BYTES = 1024 * 1024;

/** What a store holds, seen from the test. */
export type ContentProbe = {
  /** Whether the store holds content for this file. */
  has(fileId: string): Promise<boolean>;
  /** Content the store holds for no complete file (parts of an unfinished upload included). */
  strays(): Promise<number>;
};

export type FilesSuite = {
  server: TestServer;
  as: Record<ActorName, Client>;
  anonymous: Client;
  projectId: string;
  send: typeof send;
  upload: typeof upload;
  fileRows: typeof fileRows;
};

let server: TestServer;
const as = {} as Record<ActorName, Client>;
let anonymous: Client;
let projectId: string;

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** A PDF by its signature, with `size` bytes in all (random after the header, so nothing compresses or repeats). */
export const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies.
type Sent = { status: number; json: any; headers: Headers; bytes: Buffer };

/** A raw request with the client's cookies and our Origin, as the SPA's upload sends it. */
async function send(
  from: Client,
  method: string,
  path: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const cookie = from.cookieHeader();
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(method !== "GET" && { origin: server.url }),
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream && { duplex: "half" }),
  } as RequestInit);
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    json = undefined;
  }
  return { status: response.status, json, headers: response.headers, bytes };
}

const upload = (from: Client, name: string, bytes: Buffer, id = projectId) =>
  send(from, "POST", `/api/projects/${id}/files`, new Uint8Array(bytes), {
    "content-type": "application/octet-stream",
    "x-file-name": encodeURIComponent(name),
  });

const fileRows = (id = projectId) => server.db.select().from(projectFiles).where(eq(projectFiles.projectId, id));

/**
 * The suite against the store `fileStore()` gives (called in beforeAll, once
 * the store's server is up), seen through `content()`. Returns the suite's
 * server, clients and helpers for a file's own further tests, filled in once
 * beforeAll has run.
 */
export function projectFilesSuite(options: {
  fileStore: () => FileStoreConfig;
  content: (server: TestServer) => ContentProbe;
}): FilesSuite {
  const suite = {} as FilesSuite;
  let content: ContentProbe;

  beforeAll(async () => {
    server = await startTestServer({ fileMaxBytes: MAX_BYTES, fileStore: options.fileStore() });
    content = options.content(server);
    const clients = await Promise.all(ACTORS.map((name) => server.signIn(ACTOR_EMAILS[name])));
    ACTORS.forEach((name, index) => {
      as[name] = clients[index] as Client;
    });
    anonymous = server.client();
    projectId = await createProject(server.db, {
      clientEmail: ACTOR_EMAILS.clientA,
      developerEmails: [ACTOR_EMAILS.devIn],
    });
    Object.assign(suite, { server, as, anonymous, projectId, send, upload, fileRows });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe("upload by the client, download by the administrator", () => {
    const name = "Brief – Ẹ̀kọ́ “final” 2026.pdf";
    const bytes = pdf(600 * 1024); // three chunks
    let fileId: string;

    it("stores the upload and answers with its row", async () => {
      const response = await upload(as.clientA, name, bytes);
      expect(response.status).toBe(201);
      expect(response.json).toMatchObject({
        projectId,
        name,
        contentType: "application/pdf",
        size: bytes.length,
        uploaderName: expect.any(String),
      });
      fileId = response.json.id;
      expect(await content.has(fileId)).toBe(true);
    });

    it("the administrator downloads identical bytes, as an attachment with the stored type and nosniff", async () => {
      const response = await send(as.admin, "GET", `/api/files/${fileId}`);
      expect(response.status).toBe(200);
      expect(sha256(response.bytes)).toBe(sha256(bytes));
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      const disposition = response.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^attachment; /);
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      expect(encoded && decodeURIComponent(encoded)).toBe(name);
    });

    it("reaches exactly the people on the project: list and download", async () => {
      const expected: Record<ActorName, number> = { clientA: 200, clientB: 404, devIn: 200, devOut: 404, admin: 200 };
      for (const actor of ACTORS) {
        const list = await send(as[actor], "GET", `/api/projects/${projectId}/files`);
        expect(list.status, `${actor} lists`).toBe(expected[actor]);
        if (list.status === 200) expect(list.json.items.map((item: { id: string }) => item.id)).toContain(fileId);
        const download = await send(as[actor], "GET", `/api/files/${fileId}`);
        expect(download.status, `${actor} downloads`).toBe(expected[actor]);
        if (download.status === 404) expect(download.bytes.includes(bytes.subarray(9, 40))).toBe(false);
      }
      expect((await send(anonymous, "GET", `/api/projects/${projectId}/files`)).status).toBe(401);
      expect((await send(anonymous, "GET", `/api/files/${fileId}`)).status).toBe(401);
    });

    it("only people on the project upload to it", async () => {
      const before = (await fileRows()).length;
      expect((await upload(as.clientB, "x.pdf", pdf(100))).status).toBe(404);
      expect((await upload(as.devOut, "x.pdf", pdf(100))).status).toBe(404);
      expect((await upload(anonymous, "x.pdf", pdf(100))).status).toBe(401);
      expect((await upload(as.devIn, "notes.pdf", pdf(100))).status).toBe(201);
      expect((await fileRows()).length).toBe(before + 1);
    });
  });

  describe("what may be uploaded", () => {
    it("a file over FILE_MAX_BYTES is refused with 413 and nothing is kept", async () => {
      const before = (await fileRows()).length;
      const response = await upload(as.clientA, "big.pdf", pdf(MAX_BYTES + 1));
      expect(response.status).toBe(413);
      expect(response.json.error.message).toBe("This file is too large. Files can be at most 1 MB.");
      expect((await fileRows()).length).toBe(before);
    });

    it("a body without a length is counted as it streams and refused past the limit, nothing of it kept", async () => {
      const before = (await fileRows()).length;
      const parts = [Buffer.from("%PDF-1.7\n"), ...Array.from({ length: 5 }, () => randomBytes(256 * 1024))];
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      const response = await send(as.clientA, "POST", `/api/projects/${projectId}/files`, stream, {
        "content-type": "application/octet-stream",
        "x-file-name": "streamed.pdf",
      }).catch((error: Error) => ({ status: 0, error }));
      // The server answers 413 before reading the rest; a client may see the connection close instead.
      if (response.status !== 0) expect(response.status).toBe(413);
      expect((await fileRows()).length).toBe(before);
      expect(await content.strays()).toBe(0);
    });

    it("someone taken off the project while their file arrives is refused as it completes, nothing of it kept", async () => {
      const elsewhere = await createProject(server.db, {
        clientEmail: ACTOR_EMAILS.clientA,
        developerEmails: [ACTOR_EMAILS.devIn],
      });
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let started = false;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!started) {
            started = true;
            controller.enqueue(Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(300 * 1024)]));
            return;
          }
          await finished;
          controller.close();
        },
      });
      const sending = send(as.devIn, "POST", `/api/projects/${elsewhere}/files`, stream, {
        "content-type": "application/octet-stream",
        "x-file-name": "late.pdf",
      });
      // Its row is reserved once the server began to read the body.
      const until = Date.now() + 5_000;
      while ((await fileRows(elsewhere)).length === 0 && Date.now() < until) await sleep(20);
      expect(await fileRows(elsewhere)).toHaveLength(1);
      await server.db.delete(projectDevelopers).where(eq(projectDevelopers.projectId, elsewhere));
      finish();
      expect((await sending).status).toBe(404);
      expect(await fileRows(elsewhere)).toEqual([]);
      expect(await content.strays()).toBe(0);
    });

    it("a Windows program renamed report.pdf is refused with 415: the content decides, not the name", async () => {
      const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), randomBytes(2000)]);
      const response = await upload(as.clientA, "report.pdf", exe);
      expect(response.status).toBe(415);
      expect(response.json.error.message).toMatch(/^This type of file cannot be uploaded\. Upload a PDF/);
      expect((await fileRows()).filter((row) => row.name === "report.pdf")).toEqual([]);
    });

    it("recognises images, Office documents and text by their content", async () => {
      const cases: [string, Buffer, string][] = [
        ["photo.png", Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(50)]), "image/png"],
        ["photo.jpg", Buffer.concat([Buffer.from("ffd8ffe0", "hex"), randomBytes(50)]), "image/jpeg"],
        ["anim.gif", Buffer.concat([Buffer.from("GIF89a"), randomBytes(50)]), "image/gif"],
        [
          "pic.webp",
          Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), randomBytes(50)]),
          "image/webp",
        ],
        [
          "plan.docx",
          Buffer.from("PK\x03\x04\x14\x00\x06\x00[Content_Types].xml....PK\x03\x04word/document.xml", "latin1"),
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ],
        [
          "sums.xlsx",
          Buffer.from("PK\x03\x04\x14\x00\x06\x00[Content_Types].xml....PK\x03\x04xl/workbook.xml", "latin1"),
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ],
        ["notes.txt", Buffer.from("Meeting notes\nÀjọ ọ̀sẹ̀\n"), "text/plain; charset=utf-8"],
        ["sales.csv", Buffer.from("month,amount\nJan,1500\n"), "text/csv; charset=utf-8"],
      ];
      for (const [name, bytes, type] of cases) {
        const response = await upload(as.clientA, name, bytes);
        expect(response.status, name).toBe(201);
        expect(response.json.contentType, name).toBe(type);
      }
    });

    it("a name ends as its content is: text named run.bat is stored and downloaded as run.bat.txt", async () => {
      const cases: [string, Buffer, string][] = [
        ["run.bat", Buffer.from("del /q C:\\*\r\n"), "run.bat.txt"],
        ["page.hta", Buffer.from("<script>alert(1)</script>"), "page.hta.txt"],
        ["README", Buffer.from("Read me"), "README.txt"],
        ["notes.MD", Buffer.from("# Notes"), "notes.MD"],
        ["invoice.exe", pdf(100), "invoice.exe.pdf"],
        ["Scan.JPEG", Buffer.concat([Buffer.from("ffd8ffe0", "hex"), randomBytes(50)]), "Scan.JPEG"],
        [
          "plan.doc",
          Buffer.from("PK\x03\x04\x14\x00\x06\x00[Content_Types].xml....PK\x03\x04word/document.xml", "latin1"),
          "plan.doc.docx",
        ],
        // As long as a name may be: the ending takes the place of the name's last characters (a 500 before).
        [`${"a".repeat(251)}.bat`, Buffer.from("echo"), `${"a".repeat(251)}.txt`],
        // And not half of a character: the cut that falls between an emoji's halves drops the whole emoji.
        [`${"a".repeat(250)}😀😀.`, pdf(100), `${"a".repeat(250)}.pdf`],
      ];
      for (const [name, bytes, stored] of cases) {
        const response = await upload(as.clientA, name, bytes);
        expect(response.status, name).toBe(201);
        expect(response.json.name, name).toBe(stored);
        const download = await send(as.admin, "GET", `/api/files/${response.json.id}`);
        expect(download.headers.get("content-disposition"), name).toContain(encodeURIComponent(stored));
      }
    });

    it("refuses a name with a tab, a line break or a mark that reverses how it reads", async () => {
      for (const name of ["\u202etxt.exe", "a\tb.txt", "a\nb.txt", "x\u2067y.txt"]) {
        const response = await upload(as.clientA, name, Buffer.from("hello"));
        expect(response.status, JSON.stringify(name)).toBe(400);
        expect(response.json.error.message).toBe("The file name has a control character.");
      }
    });

    it("refuses a ZIP that is no Office document, binary bytes named .txt, an empty file, and a missing name", async () => {
      const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), randomBytes(100)]);
      expect((await upload(as.clientA, "archive.docx", zip)).status).toBe(415);
      expect((await upload(as.clientA, "notes.txt", Buffer.from([0x41, 0x00, 0x42]))).status).toBe(415);
      const empty = await upload(as.clientA, "empty.pdf", Buffer.alloc(0));
      expect(empty.status).toBe(400);
      expect(empty.json.error.message).toBe("This file is empty.");
      const unnamed = await send(as.clientA, "POST", `/api/projects/${projectId}/files`, pdf(100), {
        "content-type": "application/octet-stream",
      });
      expect(unnamed.status).toBe(400);
    });
  });

  describe("deleting", () => {
    it("the uploader or an administrator deletes; others on the project get 403, others 404", async () => {
      const byClient = (await upload(as.clientA, "client-file.pdf", pdf(300 * 1024))).json.id as string;
      const byDeveloper = (await upload(as.devIn, "dev-file.pdf", pdf(100))).json.id as string;

      expect((await send(as.clientB, "DELETE", `/api/files/${byClient}`)).status).toBe(404);
      expect((await send(as.devOut, "DELETE", `/api/files/${byClient}`)).status).toBe(404);
      expect((await send(anonymous, "DELETE", `/api/files/${byClient}`)).status).toBe(401);
      const refused = await send(as.devIn, "DELETE", `/api/files/${byClient}`);
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toBe("Only the person who uploaded a file or an administrator may delete it.");
      expect((await send(as.clientA, "DELETE", `/api/files/${byDeveloper}`)).status).toBe(403);

      expect((await send(as.clientA, "DELETE", `/api/files/${byClient}`)).status).toBe(204);
      expect((await send(as.clientA, "GET", `/api/files/${byClient}`)).status).toBe(404);
      // The content is gone with the row, and so is the note that it was to be deleted.
      expect(await content.has(byClient)).toBe(false);
      expect(
        await server.db.select().from(projectFileDeletions).where(eq(projectFileDeletions.fileId, byClient)),
      ).toEqual([]);
      // A client's own deletion is not an administrator change.
      expect(await server.db.select().from(auditLog).where(eq(auditLog.entityId, byClient))).toEqual([]);

      expect((await send(as.admin, "DELETE", `/api/files/${byDeveloper}`)).status).toBe(204);
      const [audit] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, byDeveloper), eq(auditLog.action, "file.delete")));
      expect(audit?.details).toMatchObject({ before: { name: "dev-file.pdf", projectId }, after: null });
      expect((await send(as.admin, "DELETE", `/api/files/${byDeveloper}`)).status).toBe(404);
    });

    it("an administrator deleting a project takes its files, attached ones too, out of the store", async () => {
      const doomed = await createProject(server.db, {
        clientEmail: ACTOR_EMAILS.clientA,
        developerEmails: [ACTOR_EMAILS.devIn],
      });
      const attached = (await upload(as.clientA, "brief.pdf", pdf(300 * 1024), doomed)).json.id as string;
      const loose = (await upload(as.devIn, "notes.pdf", pdf(100), doomed)).json.id as string;
      const message = await as.clientA.request("POST", `/api/projects/${doomed}/messages`, {
        message: "The brief",
        fileIds: [attached],
      });
      expect(message.status).toBe(201);
      expect(await content.has(attached)).toBe(true);

      expect((await send(as.admin, "DELETE", `/api/admin/projects/${doomed}`)).status).toBe(204);
      expect(await fileRows(doomed)).toEqual([]);
      for (const fileId of [attached, loose]) {
        expect(await content.has(fileId), fileId).toBe(false);
        expect(
          await server.db.select().from(projectFileDeletions).where(eq(projectFileDeletions.fileId, fileId)),
        ).toEqual([]);
      }
    });
  });

  describe("the list", () => {
    it("is newest first and paged by cursor", async () => {
      const other = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
      const ids: string[] = [];
      for (const name of ["one.txt", "two.txt", "three.txt"]) {
        ids.push((await upload(as.clientA, name, Buffer.from(`${name}\n`), other)).json.id);
      }
      const first = await send(as.clientA, "GET", `/api/projects/${other}/files?limit=2`);
      expect(first.json.items.map((item: { name: string }) => item.name)).toEqual(["three.txt", "two.txt"]);
      expect(first.json.next).toEqual(expect.any(String));
      const second = await send(as.clientA, "GET", `/api/projects/${other}/files?limit=2&cursor=${first.json.next}`);
      expect(second.json).toMatchObject({ items: [{ name: "one.txt", size: 8 }], next: null });
    });
  });

  return suite;
}
