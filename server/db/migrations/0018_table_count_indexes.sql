CREATE INDEX "tasks_assigned_status_idx" ON "tasks" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "tasks_assigned_open_due_idx" ON "tasks" USING btree ("assigned_to","due_date","id") WHERE "tasks"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "users_archived_role_idx" ON "users" USING btree ("role") WHERE "users"."archived_at" is not null;