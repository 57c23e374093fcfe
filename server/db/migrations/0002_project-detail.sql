DROP INDEX "project_messages_project_created_idx";--> statement-breakpoint
CREATE INDEX "project_messages_project_created_idx" ON "project_messages" USING btree ("project_id","created_at","id");