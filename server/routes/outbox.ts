import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OUTBOX_SEALED, outboxMailSchema, pageOf } from "../../common/api";
import { emailSchema } from "../../common/schemas";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { mailOutbox, users } from "../db/schema";
import { beforeCursor, decodeCursor, pageQuery, toPage } from "../http/cursor";
import { forbidden } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

/**
 * The local mail outbox (used when no SMTP_URL is set): administrators read
 * what the product would have sent, e.g. to hand a verification link to a
 * client by other means. The e2e suite reads links through it too, because
 * the embedded database is locked by the running server.
 *
 * A mail to another administrator whose address is proven shows its subject only: its reset link
 * would let the reader become them, and the audit log would name them for what the reader did; its
 * headers carry an unsubscribe token.
 * An invitation not yet taken up stays readable: handing it over is what the outbox is for.
 * Read a page at a time by cursor (server/http/cursor.ts), on mail_outbox_created_idx; one person's on
 * mail_outbox_to_idx.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/outbox",
    {
      schema: {
        tags: ["admin"],
        summary: "Mails in the local outbox, newest first, a page at a time (administrators)",
        querystring: z.strictObject({ to: z.optional(emailSchema), ...pageQuery }),
        response: { 200: pageOf(outboxMailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const reader = await request.requireUser();
      if (!rules.mailOutbox.read(await request.actor())) throw forbidden();
      const { to, limit } = request.query;
      const after = decodeCursor(request.query.cursor);
      const rows = await db
        .select({
          mail: mailOutbox,
          sealed: sql<boolean>`exists (select 1 from ${users} where ${users.email} = ${mailOutbox.to}
            and ${users.role} = 'admin' and ${users.emailVerified} and ${users.id} <> ${reader.id})`,
        })
        .from(mailOutbox)
        .where(and(to ? eq(mailOutbox.to, to) : undefined, beforeCursor(mailOutbox, after)))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(pageLimit(limit + 1));
      const mails = rows.map(({ mail, sealed }) =>
        sealed ? { ...mail, text: OUTBOX_SEALED, html: null, link: null, headers: null } : mail,
      );
      return toPage(mails, limit);
    },
  );
};
