import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { type Db, selectBytes } from "../db";
import { projectFileChunks } from "../db/schema";
import type { FileStore } from "./store";

/**
 * The default store: a file's content is rows of project_file_chunks, one per
 * block of the checked upload (256 KB), written as the upload arrives and
 * read one at a time as the download is sent, so a file is never whole in
 * memory and every process sharing the database serves every file. The
 * chunks go with their file's row (on delete cascade): removing content is
 * nothing more.
 */
export function databaseFileStore(db: Db): FileStore {
  return {
    kind: "database",

    async write(fileId, blocks) {
      let seq = 0;
      for await (const data of blocks) {
        // Awaited before the next block is asked for: checkUpload reuses its buffer.
        await db.insert(projectFileChunks).values({ fileId, seq, data });
        seq += 1;
      }
      // On a throw the caller deletes the file's row, and its chunks with it.
    },

    async read(fileId) {
      return readChunks(db, fileId);
    },

    async remove() {},
  };
}

/** A file's content as a stream, one chunk read from the database at a time, as the reader takes it. */
function readChunks(db: Db, fileId: string): Readable {
  let seq = 0;
  return new Readable({
    highWaterMark: 1,
    objectMode: false,
    async read() {
      try {
        const data = await selectBytes(
          db,
          db
            .select({ data: projectFileChunks.data })
            .from(projectFileChunks)
            .where(and(eq(projectFileChunks.fileId, fileId), eq(projectFileChunks.seq, seq)))
            .toSQL(),
        );
        seq += 1;
        this.push(data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
