-- The admin tables' searches by name also match a name's last word (issue #7 "searchable by name";
-- "Obi" finds "Ada Obi"): its prefix indexes, per role as the other name searches, and the staff table's.
CREATE INDEX "users_role_surname_prefix_idx" ON "users" USING btree ("role",lower(substring("full_name" from '[^[:space:]]+$')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_staff_surname_prefix_idx" ON "users" USING btree (lower(substring("full_name" from '[^[:space:]]+$')) text_pattern_ops) WHERE "users"."role" in ('admin', 'developer');