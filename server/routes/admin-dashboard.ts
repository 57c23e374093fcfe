import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminDashboardSchema } from "../../common/admin";
import { adminDashboard } from "../data/admin-dashboard";
import type { Db } from "../db";
import { requireAdmin } from "../http/admin";
import { errorResponses } from "../http/openapi";

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/dashboard",
    {
      schema: {
        tags: ["admin"],
        summary:
          "The admin dashboard: counts of clients, developers, active projects and unpaid invoices; the newest pending bookings and enquiries",
        response: { 200: adminDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, "Only administrators see the dashboard");
      return adminDashboard(db);
    },
  );
};
