import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminAnalyticsSchema } from "../../common/admin-analytics";
import { adminAnalytics } from "../data/admin-analytics";
import type { Db } from "../db";
import { requireAdmin } from "../http/admin";
import { errorResponses } from "../http/openapi";

export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/analytics",
    {
      schema: {
        tags: ["admin"],
        summary:
          "The admin analytics: the eight metric cards, projects and tasks by status, people by role, and revenue by month for the last 12 months",
        response: { 200: adminAnalyticsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, "Only administrators see the analytics");
      return adminAnalytics(db);
    },
  );
};
