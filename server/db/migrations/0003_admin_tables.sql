CREATE INDEX "milestones_created_by_idx" ON "milestones" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "project_messages_user_idx" ON "project_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "users_role_company_idx" ON "users" USING btree ("role",lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "users_role_name_prefix_idx" ON "users" USING btree ("role",lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_role_email_prefix_idx" ON "users" USING btree ("role",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_role_company_prefix_idx" ON "users" USING btree ("role",lower("company_name") text_pattern_ops);