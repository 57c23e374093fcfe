import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projectFileChunks } from "../../server/db/schema";
import { ACTOR_EMAILS } from "../support/actors";
import { createProject } from "../support/project-factory";
import { pdf, projectFilesSuite } from "../support/project-files-suite";
import { type Client, startTestServer } from "../support/server";

/**
 * Project files kept in the database (FILE_STORE=database, the default): the
 * shared behaviour (test/support/project-files-suite.ts), looking into
 * project_file_chunks, and how the chunks are laid out.
 */
const suite = projectFilesSuite({
  fileStore: () => ({ kind: "database" }),
  content: (server) => ({
    async has(fileId) {
      return (await server.db.select().from(projectFileChunks).where(eq(projectFileChunks.fileId, fileId))).length > 0;
    },
    async strays() {
      const { rows } = await server.db.execute<{ n: number }>(
        "select count(*)::int as n from project_file_chunks c where not exists (select 1 from project_files f where f.id = c.file_id and f.complete)",
      );
      return Number(rows[0]?.n);
    },
  }),
});

describe("the database store", () => {
  it("keeps an upload as 256 KB chunks, numbered from 0", async () => {
    const bytes = pdf(600 * 1024);
    const response = await suite.upload(suite.as.clientA, "three-chunks.pdf", bytes);
    expect(response.status).toBe(201);
    const chunks = await suite.server.db
      .select()
      .from(projectFileChunks)
      .where(eq(projectFileChunks.fileId, response.json.id));
    expect(chunks.map((chunk) => [chunk.seq, chunk.data.byteLength]).sort()).toEqual([
      [0, 256 * 1024],
      [1, 256 * 1024],
      [2, 600 * 1024 - 512 * 1024],
    ]);
  });
});

describe("a day's uploads", () => {
  /** A server whose people may upload 1 MB a day, a project of client A's and a developer's, and 600 KB uploads to it. */
  async function smallDays() {
    const server = await startTestServer({ uploadBytesPerDay: 1024 * 1024 });
    const [clientA, devIn] = await Promise.all([
      server.signIn(ACTOR_EMAILS.clientA),
      server.signIn(ACTOR_EMAILS.devIn),
    ]);
    const projectId = await createProject(server.db, {
      clientEmail: ACTOR_EMAILS.clientA,
      developerEmails: [ACTOR_EMAILS.devIn],
    });
    const upload = (from: Client, name: string) =>
      fetch(`${server.url}/api/projects/${projectId}/files`, {
        method: "POST",
        headers: {
          cookie: from.cookieHeader(),
          origin: server.url,
          "content-type": "application/octet-stream",
          "x-file-name": name,
        },
        body: new Uint8Array(pdf(600 * 1024)),
      });
    const stored = async () => (await server.db.select().from(projectFileChunks)).length;
    return { server, clientA, devIn, upload, stored };
  }

  it("past UPLOAD_MB_PER_DAY for one person a 429 before any byte is stored; others upload on", async () => {
    const { server, clientA, devIn, upload, stored } = await smallDays();
    try {
      expect((await upload(clientA, "first.pdf")).status).toBe(201);
      const afterFirst = await stored();
      const refused = await upload(clientA, "second.pdf");
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toEqual({
        code: "upload_limit",
        message: "You have uploaded as much as one person may in 24 hours (1 MB). Try again tomorrow.",
      });
      expect(await stored()).toBe(afterFirst);
      // Another person's day is their own.
      expect((await upload(devIn, "theirs.pdf")).status).toBe(201);
      expect(await stored()).toBeGreaterThan(afterFirst);
    } finally {
      await server.close();
    }
  });

  it("uploads sent at once share the day as if sent one after another: one fits, not each", async () => {
    const { server, clientA, upload } = await smallDays();
    try {
      const statuses = await Promise.all(
        ["a.pdf", "b.pdf", "c.pdf"].map(async (name) => (await upload(clientA, name)).status),
      );
      expect(statuses.sort()).toEqual([201, 429, 429]);
    } finally {
      await server.close();
    }
  });
});
