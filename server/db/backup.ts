import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import { StartupError } from "../config";
import type { Db, Tx } from ".";

/**
 * Backups in one portable format for both engines: gzipped JSON lines, a
 * header then `{"table","rows"}` batches, read inside one REPEATABLE READ
 * transaction so the copy is consistent, and restored into an empty, migrated
 * database (PGlite or PostgreSQL: a backup moves data between them too).
 * Tables are found in the catalogue and ordered by their foreign keys, so a
 * table added later is backed up without touching this file.
 */
export const BACKUP_FORMAT = "lagos-studio-backup";
const BATCH = 1000;

/**
 * Tables kept by triggers from the others (the admin figures, migration
 * 0011): not copied, since restoring the rows they count rebuilds them, and
 * copying them as well would count everything twice.
 */
export const DERIVED_TABLES: readonly string[] = ["analytics_counters"];

/**
 * Columns kept the same way (each client's invoice count, migration 0022; each message's count of
 * files, 0023; each client's order counts, 0026, and their total, 0030; each order's copy of its
 * client's name, 0028; each assignment's copy of its project's title, 0037), with the value they
 * start from: not copied, and restored at that value, since restoring the rows they count (or, for
 * an order or an assignment, the row itself) rebuilds them (and a backup taken before the column
 * existed restores too).
 */
export const DERIVED_COLUMNS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  users: { invoice_count: 0, order_counts: {}, order_count: 0 },
  project_messages: { file_count: 0 },
  service_orders: { client_sort_key: "" },
  project_developers: { project_title_key: "" },
};

/** A row as backed up: without its table's derived columns. */
function withoutDerived(table: string, row: Record<string, unknown>) {
  const derived = DERIVED_COLUMNS[table];
  if (!derived) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !(column in derived)));
}

/** A row as restored: its table's derived columns at their starting values. */
const withDerivedStart = (table: string, row: Record<string, unknown>) => ({ ...row, ...DERIVED_COLUMNS[table] });

type Header = { format: string; version: 1; createdAt: string; tables: string[] };
type Batch = { table: string; rows: Record<string, unknown>[] };

/** The app's tables (not drizzle's journal), each after every table it references. */
export async function tablesInDependencyOrder(db: Db | Tx): Promise<string[]> {
  const { rows: tables } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`);
  const { rows: edges } = await db.execute<{ child: string; parent: string }>(sql`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`);
  const names = tables.map((table) => table.name).filter((name) => !DERIVED_TABLES.includes(name));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const edge of edges) if (edge.child === name) visit(edge.parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/** A table's or column's name as SQL writes it, double quotes doubled. */
const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoted = (table: string) => sql.raw(quotedName(table));

/**
 * The columns a restore writes, as a quoted list: all but the generated ones (invoices.number_order),
 * which PostgreSQL computes and refuses to be given, even as null.
 */
async function writableColumns(tx: Tx, table: string) {
  const { rows } = await tx.execute<{ name: string }>(sql`
    select a.attname as name from pg_attribute a
    where a.attrelid = ${quotedName(table)}::regclass and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by a.attnum`);
  return sql.raw(rows.map((row) => quotedName(row.name)).join(", "));
}

/** Writes a consistent copy of every table to `file`; returns the row count per table. */
export async function backupDatabase(db: Db, file: string): Promise<Record<string, number>> {
  const gzip = createGzip();
  const output = gzip.pipe(createWriteStream(file));
  const write = (line: unknown) =>
    new Promise<void>((resolve, reject) =>
      gzip.write(`${JSON.stringify(line)}\n`, (error) => (error ? reject(error) : resolve())),
    );
  const counts: Record<string, number> = {};
  await db.transaction(
    async (tx) => {
      const tables = await tablesInDependencyOrder(tx);
      const header: Header = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), tables };
      await write(header);
      for (const table of tables) {
        counts[table] = 0;
        // A cursor reads a large table in batches without holding it in memory.
        await tx.execute(
          sql`declare backup_rows no scroll cursor for select row_to_json(t) as row from ${quoted(table)} t`,
        );
        for (;;) {
          const { rows } = await tx.execute<{ row: Record<string, unknown> }>(
            sql.raw(`fetch ${BATCH} from backup_rows`),
          );
          if (rows.length === 0) break;
          counts[table] += rows.length;
          await write({ table, rows: rows.map((entry) => withoutDerived(table, entry.row)) } satisfies Batch);
        }
        await tx.execute(sql`close backup_rows`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  gzip.end();
  await finished(output);
  return counts;
}

/** Loads a backup into an empty, migrated database; refuses one that already holds data. */
export async function restoreDatabase(db: Db, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const tables = await tablesInDependencyOrder(tx);
    const columns = new Map<string, SQL>();
    for (const table of tables) {
      columns.set(table, await writableColumns(tx, table));
      const { rows } = await tx.execute<{ present: boolean }>(
        sql`select exists (select 1 from ${quoted(table)}) as present`,
      );
      if (rows[0]?.present)
        throw new StartupError(
          `Refusing to restore: table ${table} is not empty (restore into an empty DATA_DIR or database)`,
        );
    }
    let header: Header | undefined;
    // Opened only now, and iterated at once: lines (and the end) read before the loop starts would be lost.
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    for await (const line of lines) {
      if (!line) continue;
      const parsed = JSON.parse(line) as Header | Batch;
      if (!header) {
        if ((parsed as Header).format !== BACKUP_FORMAT) throw new StartupError(`${file} is not a Lagos Studio backup`);
        header = parsed as Header;
        continue;
      }
      const batch = parsed as Batch;
      if (!tables.includes(batch.table))
        throw new StartupError(`The backup has a table this database lacks: ${batch.table}`);
      // json_populate_recordset maps each JSON object onto the table's own row type.
      const written = columns.get(batch.table);
      await tx.execute(
        sql`insert into ${quoted(batch.table)} (${written}) select ${written} from json_populate_recordset(null::${quoted(batch.table)}, ${JSON.stringify(batch.rows.map((row) => withDerivedStart(batch.table, row)))}::json)`,
      );
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
    }
    if (!header) throw new StartupError(`${file} is empty`);
  });
  return counts;
}
