import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: {
          200: z.object({
            status: z.literal("ok"),
            db: z.enum(["pglite", "postgres"]),
            version: z.string(),
            uptimeSeconds: z.number(),
          }),
        },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: "ok" as const, db: database.kind, version, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
