-- Admin › Payments sorted by project ("sortable by its columns", issue #7): the title as the invoice's
-- client knew it (migration 0041), the id breaking ties as in every admin table.
CREATE INDEX "invoices_project_title_idx" ON "invoices" USING btree (lower("project_title"),"id");