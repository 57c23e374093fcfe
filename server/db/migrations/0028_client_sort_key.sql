-- The bookings and the subscriptions sorted by client (server/data/bookings.ts) read a page's ids
-- from one index on service_orders: each order carries its client's name as the tables sort by it,
-- kept by the triggers below inside the writing transaction (whatever writes: the API, the seeds,
-- plain SQL). Before, a page was found by walking the clients in name order and adding up their
-- running counts (users.order_counts, 0026): page 100 of the subscriptions read 2,907 clients'
-- rows, ~6 ms of PostgreSQL's time on a slow machine against ~0.5 for the index walk.
ALTER TABLE "service_orders" ADD COLUMN "client_sort_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every order written takes its client's name as it is now: an order's client_id is set on insert
-- and never changes, but an update looks it up again all the same, so the key cannot drift. The
-- client's row is locked until commit, as a rename locks it before rewriting their orders: a rename
-- in progress is waited for and its name read, and one that comes after waits for this order and
-- then rewrites it. (lockOrder, server/data/bookings.ts, takes the client's row before an order's.)
CREATE OR REPLACE FUNCTION service_orders_client_sort_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(full_name) INTO NEW.client_sort_key FROM users WHERE id = NEW.client_id FOR NO KEY UPDATE;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_orders_client_sort_key BEFORE INSERT OR UPDATE ON service_orders
  FOR EACH ROW EXECUTE FUNCTION service_orders_client_sort_key();
--> statement-breakpoint
-- A client renamed: their orders move to the new name's place (through the trigger above, which
-- reads the new name in this transaction). Orders' updated_at is the API's to set, so it stays.
CREATE OR REPLACE FUNCTION users_rename_client_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_orders SET client_sort_key = lower(NEW.full_name) WHERE client_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rename_client_orders AFTER UPDATE OF full_name ON users
  FOR EACH ROW WHEN (lower(OLD.full_name) IS DISTINCT FROM lower(NEW.full_name))
  EXECUTE FUNCTION users_rename_client_orders();
--> statement-breakpoint
-- The orders already there.
UPDATE service_orders SET client_sort_key = lower(users.full_name) FROM users WHERE users.id = service_orders.client_id;--> statement-breakpoint
CREATE INDEX "service_orders_client_sort_idx" ON "service_orders" USING btree ("client_sort_key","client_id","id");--> statement-breakpoint
CREATE INDEX "service_orders_status_client_sort_idx" ON "service_orders" USING btree ("status","client_sort_key","client_id","id");
