CREATE INDEX "service_orders_service_idx" ON "service_orders" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_orders_amount_idx" ON "service_orders" USING btree ("total_amount_minor","id");--> statement-breakpoint
CREATE INDEX "service_orders_status_amount_idx" ON "service_orders" USING btree ("status","total_amount_minor","id");--> statement-breakpoint
CREATE INDEX "service_orders_status_updated_idx" ON "service_orders" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_title_prefix_idx" ON "services" USING btree (lower("title") text_pattern_ops);