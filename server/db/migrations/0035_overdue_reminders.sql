ALTER TABLE "invoices" ADD COLUMN "overdue_told_for" date;--> statement-breakpoint
CREATE INDEX "invoices_overdue_untold_idx" ON "invoices" USING btree ("due_date") WHERE status <> 'paid' and overdue_told_for is distinct from due_date;--> statement-breakpoint
-- Reminders start with the invoices that fall overdue from now on: those already overdue are marked told.
UPDATE "invoices" SET "overdue_told_for" = "due_date" WHERE "status" <> 'paid' AND "due_date" < (now() AT TIME ZONE 'Africa/Lagos')::date;
