import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { serviceSchema } from "../../common/api";
import { listServices } from "../data/services";
import type { Db } from "../db";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

export const serviceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/services",
    {
      schema: {
        tags: ["services"],
        summary: "Services the signed-in person may order (every service for an administrator), newest first",
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(100) }),
        response: { 200: z.array(serviceSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const scope = rules.services.scope(await request.actor());
      return listServices(db, scope, request.query);
    },
  );
};
