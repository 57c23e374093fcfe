CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_amount_idx" ON "invoices" USING btree ("amount_minor","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_number_prefix_idx" ON "invoices" USING btree (lower("invoice_number") text_pattern_ops);