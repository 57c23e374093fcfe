import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileSchema } from "../../common/api";
import { NO_USER_LOGGED_IN } from "../../common/messages";
import { profileUpdateSchema } from "../../common/schemas";
import type { SessionCache } from "../auth/session-cache";
import { auditAdminChange } from "../data/audit";
import type { Db } from "../db";
import { users } from "../db/schema";
import { badRequest, unauthorized } from "../http/errors";
import { errorResponses } from "../http/openapi";

const profileColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  companyName: users.companyName,
  role: users.role,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const meRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: SessionCache }> = async (app, { db, sessions }) => {
  // Every portal page asks for the profile: built once, not per request.
  const profileById = db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("profile_by_id");

  app.get(
    "/api/me",
    {
      schema: {
        tags: ["profile"],
        summary: "The signed-in user's profile and role",
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const [row] = await profileById.execute({ id: user.id });
      if (!row) throw unauthorized();
      return row;
    },
  );

  app.patch(
    "/api/me",
    {
      schema: {
        tags: ["profile"],
        summary: "Update your own full name and company name",
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await request.requireUser(NO_USER_LOGGED_IN);
      const changes = request.body;
      if (changes.fullName === undefined && changes.companyName === undefined) {
        throw badRequest("Nothing to update: send fullName or companyName");
      }
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ fullName: users.fullName })
          .from(users)
          .where(eq(users.id, user.id))
          .for("no key update");
        const [after] = await tx
          .update(users)
          .set({
            ...(changes.fullName !== undefined && { fullName: changes.fullName }),
            ...(changes.companyName !== undefined && { companyName: changes.companyName || null }),
          })
          .where(eq(users.id, user.id))
          .returning(profileColumns);
        if (!before || !after) throw unauthorized(NO_USER_LOGGED_IN);
        // An administrator's name is in the audit log beside everything they did: renamed here as on Staff,
        // it is audited as there.
        if (after.fullName !== before.fullName) {
          await auditAdminChange(
            tx,
            { id: user.id, role: user.role },
            {
              action: "staff.update",
              entity: "staff",
              entityId: user.id,
              before: { fullName: before.fullName },
              after: { fullName: after.fullName },
            },
          );
        }
        return after;
      });
      sessions.invalidateUser(user.id);
      return row;
    },
  );
};
