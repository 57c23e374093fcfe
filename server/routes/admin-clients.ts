import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminClientDetailSchema,
  adminClientSchema,
  adminPageOf,
  clientRemovalSchema,
  clientsQuerySchema,
  invitedSchema,
} from "../../common/admin";
import { formatDate } from "../../common/format";
import { clientUpdateSchema, newClientSchema } from "../../common/people";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import { auditAdminChange } from "../data/audit";
import { allClients, type ClientRow, getClient, getClientDetail, listClients } from "../data/clients";
import { invitePerson, reactivatePerson, removePerson } from "../data/people";
import { endingSessionsOf } from "../data/sessions";
import type { Db } from "../db";
import { users } from "../db/schema";
import { requireAdmin } from "../http/admin";
import { sendCsv } from "../http/csv";
import { forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { Mailer } from "../mail";
import { rules } from "../rules";

const clientParams = z.strictObject({ clientId: z.string().min(1).max(100) });

/** The profile fields an audit entry keeps of a client, before and after. */
const audited = (row: ClientRow) => ({
  fullName: row.fullName,
  email: row.email,
  companyName: row.companyName,
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

const clientAudit = { entity: "client", audited };

const CSV_HEADER = ["Name", "E-mail", "Company", "Joined", "Status"];

export const adminClientRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  config: Config;
  sessions: SessionCache;
}> = async (app, { db, mailer, config, sessions }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage clients");

  app.get(
    "/api/admin/clients",
    {
      schema: {
        tags: ["admin"],
        summary: "The clients table: a page, sorted by a column, searched by name, e-mail or company (prefix)",
        querystring: clientsQuerySchema,
        response: { 200: adminPageOf(adminClientSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return listClients(db, request.query);
    },
  );

  app.get(
    "/api/admin/clients.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "Every client matching the table's search, in its order, as CSV",
        querystring: clientsQuerySchema.omit({ page: true, pageSize: true }),
        produces: ["text/csv"],
        response: {
          200: z.any().meta({ description: "Name, e-mail, company, joined date and status (text/csv)" }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      await onlyAdmins(request);
      return sendCsv(reply, "clients.csv", CSV_HEADER, allClients(db, request.query), (row) => [
        row.fullName,
        row.email,
        row.companyName ?? "",
        formatDate(row.createdAt),
        row.archivedAt ? "Deactivated" : "Active",
      ]);
    },
  );

  app.post(
    "/api/admin/clients",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates a client account and e-mails them an invitation whose link sets their password",
        body: newClientSchema,
        response: { 201: invitedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const invited = await invitePerson({ db, mailer, config }, actor, { ...request.body, role: "client" }, "client");
      return reply.code(201).send(invited);
    },
  );

  app.get(
    "/api/admin/clients/:clientId",
    {
      schema: {
        tags: ["admin"],
        summary: "A client's page: profile and their newest projects, invoices and orders",
        params: clientParams,
        response: { 200: adminClientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      const detail = await getClientDetail(db, request.params.clientId);
      if (!detail) throw notFound("Client");
      return detail;
    },
  );

  app.patch(
    "/api/admin/clients/:clientId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Corrects a client's name or company (the fields of their own Settings; an empty company clears it); their open sessions show it at once",
        params: clientParams,
        body: clientUpdateSchema,
        response: { 200: adminClientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { clientId } = request.params;
      const { fullName, companyName } = request.body;
      return db.transaction(async (tx) => {
        const before = await getClient(tx, clientId, { lock: "change" });
        if (!before) throw notFound("Client");
        const after = {
          ...before,
          fullName: fullName ?? before.fullName,
          companyName: companyName === undefined ? before.companyName : companyName || null,
        };
        if (after.fullName === before.fullName && after.companyName === before.companyName) return before;
        // The users trigger (0001_session_invalidation_triggers) drops their cached sessions in every process.
        await tx
          .update(users)
          .set({ fullName: after.fullName, companyName: after.companyName })
          .where(eq(users.id, clientId));
        await auditAdminChange(tx, actor, {
          action: "client.update",
          entity: "client",
          entityId: clientId,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },
  );

  app.delete(
    "/api/admin/clients/:clientId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes a client who owns nothing; deactivates one who owns projects, invoices, orders, messages or tasks (kept, sign-in refused, sessions ended)",
        params: clientParams,
        response: { 200: clientRemovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { clientId } = request.params;
      if (!rules.users.delete(actor, { id: clientId })) throw forbidden("You cannot delete your own account");
      return endingSessionsOf({ db, sessions }, clientId, async (tx) => {
        // The row lock makes a concurrent insert that references the client wait for this decision.
        const before = await getClient(tx, clientId, { lock: "remove" });
        if (!before) throw notFound("Client");
        const { outcome, person } = await removePerson(tx, actor, before, clientAudit);
        return { outcome, client: person };
      });
    },
  );

  app.post(
    "/api/admin/clients/:clientId/reactivate",
    {
      schema: {
        tags: ["admin"],
        summary: "Lets a deactivated client sign in again",
        params: clientParams,
        response: { 200: adminClientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { clientId } = request.params;
      return db.transaction(async (tx) => {
        const before = await getClient(tx, clientId, { lock: "change" });
        if (!before) throw notFound("Client");
        return reactivatePerson(tx, actor, before, clientAudit);
      });
    },
  );
};
