DROP INDEX "projects_status_idx";--> statement-breakpoint
DROP INDEX "project_developers_developer_idx";--> statement-breakpoint
DROP INDEX "projects_client_created_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
DROP INDEX "tasks_assigned_created_idx";--> statement-breakpoint
DROP INDEX "tasks_created_idx";--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_developers_developer_idx" ON "project_developers" USING btree ("developer_id","project_id");--> statement-breakpoint
CREATE INDEX "projects_client_created_idx" ON "projects" USING btree ("client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_assigned_created_idx" ON "tasks" USING btree ("assigned_to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);