-- The payments table sorted by the status shown (server/data/payments.ts, statusRuns) reads each
-- stored status by id, its due date beside it to tell overdue from unpaid without the table, an
-- unsearched page only from where it starts in the runs it reaches: page 100 of 200,000 invoices took
-- 52 ms of PostgreSQL's time sorting every invoice's shown status, 0.9 so. The status alone was an
-- index of its own, which this one serves too.
DROP INDEX "invoices_status_idx";--> statement-breakpoint
CREATE INDEX "invoices_status_id_idx" ON "invoices" USING btree ("status","id","due_date");--> statement-breakpoint
-- The bookings and the subscriptions sorted by service (server/data/bookings.ts, countedByService)
-- walk the few services in title order and read each one's orders by id, of one status too: page 100
-- of 100,000 orders took 44 ms (every order joined to its service and sorted), 2.5 walked. A
-- service's orders were an index on service_id alone, which this one serves too.
DROP INDEX "service_orders_service_idx";--> statement-breakpoint
CREATE INDEX "service_orders_service_idx" ON "service_orders" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "service_orders_status_service_idx" ON "service_orders" USING btree ("status","service_id","id");
