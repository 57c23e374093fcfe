import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projectFileChunks } from "../../server/db/schema";
import { pdf, projectFilesSuite } from "../support/project-files-suite";

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
