-- "overdue" is what an unpaid invoice past its due date shows (server/data/invoices.ts shownStatus),
-- never a state the product stores: stored, it stayed overdue when an administrator moved the due date
-- into the future. Rows that hold it (older demo data) become unpaid; those past their due date count as
-- told of it, as 0035 counted the invoices overdue when it came, so nobody is reminded of the past.
UPDATE invoices
SET status = 'unpaid',
  overdue_told_for = CASE WHEN due_date < (now() AT TIME ZONE 'Africa/Lagos')::date THEN due_date ELSE overdue_told_for END
WHERE status = 'overdue';
