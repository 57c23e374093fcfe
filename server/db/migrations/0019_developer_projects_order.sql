-- A developer's projects, newest first, read along one index: each assignment carries its
-- project's created_at (immutable), filled here for the assignments that exist.
ALTER TABLE "project_developers" ADD COLUMN "project_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "project_developers" SET "project_created_at" = "projects"."created_at" FROM "projects" WHERE "projects"."id" = "project_developers"."project_id";--> statement-breakpoint
ALTER TABLE "project_developers" ALTER COLUMN "project_created_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "project_developers_developer_idx";--> statement-breakpoint
CREATE INDEX "project_developers_developer_created_idx" ON "project_developers" USING btree ("developer_id","project_created_at","project_id");
