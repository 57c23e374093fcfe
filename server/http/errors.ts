import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { unexpectedField } from "../../common/messages";
import { EDITED_MEANWHILE } from "../../common/schemas";

/** The one error shape of the API: {"error":{"code","message","fields"}}. */
export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new HttpError(404, "not_found", `${what} not found`);
export const unauthorized = (message = "Sign in to continue") => new HttpError(401, "unauthorized", message);
export const forbidden = (message = "You do not have permission to do that") =>
  new HttpError(403, "forbidden", message);
/** The request is well formed but the row's state refuses it (paid, no longer pending). */
export const conflict = (message: string) => new HttpError(409, "conflict", message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "bad_request", message, fields);

/**
 * A 400 for input that failed validation: `fields` maps each field (as the
 * API names it) to a sentence for people, and the message is the first of
 * them, without a field-name prefix, so a form shows it once, under its field.
 */
export function validationFailed(fields: Record<string, string>): HttpError {
  const [first] = Object.values(fields);
  return new HttpError(400, "validation_failed", first ?? "The request is not valid.", fields);
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "payload_too_large", message: "Request body is too large" },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", message: "Request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "invalid_json", message: "Request body is empty" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type", message: "Send the body as application/json" },
  FST_ERR_BAD_URL: { code: "bad_url", message: "The address is not valid: check its %-escapes" },
  FST_ERR_MAX_PARAM_LENGTH: { code: "uri_too_long", message: "A part of the address is too long" },
};

/**
 * The router's own refusals (an address it cannot decode, a part of it too long), which reach no route and
 * so no error handler: Fastify's `frameworkErrors`, answering in the API's shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  reply
    .status(error.statusCode ?? 400)
    .send(errorBody(known?.code ?? "bad_request", known?.message ?? "The request is not valid."));
}

/** What Node's HTTP parser and its time limits refuse before Fastify sees a request (clientErrors). */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "headers_too_large",
    message: "The request's headers are too large: clear this site's cookies and try again",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: "request_timeout", message: "The request took too long to arrive" },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP server refused before any route (headers over
 * its 16 KB, a request past HTTP_REQUEST_TIMEOUT_MS, bytes that are not HTTP) answered in the API's
 * shape, not Fastify's default one, and its connection closed, as Node's own handler does.
 */
export function clientErrors(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    code: "bad_request",
    message: "The request is not valid HTTP",
  };
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The names of fields a strict schema refused, so each shows under its own key. */
function unrecognizedKeys(issue: { keyword: string; params: unknown }): string[] {
  const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
  return issue.keyword === "unrecognized_keys" && Array.isArray(keys) ? keys.map(String) : [];
}

/**
 * What an error log may hold: the error's kind, message, code and stack, and
 * its cause's. Never the request body nor a query's parameters (people's
 * text, passwords, tokens), which a database error carries (drizzle's
 * message ends in "params: …"). The server's log serializer of `err` (server/app.ts), so every error
 * logged as `err` passes here.
 */
export function loggable(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) {
    // A thrown value that is not an Error: its own message if it has one, never "[object Object]".
    const message = (error as { message?: unknown } | null)?.message;
    return { message: typeof message === "string" ? message : String(error) };
  }
  const query = error as Error & { query?: unknown; params?: unknown; code?: unknown };
  if (query.query !== undefined && error.cause instanceof Error) {
    // PostgreSQL's own message may quote the offending value ('invalid input syntax … "<text>"'):
    // its SQLSTATE and where it was raised say what failed without it.
    const cause = error.cause as Error & { code?: unknown; routine?: unknown };
    return {
      type: error.name,
      message: "database query failed",
      code: cause.code,
      routine: cause.routine,
      // The frames only: the message above them spans lines and ends in the parameters.
      stack: error.stack
        ?.split("\n")
        .filter((line) => line.trimStart().startsWith("at "))
        .join("\n"),
    };
  }
  return {
    type: error.name,
    message: error.message,
    ...(typeof query.code === "string" ? { code: query.code } : {}),
    stack: error.stack,
    ...(error.cause ? { cause: loggable(error.cause) } : {}),
  };
}

/** loggable as the log's `err` serializer, typed as Fastify types a serializer of errors. */
export const errorSerializer = (error: unknown) =>
  loggable(error) as { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * Refuses a save made from a form that read the row before its last change (common/schemas.ts
 * editedVersion): `updatedAt` is the row's, read under the caller's lock. Both sides are the
 * database's value read through the driver, to the millisecond.
 */
export function refuseIfEditedMeanwhile(updatedAt: Date, expectedUpdatedAt: string): void {
  if (updatedAt.getTime() !== Date.parse(expectedUpdatedAt))
    throw new HttpError(409, "edited_meanwhile", EDITED_MEANWHILE);
}

/** Texts of the writes that met another at the same moment (a 409: nothing was written). */
export const RACED_REMOVAL = "Something this names was removed a moment ago. Reload the page and try again.";
export const RACED_WRITE = "Someone else changed this at the same moment. Please try again.";

/**
 * Two writes at once that the database, not a route, settled: one named a row the other was removing
 * (23503, a foreign key), or the two waited on each other (40P01, a deadlock; 40001, serialization).
 * The loser's transaction was rolled back, so it is told to try again, as a 409, not a 500.
 */
const RACES: Record<string, string> = { "23503": RACED_REMOVAL, "40P01": RACED_WRITE, "40001": RACED_WRITE };

function raceOf(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && RACES[code]) return RACES[code];
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = error.validationContext === "body" ? "" : `${error.validationContext}.`;
        const path = (issue.instancePath || "").replace(/^\//, "").replaceAll("/", ".");
        const keys = unrecognizedKeys(issue).map((name) => `${where}${path ? `${path}.` : ""}${name}`);
        for (const key of keys) fields[key] ??= unexpectedField(key.slice(key.lastIndexOf(".") + 1));
        if (keys.length > 0) continue;
        const key = `${where}${path}` || where.replace(/\.$/, "") || "body";
        fields[key] ??= issue.message ?? "This value is not valid.";
      }
      const failure = validationFailed(fields);
      return reply.status(failure.statusCode).send(errorBody(failure.code, failure.message, failure.fields));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody("rate_limited", error.message || "Too many requests, try again later"));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody("bad_request", error.message));
    }
    const race = raceOf(error);
    if (race) {
      // Logged as an error all the same: a deadlock is two paths locking in opposite orders, and a foreign
      // key met by surprise may be a check a route forgot. The person is still told what to do.
      request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, "write raced");
      return reply.status(409).send(errorBody("conflict", race));
    }
    request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, "request failed");
    return reply.status(500).send(errorBody("internal", "Something went wrong on our side. Please try again."));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
