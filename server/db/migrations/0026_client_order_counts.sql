-- Each client's orders per status as running counts on their users row, kept by these
-- statement-level triggers inside the writing transaction (whatever writes: the API, the seeds,
-- plain SQL), as 0022 keeps their invoice count, for the bookings' and subscriptions' searched
-- totals (server/data/bookings.ts): they add up the matching clients' counts from the rows the
-- search's index scan finds anyway. Counting their orders probed each matching client's orders:
-- "client1" matches 1,112 clients and 11,021 orders of the large data set, ~4 ms of PostgreSQL's
-- time a request.
ALTER TABLE "users" ADD COLUMN "order_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Adds, per client and status, +1 for each of the statement's new orders and -1 for each of its old
-- ones (an approval moves one order from "pending" to "approved"), and leaves out a status that
-- reaches none, so the column equals a recount. One update per client whose counts change, in key
-- order, as 0022's. Not counted as a change of the person: users_invalidate_on_change (0001)
-- ignores this column.
CREATE OR REPLACE FUNCTION count_client_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
  change record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE users SET order_counts = '{}' WHERE order_counts <> '{}';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := parts || 'SELECT client_id, status, 1 AS n FROM new_rows'::text;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    parts := parts || 'SELECT client_id, status, -1 AS n FROM old_rows'::text;
  END IF;
  FOR change IN EXECUTE format(
    'SELECT d.client_id, jsonb_object_agg(d.status, d.n) AS counts FROM (
       SELECT client_id, status, sum(n) AS n FROM (%s) u GROUP BY client_id, status HAVING sum(n) <> 0
     ) d GROUP BY d.client_id ORDER BY d.client_id',
    array_to_string(parts, ' UNION ALL '))
  LOOP
    UPDATE users SET order_counts = (
      SELECT coalesce(jsonb_object_agg(e.key, e.total), '{}')
      FROM (
        SELECT key, sum(value::int) AS total
        FROM (SELECT * FROM jsonb_each_text(users.order_counts) UNION ALL SELECT * FROM jsonb_each_text(change.counts)) v
        GROUP BY key HAVING sum(value::int) <> 0
      ) e)
    WHERE id = change.client_id;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_orders_client_count_insert AFTER INSERT ON service_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_client_orders();
--> statement-breakpoint
CREATE TRIGGER service_orders_client_count_update AFTER UPDATE ON service_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_client_orders();
--> statement-breakpoint
CREATE TRIGGER service_orders_client_count_delete AFTER DELETE ON service_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_client_orders();
--> statement-breakpoint
CREATE TRIGGER service_orders_client_count_truncate AFTER TRUNCATE ON service_orders
  FOR EACH STATEMENT EXECUTE FUNCTION count_client_orders();
--> statement-breakpoint
-- The counts of the orders already there.
UPDATE users SET order_counts = c.counts
  FROM (
    SELECT client_id, jsonb_object_agg(status, n) AS counts
    FROM (SELECT client_id, status, count(*)::int AS n FROM service_orders GROUP BY client_id, status) s
    GROUP BY client_id
  ) c
  WHERE users.id = c.client_id;
