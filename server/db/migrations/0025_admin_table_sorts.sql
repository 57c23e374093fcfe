-- The admin tables' sorts at scale (server/data/bookings.ts, server/data/enquiries.ts): the bookings
-- by status with the id as tie-break; a client's orders of one status without the table (the
-- subscriptions by client, a searched count of one status); the enquiries' name and company indexes
-- with the sorted columns in them, so a page's ids are read from the index alone.
DROP INDEX "contact_enquiries_name_idx";--> statement-breakpoint
DROP INDEX "contact_enquiries_company_idx";--> statement-breakpoint
CREATE INDEX "service_orders_status_id_idx" ON "service_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "service_orders_client_status_idx" ON "service_orders" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "contact_enquiries_name_idx" ON "contact_enquiries" USING btree (lower("first_name" || ' ' || "last_name"),"id","first_name","last_name");--> statement-breakpoint
CREATE INDEX "contact_enquiries_company_idx" ON "contact_enquiries" USING btree (lower("company"),"id","company");