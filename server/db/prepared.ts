import { Column, is, SQL, Subquery, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from ".";

type Values = Record<string, unknown>;
type Executable<R> = { execute(values?: Values): Promise<R> };
/** A Drizzle query whose values are `sql.placeholder`s: a select builder, before or after `.prepare`. */
type Preparable<R> = Executable<R> & { prepare(name: string): Executable<R> };
/** What decides a statement's text: validated enums, flags and counts, never a user's value. */
type Shape = Record<string, string | number | boolean>;

/** Past this many statements for one database, a new shape is built for each call (bounded memory, as for names). */
const MAX_PREPARED = 200;

const preparedByDb = new WeakMap<Db, Map<string, Executable<unknown>>>();
/** Names are unique in the process: two Drizzle instances over one pool (a test's logging one) must not reuse one for another text. */
let named = 0;

/**
 * A hot read whose statement Drizzle builds once per database and shape,
 * then runs with each request's values.
 *
 * Building a query is Drizzle walking its SQL tree, testing each chunk's
 * class with `is()`: on the large data set's 25- and 50-row pages that was
 * ~20 % of the server's CPU (bench/profile.mjs), and the server's one thread
 * is what limits those reads, not PostgreSQL. Prepared, a request fills the
 * placeholders and maps the rows.
 *
 * `build` gets only the shape: everything that changes the statement's text
 * (the viewer's scope kind, a sort, whether a cursor or a search is given, a
 * page's LIMIT) is in the shape, and every other value is a
 * `sql.placeholder` filled from `values`. A named statement is parsed once
 * per connection on PostgreSQL; on PGlite the text is prepared once by
 * server/db/pglite-query.ts.
 */
export function preparedRead<S extends Shape, R, Q extends Preparable<R>>(
  name: string,
  build: (db: Db | Tx, shape: S) => Q & Preparable<R>,
): ((db: Db | Tx, shape: S, values: Values) => Promise<R>) & { build: typeof build } {
  const read = (db: Db | Tx, shape: S, values: Values): Promise<R> => {
    // A transaction holds one connection for its own lifetime: a statement named on it would be
    // left behind on that connection under a name nothing would use again.
    if (db instanceof PgTransaction) return build(db, shape).execute(values);
    let prepared = preparedByDb.get(db);
    if (!prepared) {
      prepared = new Map();
      preparedByDb.set(db, prepared);
    }
    const key = `${name}${JSON.stringify(shape)}`;
    let statement = prepared.get(key) as Executable<R> | undefined;
    if (!statement) {
      if (prepared.size >= MAX_PREPARED) return build(db, shape).execute(values);
      named += 1;
      statement = build(db, shape).prepare(`p${named}`);
      mapRowsOnce(statement);
      prepared.set(key, statement);
    }
    return statement.execute(values);
  };
  // The query itself, for a test or a bench that reads its SQL (toSQL) or its plan.
  return Object.assign(read, { build });
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle's prepared query holds (its drivers' PreparedQuery classes): the select's fields, in order. */
type DrizzlePrepared = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** An SQL's decoder: its `mapWith`, or none (Drizzle marks the field internal). */
const decoderOfSql = (value: unknown) => (value as { decoder: Decoder }).decoder;

/** The decoder Drizzle's mapResultRow picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * A flat select's rows mapped by a loop made once for the statement. Drizzle's mapResultRow works
 * out each field's decoder and path on every row (`is()` class tests, an iterator per field, the
 * join's null checks): ~50 µs of a 50-row page of 11 columns, a tenth of the server's thread time
 * for the page. Its result is the same for a flat select: each field's value through its decoder,
 * null as null. A select with nested objects (a path longer than one, where a left join's null
 * object is worked out) keeps Drizzle's mapping. Reads what Drizzle's prepared query holds
 * (`fields`, `customResultMapper`): true when the loop is in place, so a test notices a Drizzle
 * that no longer holds them, where this would quietly leave its mapping in place.
 */
export function mapRowsOnce(statement: unknown): boolean {
  const query = statement as DrizzlePrepared;
  if (!query.fields || query.customResultMapper || query.fields.some(({ path }) => path.length !== 1)) return false;
  const keys = query.fields.map(({ path }) => path[0] as string);
  const decoders = query.fields.map(({ field }) => decoderOf(field));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        mapped[keys[index] as string] = value === null ? null : (decoders[index] as Decoder).mapFromDriverValue(value);
      }
      return mapped;
    });
  return true;
}

/** The one row a statement that only computes (a dashboard's JSON, a sum of running totals) selects from. */
const oneRow = sql`(select) as one_row`;

/**
 * A prepared read of one value computed by one statement: `build` gives the
 * value's SQL for a shape, with the request's values as placeholders, as in
 * preparedRead. Drizzle prepares selects only, so the value is selected from a
 * row of nothing. The value is what the driver gives (a `mapWith` on it is not
 * applied): a count is cast to int, which both drivers give as a number (a
 * bigint comes as a string).
 */
export function preparedValue<S extends Shape, T>(name: string, build: (shape: S) => SQL<T>) {
  const read = preparedRead(
    name,
    (db, shape: S) =>
      // Nested one level: Drizzle writes the columns at the top of a field without their table
      // when the select has a single source, and the value's subqueries join tables.
      // Typed by hand: inferring the builder's type through preparedRead's generics is too deep for tsc.
      db.select({ value: sql`${build(shape)}` }).from(oneRow) as unknown as Preparable<{ value: T }[]>,
  );
  const value = async (db: Db | Tx, shape: S, values: Values): Promise<T> => {
    const [row] = await read(db, shape, values);
    if (!row) throw new Error(`${name} returned no row`);
    return row.value;
  };
  return Object.assign(value, { build: read.build });
}
