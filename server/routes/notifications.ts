import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notificationCountSchema, notificationSchema, pageOf } from "../../common/api";
import { uuidParam } from "../../common/schemas";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
} from "../data/notifications";
import type { Db } from "../db";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";

/** The notification centre (issue #8 item 4): the signed-in person's own notifications, as the rules let them read now. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function signedIn(request: FastifyRequest) {
    await request.requireUser();
    const actor = await request.actor();
    if (!actor) throw new Error("signed in without an actor");
    return actor;
  }

  app.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The signed-in person's notifications, newest first, by cursor (only what they may read now)",
        querystring: z.strictObject(pageQuery),
        response: { 200: pageOf(notificationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = await signedIn(request);
      const { limit, cursor } = request.query;
      const after = decodeCursor(cursor);
      const rows = await listNotifications(db, actor, { limit: limit + 1, ...(after && { after }) });
      return toPage(rows, limit);
    },
  );

  app.get(
    "/api/notifications/count",
    {
      schema: {
        tags: ["notifications"],
        summary: "How many of the signed-in person's notifications are unread (the bell's badge), counted up to 100",
        response: { 200: notificationCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread: await unreadNotifications(db, await signedIn(request)) }),
  );

  app.post(
    "/api/notifications/read-all",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark all of the signed-in person's notifications read",
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await markAllNotificationsRead(db, await signedIn(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/notifications/:notificationId/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark one of the signed-in person's notifications read (another's is not found)",
        params: z.strictObject({ notificationId: uuidParam }),
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const found = await markNotificationRead(db, await signedIn(request), request.params.notificationId);
      if (!found) throw notFound("Notification");
      return reply.status(204).send(null);
    },
  );
};
