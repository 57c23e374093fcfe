-- Admin › Staff sorted by role and Admin › Enquiries by status ("sortable by its columns", issue #7):
-- each sort's index, the id breaking ties as in every admin table (server/http/admin-table.ts tableOrder).
CREATE INDEX "contact_enquiries_status_id_idx" ON "contact_enquiries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("role","id") WHERE "users"."role" in ('admin', 'developer');