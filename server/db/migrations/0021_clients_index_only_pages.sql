-- The clients table's sort indexes hold the sorted column after the id, so a page's clients are
-- chosen by an index-only scan (server/data/clients.ts): PostgreSQL answers an expression
-- (lower(full_name)) from an index without the table only when the index also holds its column.
DROP INDEX "users_role_name_idx";--> statement-breakpoint
DROP INDEX "users_role_company_idx";--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role",lower("full_name"),"id","full_name");--> statement-breakpoint
CREATE INDEX "users_role_company_idx" ON "users" USING btree ("role",lower("company_name"),"id","company_name");