import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dashboardSchema } from "../../common/api";
import { getClientDashboard, getDeveloperDashboard } from "../data/dashboard";
import type { Db } from "../db";
import { forbidden } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary:
          "The signed-in client's or developer's dashboard in one read: counts, sums and the short lists it shows (administrators use the admin console)",
        querystring: z.strictObject({}),
        response: { 200: dashboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      if (!rules.dashboard.read(actor)) throw forbidden("Administrators have their own dashboard at /portal/admin");
      // Whose figures these are comes from the same scopes the lists use.
      const projectScope = rules.projects.scope(actor);
      if (projectScope.kind === "client") return getClientDashboard(db, projectScope.clientId);
      if (projectScope.kind === "developer") return getDeveloperDashboard(db, projectScope.developerId);
      throw forbidden();
    },
  );
};
