import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminPageOf, adminStaffSchema, invitedSchema, staffQuerySchema, staffRemovalSchema } from "../../common/admin";
import { staffInviteSchema, staffUpdateSchema } from "../../common/people";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import { auditAdminChange } from "../data/audit";
import { invitePerson, type PersonRow, reactivatePerson, removePerson } from "../data/people";
import { endingSessionsOf } from "../data/sessions";
import { getStaffMember, keepAnAdministrator, listStaff, lockActiveAdmins } from "../data/staff";
import type { Db } from "../db";
import { users } from "../db/schema";
import { requireAdmin } from "../http/admin";
import { forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { Mailer } from "../mail";

const staffParams = z.strictObject({ staffId: z.string().min(1).max(100) });

/** The fields an audit entry keeps of a staff member, before and after. */
const audited = (row: PersonRow) => ({
  fullName: row.fullName,
  email: row.email,
  role: row.role,
  archivedAt: row.archivedAt?.toISOString() ?? null,
});
const staffAudit = { entity: "staff", audited };

type StaffRow = PersonRow & { role: "admin" | "developer" };
const asStaff = (row: PersonRow) => row as StaffRow;

export const adminStaffRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  config: Config;
  sessions: SessionCache;
}> = async (app, { db, mailer, config, sessions }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage staff");

  app.get(
    "/api/admin/staff",
    {
      schema: {
        tags: ["admin"],
        summary: "The staff table (administrators and developers): a page, sorted, searched by name or e-mail",
        querystring: staffQuerySchema,
        response: { 200: adminPageOf(adminStaffSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      const page = await listStaff(db, request.query);
      return { ...page, items: page.items.map(asStaff) };
    },
  );

  app.post(
    "/api/admin/staff",
    {
      schema: {
        tags: ["admin"],
        summary: "Invites an administrator or developer: the account, and an e-mail whose link sets their password",
        body: staffInviteSchema,
        response: { 201: invitedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const invited = await invitePerson({ db, mailer, config }, actor, request.body, "staff");
      return reply.code(201).send(invited);
    },
  );

  app.patch(
    "/api/admin/staff/:staffId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Renames a staff member or changes their role; never your own role, never the last administrator's (takes effect on their open sessions at once)",
        params: staffParams,
        body: staffUpdateSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { staffId } = request.params;
      const { fullName, role } = request.body;
      if (staffId === actor.id && role !== undefined && role !== "admin")
        throw forbidden("You cannot change your own role");
      const updated = await db.transaction(async (tx) => {
        // The administrators' rows first, then the target's: the same order as every other demotion and removal.
        const admins = role !== undefined && role !== "admin" ? await lockActiveAdmins(tx) : [];
        const before = await getStaffMember(tx, staffId, { lock: "change" });
        if (!before) throw notFound("Staff member");
        if (before.role === "admin" && role !== undefined && role !== "admin") keepAnAdministrator(admins, staffId);
        const after = { ...before, fullName: fullName ?? before.fullName, role: role ?? before.role };
        if (after.fullName === before.fullName && after.role === before.role) return asStaff(before);
        await tx.update(users).set({ fullName: after.fullName, role: after.role }).where(eq(users.id, staffId));
        await auditAdminChange(tx, actor, {
          action: "staff.update",
          entity: "staff",
          entityId: staffId,
          before: audited(before),
          after: audited(after),
        });
        return asStaff(after);
      });
      // Their cached sessions in this process go now (the users trigger tells every process, but a
      // moment after the commit): the request that follows this answer already meets the new role.
      sessions.invalidateUser(staffId);
      return updated;
    },
  );

  app.delete(
    "/api/admin/staff/:staffId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Removes a staff member: deleted when they own nothing, deactivated when they do; never yourself, never the last administrator",
        params: staffParams,
        response: { 200: staffRemovalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { staffId } = request.params;
      if (staffId === actor.id) throw forbidden("You cannot remove yourself");
      return endingSessionsOf({ db, sessions }, staffId, async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const before = await getStaffMember(tx, staffId, { lock: "remove" });
        if (!before) throw notFound("Staff member");
        if (before.role === "admin" && !before.archivedAt) keepAnAdministrator(admins, staffId);
        const { outcome, person } = await removePerson(tx, actor, before, staffAudit);
        return { outcome, member: asStaff(person) };
      });
    },
  );

  app.post(
    "/api/admin/staff/:staffId/reactivate",
    {
      schema: {
        tags: ["admin"],
        summary: "Lets a deactivated administrator or developer sign in again, in the role they had",
        params: staffParams,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { staffId } = request.params;
      return db.transaction(async (tx) => {
        const before = await getStaffMember(tx, staffId, { lock: "change" });
        if (!before) throw notFound("Staff member");
        return asStaff(await reactivatePerson(tx, actor, before, staffAudit));
      });
    },
  );
};
