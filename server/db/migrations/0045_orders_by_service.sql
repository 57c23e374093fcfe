-- The bookings and the subscriptions sorted by service (server/data/bookings.ts, walkedByService)
-- walk the few services in title order and read each one's orders by id from these indexes, of one
-- status too, so a page sorts one or two services' orders: page 100 of 100,000 orders took 44 ms of
-- PostgreSQL's time (every order joined to its service and sorted), 3.6 ms walked. A service's
-- orders were an index on service_id alone, which this one serves too.
DROP INDEX "service_orders_service_idx";--> statement-breakpoint
CREATE INDEX "service_orders_service_idx" ON "service_orders" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "service_orders_status_service_idx" ON "service_orders" USING btree ("status","service_id","id");
