-- The enquiries' search indexes hold the status and every searched column after their expression,
-- so a searched count reads the indexes alone (server/data/enquiries.ts): ORed as bitmaps, every
-- matching row was read from the table ("adaeze": 5,041 rows in 1,178 of its pages).
DROP INDEX "contact_enquiries_name_prefix_idx";--> statement-breakpoint
DROP INDEX "contact_enquiries_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "contact_enquiries_email_prefix_idx";--> statement-breakpoint
DROP INDEX "contact_enquiries_company_prefix_idx";--> statement-breakpoint
CREATE INDEX "contact_enquiries_name_prefix_idx" ON "contact_enquiries" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops,"status","first_name","last_name","email","company");--> statement-breakpoint
CREATE INDEX "contact_enquiries_last_name_prefix_idx" ON "contact_enquiries" USING btree (lower("last_name") text_pattern_ops,"status","first_name","last_name","email","company");--> statement-breakpoint
CREATE INDEX "contact_enquiries_email_prefix_idx" ON "contact_enquiries" USING btree (lower("email") text_pattern_ops,"status","first_name","last_name","email","company");--> statement-breakpoint
CREATE INDEX "contact_enquiries_company_prefix_idx" ON "contact_enquiries" USING btree (lower("company") text_pattern_ops,"status","first_name","last_name","email","company");