import { type PGlite, parse, protocol } from "@electric-sql/pglite";

type QueryFn = PGlite["query"];
type Options = Parameters<QueryFn>[2];
type Results = Awaited<ReturnType<QueryFn>>;
type Message = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
/** A prepared statement: its name, parameter types, and the description of its rows (none for a command). */
type Statement = { name: string; paramTypes: number[]; rowDescription: Message | undefined };

/** Statements kept prepared; each holds its plan in PGlite's WebAssembly heap, which never shrinks. */
const MAX_STATEMENTS = 100;

const { serialize } = protocol;

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
 * the same locks as `query`, so it never interleaves with a transaction.
 * Those locks and execProtocolStream's framing are PGlite internals: the
 * package is pinned to an exact version, and test/integration/pglite-query.test.ts
 * compares this path with `query` for every kind of value on each upgrade.
 */
export function preparedQuery(client: PGlite): QueryFn {
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

  return async function query(text: string, params: unknown[] = [], options?: Options): Promise<Results> {
    // What this path does not cover goes through PGlite's own: blobs (COPY) and explicit parameter types.
    if (options?.blob || options?.paramTypes) return client.query(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await execute(text, params, options);
        } catch (error) {
          if (!isStaleStatement(error)) throw error;
          // The statement was deallocated, or a schema change altered its result: prepare it afresh, once.
          const stale = statements.get(text);
          statements.delete(text);
          if (stale) pendingCloses.push(serialize.close({ type: "S", name: stale.name }));
          return await execute(text, params, options);
        }
      }),
    ) as Promise<Results>;
  } as QueryFn;

  async function execute(text: string, params: unknown[], options: Options): Promise<Results> {
    try {
      const statement = await prepare(text);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement.paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      // The rows' description is the one given at preparation (results are text either way), so it is
      // not asked for again: parsing it back was as costly as parsing a row. A statement whose result
      // type changed since fails with 0A000 and is prepared afresh.
      const messages = await exchange([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      await client.syncToFs();
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, client.parsers, options)[0] as Results;
    } catch (error) {
      // As PGlite's query does: the failed statement's text and values on the error.
      if (error instanceof Error && "severity" in error)
        Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }
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
