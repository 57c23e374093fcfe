-- An administrator may delete a project (DELETE /api/admin/projects/:id): the tables that cascade
-- from it and lead their keys with the person find its rows on an index of their own, not by reading
-- the whole table inside the deleting transaction.
CREATE INDEX "message_mail_digests_project_idx" ON "message_mail_digests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "notifications_project_idx" ON "notifications" USING btree ("project_id") WHERE project_id is not null;--> statement-breakpoint
CREATE INDEX "project_reads_project_idx" ON "project_reads" USING btree ("project_id");