import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NotificationKind } from "../../common/api";
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS_BY_ROLE,
  mailPreferencesSchema,
  mailPreferencesUpdateSchema,
  UNSUBSCRIBE_BAD_TOKEN,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from "../../common/mail";
import type { Config } from "../config";
import { mailPreferencesOf, setMailPreferences } from "../data/mail";
import type { Db } from "../db";
import { users } from "../db/schema";
import { badRequest, unauthorized } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { verifyUnsubscribeToken } from "../mail/unsubscribe";

/** E-mail notification preferences (Settings) and the one-click unsubscribe link (issue #8 item 5). */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    "/api/me/mail-preferences",
    {
      schema: {
        tags: ["profile"],
        summary: "Which e-mail notifications you get (the kinds your role receives)",
        response: { 200: mailPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = await request.actor();
      if (!actor) throw unauthorized();
      return mailPreferencesOf(db, actor);
    },
  );

  app.put(
    "/api/me/mail-preferences",
    {
      schema: {
        tags: ["profile"],
        summary: "Turn e-mail notifications on or off, per kind",
        body: mailPreferencesUpdateSchema,
        response: { 200: mailPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = await request.actor();
      if (!actor) throw unauthorized();
      const kinds = Object.keys(request.body).filter(
        (kind) => request.body[kind as NotificationKind] !== undefined,
      ) as NotificationKind[];
      if (kinds.length === 0) throw badRequest('Nothing to update: send at least one kind, e.g. {"message": false}');
      const foreign = kinds.find((kind) => !MAIL_KINDS_BY_ROLE[actor.role].includes(kind));
      if (foreign)
        throw badRequest(`Your account does not get "${MAIL_KIND_LABELS[foreign]}" e-mails.`, {
          [foreign]: "Not a kind of e-mail your account gets.",
        });
      return db.transaction(async (tx) => {
        await setMailPreferences(tx, actor.id, request.body);
        return mailPreferencesOf(tx, actor);
      });
    },
  );

  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form, multipart/form-data (which §3.1 says
  // they should) or urlencoded; the token in the URL is all we need. Scoped to these routes (this plugin).
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );
  app.post(
    "/api/mail/unsubscribe",
    {
      schema: {
        tags: ["profile"],
        summary: "One-click unsubscribe from a kind of e-mail (the signed link in every notification mail; no sign-in)",
        querystring: unsubscribeQuerySchema,
        body: z.unknown().optional(),
        response: { 200: unsubscribeResultSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const verified = verifyUnsubscribeToken(config.authSecret, request.query.token);
      if (!verified) throw badRequest(UNSUBSCRIBE_BAD_TOKEN, { token: UNSUBSCRIBE_BAD_TOKEN });
      // A person deleted since the mail was sent gets no more mail anyway: nothing to store.
      const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, verified.userId));
      if (person) await setMailPreferences(db, person.id, { [verified.kind]: false });
      return { kind: verified.kind, label: MAIL_KIND_LABELS[verified.kind] };
    },
  );
};
