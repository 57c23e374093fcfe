import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxMailSchema } from "../../common/api";
import { emailSchema } from "../../common/schemas";
import type { Db } from "../db";
import { pageLimit } from "../db/limit";
import { mailOutbox } from "../db/schema";
import { forbidden } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

/**
 * The local mail outbox (used when no SMTP_URL is set): administrators read
 * what the product would have sent, e.g. to hand a verification link to a
 * client by other means. The e2e suite reads links through it too, because
 * the embedded database is locked by the running server.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/outbox",
    {
      schema: {
        tags: ["admin"],
        summary: "Mails in the local outbox, newest first (administrators)",
        querystring: z.strictObject({
          to: z.optional(emailSchema),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(outboxMailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await request.requireUser();
      if (!rules.mailOutbox.read(await request.actor())) throw forbidden();
      const { to, limit } = request.query;
      return db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(pageLimit(limit));
    },
  );
};
