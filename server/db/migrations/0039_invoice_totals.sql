-- Every client's invoice totals (an administrator's Invoices and Payments) are read from the running
-- totals by stored status; the unpaid invoices that show as overdue are those totals less the unpaid
-- ones not yet due (or with no due date), counted on this index from today on.
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date") WHERE status = 'unpaid';
