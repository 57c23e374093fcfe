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
} from "../../common/admin";
import { formatDate } from "../../common/format";
import { auditAdminChange } from "../data/audit";
import { allClients, type ClientRow, getClient, getClientDetail, hasRecords, listClients } from "../data/clients";
import type { Db } from "../db";
import { sessions, users } from "../db/schema";
import { requireAdmin } from "../http/admin";
import { sendCsv } from "../http/csv";
import { forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

const clientParams = z.strictObject({ clientId: z.string().min(1).max(100) });

/** The profile fields an audit entry keeps of a client, before and after. */
const audited = (row: ClientRow) => ({
  fullName: row.fullName,
  email: row.email,
  companyName: row.companyName,
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

const CSV_HEADER = ["Name", "E-mail", "Company", "Joined", "Status"];

export const adminClientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
      return db.transaction(async (tx) => {
        // The row lock makes a concurrent insert that references the client wait for this decision.
        const before = await getClient(tx, clientId, { lock: true });
        if (!before) throw notFound("Client");
        if (!(await hasRecords(tx, clientId))) {
          await tx.delete(users).where(eq(users.id, clientId));
          await auditAdminChange(tx, actor, {
            action: "client.delete",
            entity: "client",
            entityId: clientId,
            before: audited(before),
            after: null,
          });
          return { outcome: "deleted" as const, client: before };
        }
        let after = before;
        if (!before.archivedAt) {
          const [updated] = await tx
            .update(users)
            .set({ archivedAt: new Date() })
            .where(eq(users.id, clientId))
            .returning({ archivedAt: users.archivedAt });
          after = { ...before, archivedAt: updated?.archivedAt ?? new Date() };
          await auditAdminChange(tx, actor, {
            action: "client.deactivate",
            entity: "client",
            entityId: clientId,
            before: audited(before),
            after: audited(after),
          });
        }
        // Every session ends now (the delete trigger tells every process to close their live sockets).
        await tx.delete(sessions).where(eq(sessions.userId, clientId));
        return { outcome: "deactivated" as const, client: after };
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
        const before = await getClient(tx, clientId, { lock: true });
        if (!before) throw notFound("Client");
        if (!before.archivedAt) return before;
        await tx.update(users).set({ archivedAt: null }).where(eq(users.id, clientId));
        const after = { ...before, archivedAt: null };
        await auditAdminChange(tx, actor, {
          action: "client.reactivate",
          entity: "client",
          entityId: clientId,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },
  );
};
