import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { Config } from "../config";

/**
 * How responses become JSON.
 *
 * In tests and development every response is encoded through its zod schema
 * (fastify-type-provider-zod's serializerCompiler): a handler that returns a
 * wrong shape fails at once, in the integration and browser suites (both run
 * with NODE_ENV=test) and on a developer's machine.
 *
 * In production the same values go through JSON.stringify alone. The zod pass
 * visits every field of every row: on a page of 100 projects it cost more than
 * the database query. Skipping it changes nothing on the wire, because
 * - the reads select exactly their view's columns (server/data/*: no `select *`),
 *   so there is no extra key for zod to strip;
 * - the only codec in the response schemas is `timestamp` (Date → ISO string),
 *   which is what Date#toJSON writes too;
 * and the test suites prove each route's output against its schema. Error
 * bodies are built by server/http/errors.ts in one shape either way.
 * fast-json-stringify was the other candidate; it needs JSON schemas that
 * describe the Date values the handlers hold, which the zod → JSON Schema
 * conversion (made for the wire side, for OpenAPI) does not give.
 */
export function responseSerializer(config: Pick<Config, "env">): FastifySerializerCompiler<unknown> {
  if (config.env !== "production") return serializerCompiler as FastifySerializerCompiler<unknown>;
  return () => (data) => JSON.stringify(data);
}
