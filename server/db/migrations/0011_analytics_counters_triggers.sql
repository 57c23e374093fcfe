-- Analytics (issue #7, item 11): the admin analytics figures are running totals in
-- analytics_counters, kept by these statement-level triggers inside the writing
-- transaction -- whatever writes (the API, an administrator's tool, the seeds, plain SQL).
-- The read is then a few primary-key rows however large the tables grow, and exact: a
-- rolled-back write rolls its counter change back with it.
--
-- analytics_count(metric, bucket expression, counted condition, amount expression) adds,
-- per bucket, +1 (and +amount) for each counted row of the statement's new rows and -1
-- for each of its old rows, in one INSERT ... ON CONFLICT per statement. Updates that move
-- no figure (a title edit) change no counter row and take no lock on one. Buckets are
-- written in key order so concurrent writers lock counter rows in the same order.
CREATE OR REPLACE FUNCTION analytics_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  metric text := TG_ARGV[0];
  bucket text := TG_ARGV[1];
  counted text := TG_ARGV[2];
  amount text := TG_ARGV[3];
  parts text[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM analytics_counters WHERE analytics_counters.metric = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := parts || format('SELECT (%s) AS bucket, 1::bigint AS n, (%s)::bigint AS a FROM new_rows WHERE %s', bucket, amount, counted);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    parts := parts || format('SELECT (%s) AS bucket, -1::bigint AS n, -((%s)::bigint) AS a FROM old_rows WHERE %s', bucket, amount, counted);
  END IF;
  EXECUTE format(
    'INSERT INTO analytics_counters AS c (metric, bucket, count, amount_minor)
     SELECT %L, d.bucket, sum(d.n), sum(d.a) FROM (%s) d
     GROUP BY d.bucket HAVING sum(d.n) <> 0 OR sum(d.a) <> 0 ORDER BY d.bucket
     ON CONFLICT (metric, bucket) DO UPDATE
       SET count = c.count + excluded.count, amount_minor = c.amount_minor + excluded.amount_minor',
    metric, array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- People by role: active accounts only (a deactivated person is not counted).
CREATE TRIGGER users_analytics_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('users', 'role', 'archived_at IS NULL', '0');
--> statement-breakpoint
CREATE TRIGGER users_analytics_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('users', 'role', 'archived_at IS NULL', '0');
--> statement-breakpoint
CREATE TRIGGER users_analytics_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('users', 'role', 'archived_at IS NULL', '0');
--> statement-breakpoint
CREATE TRIGGER users_analytics_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('users');
--> statement-breakpoint
-- Projects by status.
CREATE TRIGGER projects_analytics_insert AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('projects', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER projects_analytics_update AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('projects', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER projects_analytics_delete AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('projects', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER projects_analytics_truncate AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('projects');
--> statement-breakpoint
-- Tasks by status.
CREATE TRIGGER tasks_analytics_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('tasks', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_analytics_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('tasks', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_analytics_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('tasks', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_analytics_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('tasks');
--> statement-breakpoint
-- Service orders by status, with the sum of their totals (approved ones are the active subscriptions).
CREATE TRIGGER service_orders_analytics_insert AFTER INSERT ON service_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('orders', 'status', 'true', 'total_amount_minor');
--> statement-breakpoint
CREATE TRIGGER service_orders_analytics_update AFTER UPDATE ON service_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('orders', 'status', 'true', 'total_amount_minor');
--> statement-breakpoint
CREATE TRIGGER service_orders_analytics_delete AFTER DELETE ON service_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('orders', 'status', 'true', 'total_amount_minor');
--> statement-breakpoint
CREATE TRIGGER service_orders_analytics_truncate AFTER TRUNCATE ON service_orders
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('orders');
--> statement-breakpoint
-- Revenue: paid invoices by the month (in Lagos) they were paid, with their amounts.
CREATE TRIGGER invoices_analytics_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('revenue', 'coalesce(to_char(paid_date at time zone ''Africa/Lagos'', ''YYYY-MM''), '''')', 'status = ''paid''', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_analytics_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('revenue', 'coalesce(to_char(paid_date at time zone ''Africa/Lagos'', ''YYYY-MM''), '''')', 'status = ''paid''', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_analytics_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('revenue', 'coalesce(to_char(paid_date at time zone ''Africa/Lagos'', ''YYYY-MM''), '''')', 'status = ''paid''', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_analytics_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('revenue');
--> statement-breakpoint
-- Invoices by stored status (the admin dashboard's unpaid counter: an overdue invoice is stored unpaid).
CREATE TRIGGER invoices_status_analytics_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('invoices', 'status', 'true', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_status_analytics_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('invoices', 'status', 'true', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_status_analytics_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('invoices', 'status', 'true', 'amount_minor');
--> statement-breakpoint
CREATE TRIGGER invoices_status_analytics_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('invoices');
--> statement-breakpoint
-- The totals of the rows already there.
INSERT INTO analytics_counters (metric, bucket, count, amount_minor)
  SELECT 'users', role, count(*), 0 FROM users WHERE archived_at IS NULL GROUP BY role
  UNION ALL SELECT 'projects', status, count(*), 0 FROM projects GROUP BY status
  UNION ALL SELECT 'tasks', status, count(*), 0 FROM tasks GROUP BY status
  UNION ALL SELECT 'orders', status, count(*), sum(total_amount_minor) FROM service_orders GROUP BY status
  UNION ALL SELECT 'invoices', status, count(*), sum(amount_minor) FROM invoices GROUP BY status
  UNION ALL SELECT 'revenue', coalesce(to_char(paid_date at time zone 'Africa/Lagos', 'YYYY-MM'), ''), count(*), sum(amount_minor)
    FROM invoices WHERE status = 'paid' GROUP BY 2
ON CONFLICT (metric, bucket) DO UPDATE SET count = excluded.count, amount_minor = excluded.amount_minor;
