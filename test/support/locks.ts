import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../../server/db";
import { sleep } from "./server";

/** The server process's id of a connection the test holds a transaction open on. */
export async function backendPid(connection: pg.Client): Promise<number> {
  const { rows } = await connection.query<{ pid: number }>("select pg_backend_pid() as pid");
  const pid = rows[0]?.pid;
  if (!pid) throw new Error("no backend pid");
  return pid;
}

/**
 * Resolves once some connection waits for the locks of `holderPid` (PostgreSQL's pg_blocking_pids): the
 * write sent has met the transaction the test holds open, which may now commit. Fails when `answered()`
 * turns true first (the write never waited: the race the test is about did not happen) or after 10 s.
 * PostgreSQL only.
 */
export async function untilBlockedBy(db: Db, holderPid: number, answered: () => boolean = () => false) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity where ${holderPid} = any(pg_blocking_pids(pid))`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    if (answered()) throw new Error("the write answered without waiting for the transaction held open");
    if (Date.now() > deadline) throw new Error("the write did not reach the held lock within 10 s");
    await sleep(10);
  }
}

/** Settles as `promise` does, and says whether it has. */
export function tracked<T>(promise: Promise<T>): { settled: () => boolean; promise: Promise<T> } {
  let done = false;
  const settledPromise = promise.finally(() => {
    done = true;
  });
  return { settled: () => done, promise: settledPromise };
}
