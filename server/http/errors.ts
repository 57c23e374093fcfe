import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

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
export const unauthorized = () => new HttpError(401, "unauthorized", "Sign in to continue");
export const forbidden = (message = "You do not have permission to do that") =>
  new HttpError(403, "forbidden", message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "bad_request", message, fields);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "payload_too_large", message: "Request body is too large" },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", message: "Request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "invalid_json", message: "Request body is empty" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "unsupported_media_type", message: "Send the body as application/json" },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = error.validationContext === "body" ? "" : `${error.validationContext}.`;
        const path = (issue.instancePath || "").replace(/^\//, "").replaceAll("/", ".");
        const key = `${where}${path}` || where.replace(/\.$/, "") || "body";
        fields[key] ??= issue.message ?? "Invalid value";
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : "Invalid request";
      return reply.status(400).send(errorBody("validation_failed", message, fields));
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
    request.log.error(error);
    return reply.status(500).send(errorBody("internal", "Something went wrong on our side. Please try again."));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
