import { type PGlite, parse, protocol } from "@electric-sql/pglite";

type QueryFn = PGlite["query"];
type Options = Parameters<QueryFn>[2];
type Results = Awaited<ReturnType<QueryFn>>;
type Message = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
/** A prepared statement: its name, parameter types, and the description of its rows (none for a command). */
type Statement = { name: string; paramTypes: number[]; rowDescription: Message | undefined };

/**
 * Statements kept prepared; each holds its plan in PGlite's WebAssembly heap, which never shrinks.
 * Measured with transactions' statements prepared too: 100 left the soak at 151.2 and 149.6 MB a
 * minute after its load (bar: 150); 64 left it at 148.3 but a restarted idle server at 149.8-150.6
 * MB instead of 137-139 (start-up's one-off statements then evict and re-prepare).
 */
const MAX_STATEMENTS = 100;

const { serialize } = protocol;
const BYTEA_OID = 17;
const BIND = 0x42; // "B"
const DATA_ROW = 0x44; // "D"
const TEXT = 0 as const;
const BINARY = 1 as const;
const ERROR_RESPONSE = 0x45; // "E"

/**
 * PGlite's own `query` costs six round trips into WebAssembly per statement
 * (parse, describe, bind, describe, execute, sync), each parsed back in
 * JavaScript, and PostgreSQL parses and plans the text afresh every time:
 * planning alone looks up every relation's size through the file system
 * (an fstat per relation). A profile of GET /api/me put 47 % of the server's
 * CPU inside PGlite for one primary-key read.
 *
 * This runs a statement as PostgreSQL's own drivers do: each distinct text is
 * parsed once as a named prepared statement (its parameter and row types
 * described then), and every execution is one round trip of bind, execute
 * and sync. PostgreSQL's plan cache then applies as on a server: custom plans
 * for the first executions, a generic plan once it is as good. Parameters
 * go through PGlite's serializers for their described types and results
 * through its parsers, so values come out exactly as from `query`. It takes
 * the same locks as `query`, so it never interleaves with a transaction;
 * `transaction` runs the statements of one the same way (Drizzle's
 * transactions on PGlite come here, through server/db/index.ts). Those locks and execProtocolStream's framing are PGlite internals: the
 * package is pinned to an exact version, and test/integration/pglite-query.test.ts
 * compares this path with `query` for every kind of value on each upgrade.
 */
export function preparedQuery(client: PGlite): QueryFn & { selectBytes: SelectBytes; transaction: TransactionFn } {
  // Statement text → its name and parameter types, least recently used first.
  const statements = new Map<string, Statement>();
  let counter = 0;
  const pendingCloses: Uint8Array[] = [];

  async function exchange(parts: Uint8Array[]): Promise<Message[]> {
    const message = concat([...pendingCloses.splice(0), ...parts]);
    return await client.execProtocolStream(message, { syncToFs: false });
  }

  async function prepare(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `pq_${++counter}`;
    const described = await exchange([
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === "rowDescription"),
    };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, { name: string }];
      statements.delete(oldestText);
      // Closed with the next exchange: it costs no round trip of its own.
      pendingCloses.push(serialize.close({ type: "S", name: oldest.name }));
    }
    return statement;
  }

  /** Runs `run` under PGlite's locks; a statement gone stale is prepared afresh and run once more. */
  function exclusive<T>(text: string, run: () => Promise<T>): Promise<T> {
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => retryStale(text, run))) as Promise<T>;
  }

  async function retryStale<T>(text: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // Inside a transaction the failed statement has aborted it, so no second try: the caller's error it is.
      if (!isStaleStatement(error) || client.isInTransaction()) throw error;
      // The statement was deallocated, or a schema change altered its result: prepare it afresh, once.
      const stale = statements.get(text);
      statements.delete(text);
      if (stale) pendingCloses.push(serialize.close({ type: "S", name: stale.name }));
      return await run();
    }
  }

  /** BEGIN, COMMIT and ROLLBACK, as one simple-protocol message each; the command tag says how it ended. */
  async function control(command: "begin" | "commit" | "rollback"): Promise<string | undefined> {
    const messages = await exchange([serialize.query(command)]);
    return parse.parseResults(messages, client.parsers)[0]?.command;
  }

  /**
   * PGlite's own transaction() runs each statement in it through its
   * six-round-trip path, planning the text afresh: sending a message (a
   * dozen statements) took ~15 ms of a ~27 ms request on PGlite. This is
   * the same transaction (PGlite's lock held throughout, BEGIN, COMMIT or
   * ROLLBACK on failure, an aborted transaction's COMMIT reported as an
   * error) with each statement run as `query` runs it.
   */
  const transaction: TransactionFn = (callback) =>
    client._runExclusiveTransaction(async () => {
      let closed = false;
      const statement: QueryFn = (async (text: string, params: unknown[] = [], options?: Options) => {
        if (closed) throw new Error("Transaction is closed");
        if (options?.blob || options?.paramTypes)
          throw new Error("Not supported inside a transaction: blob, paramTypes");
        return await client._runExclusiveQuery(() => retryStale(text, () => execute(text, params, options)));
      }) as QueryFn;
      await client._runExclusiveQuery(() => control("begin"));
      const tx: PreparedTransaction = {
        query: statement,
        async rollback() {
          if (closed) throw new Error("Transaction is closed");
          closed = true;
          await client._runExclusiveQuery(() => control("rollback"));
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const ended = await client._runExclusiveQuery(() => control("commit"));
          if (ended === "ROLLBACK") throw new Error("The transaction was aborted and rolled back");
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await client._runExclusiveQuery(() => control("rollback"));
        }
        throw error;
      }
    }) as never;

  const query = async function query(text: string, params: unknown[] = [], options?: Options): Promise<Results> {
    // What this path does not cover goes through PGlite's own: blobs (COPY) and explicit parameter types.
    if (options?.blob || options?.paramTypes) return client.query(text, params, options);
    return exclusive(text, () => execute(text, params, options));
  } as QueryFn;

  // Raw responses of selectBytes, which runs one at a time (under PGlite's locks): reused, grown to the largest.
  let responseBuffer = new Uint8Array(64 * 1024);
  const selectBytes: SelectBytes = (text, params) => exclusive(text, () => executeForBytes(text, params));

  return Object.assign(query, { selectBytes, transaction });

  /** The statement prepared, and the message that runs it with `params`: Bind, Execute, Sync (after any pending Close). */
  async function runMessage(text: string, params: unknown[], options: Options, results: "text" | "binary") {
    const statement = await prepare(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      // Bytes go in binary format, as they are: serialised as hex text each 256 KB file chunk
      // became a 512 KB string and its encoding, garbage that grew the heap by ~200 MB per 25 MB upload.
      if (oid === BYTEA_OID && ArrayBuffer.isView(param) && !options?.serializers?.[oid])
        return { format: BINARY, bytes: param as Uint8Array };
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return { format: TEXT, bytes: Buffer.from(serializer ? serializer(param) : String(param)) };
    });
    return { statement, message: bindExecuteSync(pendingCloses.splice(0), statement.name, values, results) };
  }

  async function execute(text: string, params: unknown[], options: Options): Promise<Results> {
    try {
      const { statement, message } = await runMessage(text, params, options, "text");
      // The rows' description is the one given at preparation (results are text either way), so it is
      // not asked for again: parsing it back was as costly as parsing a row. A statement whose result
      // type changed since fails with 0A000 and is prepared afresh.
      const messages = await client.execProtocolStream(message, { syncToFs: false });
      await client.syncToFs();
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, client.parsers, options)[0] as Results;
    } catch (error) {
      throw withStatement(error, text, params, options);
    }
  }

  async function executeForBytes(text: string, params: unknown[]): Promise<Uint8Array | undefined> {
    try {
      // PGlite's parser decodes every value as text, so this exchange is read raw: the result asked
      // for in binary format (a bytea is then its bytes, not twice as many hex digits in a string),
      // streamed into one reused buffer (execProtocolRaw copies each piece twice and still parses it).
      const { message } = await runMessage(text, params, undefined, "binary");
      let length = 0;
      await client.execProtocolRawStream(message, {
        syncToFs: false,
        onRawData(piece) {
          if (length + piece.length > responseBuffer.length) {
            const grown = new Uint8Array(Math.max(responseBuffer.length * 2, length + piece.length));
            grown.set(responseBuffer.subarray(0, length));
            responseBuffer = grown;
          }
          responseBuffer.set(piece, length);
          length += piece.length;
        },
      });
      await client.syncToFs();
      return firstValueOf(responseBuffer.subarray(0, length));
    } catch (error) {
      throw withStatement(error, text, params, undefined);
    }
  }
}

/** What Drizzle uses of a PGlite transaction: its statements, and rolling it back. */
export type PreparedTransaction = { query: QueryFn; rollback(): Promise<void>; readonly closed: boolean };
export type TransactionFn = <T>(callback: (tx: PreparedTransaction) => Promise<T>) => Promise<T>;

/** Reads one value from a select's rows: the first row's first column (undefined for no row). */
export type SelectBytes = (text: string, params: unknown[]) => Promise<Uint8Array | undefined>;

/** As PGlite's query does: the failed statement's text and values on the error. */
function withStatement(error: unknown, query: string, params: unknown[], queryOptions: Options): unknown {
  if (error instanceof Error && "severity" in error) Object.assign(error, { query, params, queryOptions });
  return error;
}

/** A parameter's value as sent: its bytes, and whether they are text or binary. */
type Value = { format: typeof TEXT | typeof BINARY; bytes: Uint8Array };

const EXECUTE_SYNC = concat([serialize.execute({}), serialize.sync()]);

/**
 * Bind (the unnamed portal; each value in its own format, bytes binary and the
 * rest text; every result column in `results` format), Execute and Sync,
 * written into one buffer of their exact size. PGlite's serializer grows and
 * copies its buffers several times over per message, which for a 256 KB file
 * chunk was megabytes of garbage.
 */
function bindExecuteSync(
  prefix: Uint8Array[],
  statement: string,
  values: (Value | null)[],
  results: "text" | "binary",
): Uint8Array {
  const name = Buffer.from(statement);
  const bindLength =
    4 +
    1 +
    name.length +
    1 +
    2 +
    2 * values.length +
    2 +
    values.reduce((sum, value) => sum + 4 + (value?.bytes.length ?? 0), 0) +
    4;
  const prefixLength = prefix.reduce((sum, part) => sum + part.length, 0);
  const out = Buffer.allocUnsafe(prefixLength + 1 + bindLength + EXECUTE_SYNC.length);
  let at = 0;
  for (const part of prefix) {
    out.set(part, at);
    at += part.length;
  }
  at = out.writeUInt8(BIND, at);
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at); // the unnamed portal
  at += name.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(values.length, at);
  for (const value of values) at = out.writeInt16BE(value?.format ?? TEXT, at);
  at = out.writeInt16BE(values.length, at);
  for (const value of values) {
    at = out.writeInt32BE(value ? value.bytes.length : -1, at);
    if (value) {
      out.set(value.bytes, at);
      at += value.bytes.length;
    }
  }
  at = out.writeInt16BE(1, at); // one result format, for every column
  at = out.writeInt16BE(results === "binary" ? BINARY : TEXT, at);
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** The first DataRow's first value (copied) in a raw backend response, or the ErrorResponse it holds, thrown. */
function firstValueOf(response: Uint8Array): Uint8Array | undefined {
  const view = new DataView(response.buffer, response.byteOffset, response.byteLength);
  let value: Uint8Array | undefined;
  for (let at = 0; at < response.length; ) {
    const type = response[at];
    const length = view.getInt32(at + 1);
    const body = at + 5;
    if (type === DATA_ROW && value === undefined && view.getInt16(body) > 0) {
      const size = view.getInt32(body + 2);
      // A copy: the response is a buffer reused by the next read.
      value = size < 0 ? undefined : response.slice(body + 6, body + 6 + size);
    } else if (type === ERROR_RESPONSE) {
      throw errorOf(response.subarray(body, at + 1 + length));
    }
    at += 1 + length;
  }
  return value;
}

/** An ErrorResponse's fields (severity, code, message) as PGlite gives them on its errors. */
function errorOf(fields: Uint8Array): Error {
  const decoder = new TextDecoder();
  const byCode = new Map<string, string>();
  for (let at = 0; at < fields.length && fields[at] !== 0; ) {
    const end = fields.indexOf(0, at + 1);
    byCode.set(String.fromCharCode(fields[at] ?? 0), decoder.decode(fields.subarray(at + 1, end)));
    at = end + 1;
  }
  return Object.assign(new Error(byCode.get("M") ?? "database error"), {
    severity: byCode.get("S"),
    code: byCode.get("C"),
  });
}

function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "26000" || (code === "0A000" && /cached plan/.test((error as Error).message));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
