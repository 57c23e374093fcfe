import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDeveloperDetailSchema,
  adminDeveloperSchema,
  adminPageOf,
  developerRemovalSchema,
  developersQuerySchema,
  invitedSchema,
} from "../../common/admin";
import { newDeveloperSchema } from "../../common/people";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import { type DeveloperRow, getDeveloper, getDeveloperDetail, listDevelopers } from "../data/developers";
import { invitePerson, reactivatePerson, removePerson } from "../data/people";
import { endingSessionsOf } from "../data/sessions";
import type { Db } from "../db";
import { requireAdmin } from "../http/admin";
import { forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { Mailer } from "../mail";
import { rules } from "../rules";

const developerParams = z.strictObject({ developerId: z.string().min(1).max(100) });

/** The profile fields an audit entry keeps of a developer, before and after. */
const developerAudit = {
  entity: "developer",
  audited: (row: DeveloperRow) => ({
    fullName: row.fullName,
    email: row.email,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  }),
};

export const adminDeveloperRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  config: Config;
  sessions: SessionCache;
}> = async (app, { db, mailer, config, sessions }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage developers");

  app.get(
    "/api/admin/developers",
    {
      schema: {
        tags: ["admin"],
        summary: "The developers table: a page, sorted by a column, searched by name or e-mail (prefix)",
        querystring: developersQuerySchema,
        response: { 200: adminPageOf(adminDeveloperSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return listDevelopers(db, request.query);
    },
  );

  app.post(
    "/api/admin/developers",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates a developer account and e-mails them an invitation whose link sets their password",
        body: newDeveloperSchema,
        response: { 201: invitedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const invited = await invitePerson(
        { db, mailer, config },
        actor,
        { ...request.body, role: "developer" },
        "developer",
      );
      return reply.code(201).send(invited);
    },
  );

  app.get(
    "/api/admin/developers/:developerId",
    {
      schema: {
        tags: ["admin"],
        summary: "A developer's page: profile, the projects they are on and their newest tasks",
        params: developerParams,
        response: { 200: adminDeveloperDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      const detail = await getDeveloperDetail(db, request.params.developerId);
      if (!detail) throw notFound("Developer");
      return detail;
    },
  );

  app.delete(
    "/api/admin/developers/:developerId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes a developer who owns nothing; deactivates one on projects or with messages, tasks or milestones (kept, sign-in refused, sessions ended)",
        params: developerParams,
        response: { 200: developerRemovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { developerId } = request.params;
      if (!rules.users.delete(actor, { id: developerId })) throw forbidden("You cannot delete your own account");
      return endingSessionsOf({ db, sessions }, developerId, async (tx) => {
        const before = await getDeveloper(tx, developerId, { lock: "remove" });
        if (!before) throw notFound("Developer");
        const { outcome, person } = await removePerson(tx, actor, before, developerAudit);
        return { outcome, developer: person };
      });
    },
  );

  app.post(
    "/api/admin/developers/:developerId/reactivate",
    {
      schema: {
        tags: ["admin"],
        summary: "Lets a deactivated developer sign in again",
        params: developerParams,
        response: { 200: adminDeveloperSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { developerId } = request.params;
      return db.transaction(async (tx) => {
        const before = await getDeveloper(tx, developerId, { lock: "change" });
        if (!before) throw notFound("Developer");
        return reactivatePerson(tx, actor, before, developerAudit);
      });
    },
  );
};
