-- The audit log's entries per day, as running counts in analytics_counters (metric audit_days, one
-- bucket per day in Lagos, "YYYY-MM-DD"), kept by 0011's analytics_count in the writing transaction,
-- whatever writes. The log's day range filter (from, to: whole days in Lagos) counted every entry in
-- the range on audit_log_created_idx, 0.75 ms for a busy week of 6,720 and growing with the range;
-- the sum of its days' counters is one primary-key range of at most a row a day
-- (server/data/audit-log.ts).
CREATE TRIGGER audit_log_days_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_days', 'to_char(created_at at time zone ''Africa/Lagos'', ''YYYY-MM-DD'')', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_days_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_days', 'to_char(created_at at time zone ''Africa/Lagos'', ''YYYY-MM-DD'')', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_days_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_days', 'to_char(created_at at time zone ''Africa/Lagos'', ''YYYY-MM-DD'')', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_days_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_days');
--> statement-breakpoint
-- The counts of the entries already there.
INSERT INTO analytics_counters (metric, bucket, count, amount_minor)
  SELECT 'audit_days', to_char(created_at at time zone 'Africa/Lagos', 'YYYY-MM-DD'), count(*), 0 FROM audit_log GROUP BY 2
ON CONFLICT (metric, bucket) DO UPDATE SET count = excluded.count, amount_minor = excluded.amount_minor;
