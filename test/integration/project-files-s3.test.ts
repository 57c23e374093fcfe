import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectFileDeletions, projectFiles, projects } from "../../server/db/schema";
import { S3Client } from "../../server/files/s3";
import { purgeDeletedContent } from "../../server/files/store";
import { ACTOR_EMAILS } from "../support/actors";
import { createProject } from "../support/project-factory";
import { MAX_BYTES, pdf, projectFilesSuite, sha256 } from "../support/project-files-suite";
import { S3_PART_MINIMUM, startTestS3, type TestS3 } from "../support/s3";
import { startTestServer } from "../support/server";

/**
 * Project files kept in an S3-compatible store (FILE_STORE=s3), against a
 * local S3 server that checks every request's signature
 * (test/support/s3.ts): the shared behaviour
 * (test/support/project-files-suite.ts), then what only this store does:
 * multipart uploads of 5 MiB parts, aborted on any failure so no object or
 * part is left; objects deleted after the commit, or by the sweep when the
 * store could not be reached, including those of abandoned uploads and of
 * projects deleted with their files.
 */
const MiB = 1024 * 1024;
const quiet = { warn() {} };

// Started before the suite's server (hooks run in the order they are registered, and closed after it).
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const key = (fileId: string) => `project-files/${fileId}`;

const suite = projectFilesSuite({
  fileStore: () => ({ kind: "s3", ...s3.settings }),
  content: (server) => ({
    has: async (fileId) => (await s3.objectKeys()).includes(key(fileId)),
    async strays() {
      const complete = await server.db
        .select({ id: projectFiles.id })
        .from(projectFiles)
        .where(eq(projectFiles.complete, true));
      const known = new Set(complete.map((row) => key(row.id)));
      const objects = (await s3.objectKeys()).filter((name) => !known.has(name));
      return objects.length + (await s3.pendingUploads()).length;
    },
  }),
});

/** A PDF of `size` bytes sent as a stream without a length, which `fail` may break off after `failAfter` bytes. */
function pdfStream(size: number, failAfter?: number) {
  const bytes = pdf(size);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && sent >= failAfter) return controller.error(new Error("the client went away"));
      if (sent >= size) return controller.close();
      const piece = bytes.subarray(sent, sent + 256 * 1024);
      sent += piece.length;
      controller.enqueue(new Uint8Array(piece));
    },
  });
  return { bytes, stream };
}

const postStream = (stream: ReadableStream<Uint8Array>, name: string) =>
  suite
    .send(suite.as.clientA, "POST", `/api/projects/${suite.projectId}/files`, stream, {
      "content-type": "application/octet-stream",
      "x-file-name": name,
    })
    .catch((error: Error) => ({ status: 0, error, json: undefined }));

const rowsNamed = (name: string) =>
  suite.server.db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, suite.projectId), eq(projectFiles.name, name)));

const requestsFor = (fileId: string) => s3.requests.filter((line) => line.includes(key(fileId)));

describe("the S3 store", () => {
  afterEach(() => {
    suite.server.config.fileMaxBytes = MAX_BYTES;
    s3.failDeletes = false;
    s3.failPart = undefined;
  });

  it("stores a small file with one PutObject under a key made from its id alone", async () => {
    const response = await suite.upload(suite.as.clientA, "Quarterly report.pdf", pdf(300 * 1024));
    expect(response.status).toBe(201);
    const fileId = response.json.id as string;
    expect(requestsFor(fileId)).toEqual([`PUT /${s3.settings.bucket}/${key(fileId)}`]);
    expect(s3.requests.some((line) => line.includes("Quarterly"))).toBe(false);
  });

  it("streams a larger file as a multipart upload of 5 MiB parts and gives back identical bytes", async () => {
    suite.server.config.fileMaxBytes = 16 * MiB;
    const size = 2 * S3_PART_MINIMUM + 123_457;
    const { bytes, stream } = pdfStream(size);
    const response = await postStream(stream, "large.pdf");
    expect(response.status).toBe(201);
    const fileId = (response.json as { id: string }).id;
    const lines = requestsFor(fileId).map((line) => line.replace(/uploadId=[^&]+/, "uploadId=ID"));
    const path = `/${s3.settings.bucket}/${key(fileId)}`;
    expect(lines).toEqual([
      `POST ${path}?uploads`,
      `PUT ${path}?partNumber=1&uploadId=ID`,
      `PUT ${path}?partNumber=2&uploadId=ID`,
      `PUT ${path}?partNumber=3&uploadId=ID`,
      `POST ${path}?uploadId=ID`,
    ]);
    const download = await suite.send(suite.as.admin, "GET", `/api/files/${fileId}`);
    expect(download.status).toBe(200);
    expect(download.bytes.length).toBe(size);
    expect(sha256(download.bytes)).toBe(sha256(bytes));
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it("a file refused with 413 after its first part was sent aborts the multipart upload: no object, no parts", async () => {
    suite.server.config.fileMaxBytes = 7 * MiB;
    const start = s3.requests.length;
    const { stream } = pdfStream(8 * MiB);
    const response = await postStream(stream, "too-big.pdf");
    // The server answers 413 before reading the rest; a client may see the connection close instead.
    if (response.status !== 0) expect(response.status).toBe(413);
    // Each request as its method and query: begun, one part sent, aborted, then the purge's DeleteObject.
    // Each kind once: the sweep a process runs 5 s after it starts may delete the same object again, which
    // is harmless by design (purgeDeletedContent) and happens when this test runs at that moment.
    const sent = () => [
      ...new Set(
        s3.requests.slice(start).map((line) => line.replace(/ \/[^?]*/, " ").replace(/uploadId=[^&]+/, "uploadId=ID")),
      ),
    ];
    await expect
      .poll(sent)
      .toEqual(["POST ?uploads", "PUT ?partNumber=1&uploadId=ID", "DELETE ?uploadId=ID", "DELETE "]);
    expect(await rowsNamed("too-big.pdf")).toEqual([]);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it("an upload the client abandons mid-way leaves no object, no parts and no row", async () => {
    suite.server.config.fileMaxBytes = 16 * MiB;
    const before = await s3.objectKeys();
    const { stream } = pdfStream(12 * MiB, 6 * MiB);
    const response = await postStream(stream, "abandoned.pdf");
    expect(response.status).toBe(0);
    await expect.poll(() => rowsNamed("abandoned.pdf").then((rows) => rows.length)).toBe(0);
    await expect.poll(() => s3.pendingUploads()).toEqual([]);
    expect(await s3.objectKeys()).toEqual(before);
  });

  it("an error from the store mid-upload aborts it: a 500 that says nothing of the store, and nothing kept", async () => {
    suite.server.config.fileMaxBytes = 16 * MiB;
    s3.failPart = 2;
    const { stream } = pdfStream(12 * MiB);
    const response = await postStream(stream, "unlucky.pdf");
    if (response.status !== 0) {
      expect(response.status).toBe(500);
      expect(response.json?.error.message).toBe("Something went wrong on our side. Please try again.");
    }
    await expect.poll(() => s3.pendingUploads()).toEqual([]);
    expect(await rowsNamed("unlucky.pdf")).toEqual([]);
    expect((await s3.objectKeys()).filter((name) => !name.startsWith("project-files/"))).toEqual([]);
  });

  it("a file whose object is gone from the store answers 404, not a broken download", async () => {
    const fileId = (await suite.upload(suite.as.clientA, "lost.txt", Buffer.from("lost\n"))).json.id as string;
    await new S3Client(s3.settings).deleteObject(key(fileId));
    const response = await suite.send(suite.as.clientA, "GET", `/api/files/${fileId}`);
    expect(response.status).toBe(404);
    expect(response.json.error.message).toBe("File not found");
  });

  it("an object the store would not delete yet is kept in mind and deleted by the next sweep", async () => {
    const fileId = (await suite.upload(suite.as.clientA, "keep-trying.txt", Buffer.from("notes\n"))).json.id as string;
    s3.failDeletes = true;
    expect((await suite.send(suite.as.clientA, "DELETE", `/api/files/${fileId}`)).status).toBe(204);
    expect((await suite.send(suite.as.clientA, "GET", `/api/files/${fileId}`)).status).toBe(404);
    expect(await s3.objectKeys()).toContain(key(fileId));
    const noted = () =>
      suite.server.db.select().from(projectFileDeletions).where(eq(projectFileDeletions.fileId, fileId));
    expect(await noted()).toHaveLength(1);

    await purgeDeletedContent(suite.server.db, suite.server.app.files, quiet);
    expect(await s3.objectKeys()).toContain(key(fileId));
    expect(await noted()).toHaveLength(1);

    s3.failDeletes = false;
    await purgeDeletedContent(suite.server.db, suite.server.app.files, quiet);
    expect(await s3.objectKeys()).not.toContain(key(fileId));
    expect(await noted()).toEqual([]);
  });

  it("a project deleted with its files by cascade leaves no object after the sweep", async () => {
    const doomed = await createProject(suite.server.db, { clientEmail: ACTOR_EMAILS.clientA });
    const ids: string[] = [];
    for (const name of ["a.txt", "b.txt"]) {
      ids.push((await suite.upload(suite.as.clientA, name, Buffer.from(`${name}\n`), doomed)).json.id);
    }
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining(ids.map(key)));
    await suite.server.db.delete(projects).where(eq(projects.id, doomed));
    const noted = await suite.server.db
      .select()
      .from(projectFileDeletions)
      .where(inArray(projectFileDeletions.fileId, ids));
    expect(noted).toHaveLength(2);

    await purgeDeletedContent(suite.server.db, suite.server.app.files, quiet);
    const keys = await s3.objectKeys();
    for (const fileId of ids) expect(keys).not.toContain(key(fileId));
  });

  it("an upload abandoned by a crashed process is swept an hour later, its object with it", async () => {
    const [row] = await suite.server.db
      .insert(projectFiles)
      .values({
        projectId: suite.projectId,
        name: "crashed.pdf",
        contentType: "application/octet-stream",
        createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      })
      .returning({ id: projectFiles.id });
    const fileId = row?.id as string;
    await new S3Client(s3.settings).putObject(key(fileId), randomBytes(1000));
    // The next upload sweeps abandoned rows; the trigger notes each for the purge.
    expect((await suite.upload(suite.as.clientA, "next.txt", Buffer.from("next\n"))).status).toBe(201);
    expect(await rowsNamed("crashed.pdf")).toEqual([]);
    await purgeDeletedContent(suite.server.db, suite.server.app.files, quiet);
    expect(await s3.objectKeys()).not.toContain(key(fileId));
  });
});

describe("a store that refuses the server's signature", () => {
  it("fails the upload with a 500, keeps nothing, and logs the store's error without the secret", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const secret = "not-the-secret-8f3a9c";
    const server = await startTestServer(
      { logLevel: "warn", fileStore: { kind: "s3", ...s3.settings, secretAccessKey: secret } },
      { logStream },
    );
    try {
      const client = await server.signIn(ACTOR_EMAILS.clientA);
      const projectId = await createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA });
      const response = await client.request("POST", `/api/projects/${projectId}/files`, "notes\n", {
        headers: { "content-type": "text/plain", "x-file-name": "notes.txt" },
      });
      expect(response.status).toBe(500);
      expect(response.json.error.message).toBe("Something went wrong on our side. Please try again.");
      expect(await server.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId))).toEqual([]);
      const log = lines.join("");
      expect(log).toContain("S3 PutObject failed: 403 SignatureDoesNotMatch");
      expect(log).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
