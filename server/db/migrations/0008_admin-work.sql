DROP INDEX "tasks_project_idx";--> statement-breakpoint
DROP INDEX "tasks_status_idx";--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_enquiries_status_created_idx" ON "contact_enquiries" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_enquiries_name_idx" ON "contact_enquiries" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_company_idx" ON "contact_enquiries" USING btree (lower("company"),"id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_name_prefix_idx" ON "contact_enquiries" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_enquiries_last_name_prefix_idx" ON "contact_enquiries" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_enquiries_email_prefix_idx" ON "contact_enquiries" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_enquiries_company_prefix_idx" ON "contact_enquiries" USING btree (lower("company") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_status_check" CHECK (status in ('new', 'contacted', 'closed'));