import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminPageOf, auditEntrySchema, auditFiltersSchema, auditQuerySchema } from "../../common/admin";
import { auditFilterChoices, listAuditLog } from "../data/audit-log";
import type { Db } from "../db";
import { requireAdmin } from "../http/admin";
import { badRequest } from "../http/errors";
import { errorResponses } from "../http/openapi";

/** The audit log screen (issue #7): read-only, administrators only. */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const message = "Only administrators can read the audit log";

  app.get(
    "/api/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log: a page, newest first, by person, kind (entity or action) and day range (Lagos days)",
        querystring: auditQuerySchema,
        response: { 200: adminPageOf(auditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, message);
      const { from, to } = request.query;
      if (from && to && from > to)
        throw badRequest("The start date is after the end date.", { from: "After the end date." });
      return listAuditLog(db, request.query);
    },
  );

  app.get(
    "/api/admin/audit/filters",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log filters' choices: people who appear in it, its entities and actions",
        response: { 200: auditFiltersSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, message);
      return auditFilterChoices(db);
    },
  );
};
