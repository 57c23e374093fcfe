import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invitedSchema } from "../../common/admin";
import type { Role } from "../../common/domain";
import { STAFF_ROLES, signedOutEverywhereSchema } from "../../common/people";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import { reinvitePerson, signOutPerson } from "../data/people";
import type { Db } from "../db";
import { requireAdmin } from "../http/admin";
import { errorResponses } from "../http/openapi";
import type { Mailer } from "../mail";

/**
 * What every people screen (Clients, Developers, Staff) can do to an account besides editing it:
 * send the invitation again, and sign the person out everywhere. Each screen answers only for the
 * people it manages (another role's id is a 404) and audits as its own entity.
 */
const SCREENS: Record<
  "clients" | "developers" | "staff",
  { param: string; roles: readonly Role[]; entity: string; what: string; one: string }
> = {
  clients: { param: "clientId", roles: ["client"], entity: "client", what: "Client", one: "a client" },
  developers: {
    param: "developerId",
    roles: ["developer"],
    entity: "developer",
    what: "Developer",
    one: "a developer",
  },
  staff: { param: "staffId", roles: STAFF_ROLES, entity: "staff", what: "Staff member", one: "a staff member" },
};

export const adminAccountRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  config: Config;
  sessions: SessionCache;
}> = async (app, { db, mailer, config, sessions }) => {
  for (const [path, { param, roles, entity, what, one }] of Object.entries(SCREENS)) {
    const params = z.strictObject({ [param]: z.string().min(1).max(100) });
    const onlyAdmins = (request: Parameters<typeof requireAdmin>[0]) =>
      requireAdmin(request, `Only administrators manage ${path}`);
    const screen = { roles, entity, what };

    app.post(
      `/api/admin/${path}/:${param}/invitation`,
      {
        schema: {
          tags: ["admin"],
          summary: `E-mails ${one} who has not chosen a password yet a new invitation (the first expired or went astray); 409 once they have`,
          params,
          response: { 200: invitedSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = await onlyAdmins(request);
        return reinvitePerson({ db, mailer, config }, actor, request.params[param] as string, screen);
      },
    );

    app.post(
      `/api/admin/${path}/:${param}/sign-out`,
      {
        schema: {
          tags: ["admin"],
          summary: `Ends every session of ${one} (a lost phone, a shared computer): their open pages go to sign-in at once; their password stays`,
          params,
          response: { 200: signedOutEverywhereSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = await onlyAdmins(request);
        return signOutPerson({ db, sessions }, actor, request.params[param] as string, screen);
      },
    );
  }
};
