import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminDashboardSchema } from "../../common/admin";
import { adminDashboard } from "../data/admin-dashboard";
import type { Db } from "../db";
import { forbidden } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

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
      await request.requireUser();
      if (rules.users.scope(await request.actor()).kind !== "all")
        throw forbidden("Only administrators see the dashboard");
      return adminDashboard(db);
    },
  );
};
