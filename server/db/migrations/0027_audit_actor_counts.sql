-- The people the audit log names, as running counts in analytics_counters (metric audit_actors,
-- one bucket per person's id), kept by 0011's analytics_count in the writing transaction, whatever
-- writes. The log's filter of people offers those with a count (server/data/audit-log.ts), as its
-- filters of entities and actions offer 0024's audit_log buckets: they were read from the log by a
-- loose index scan per column, ~5 ms over 300,000 entries. A person deleted from users leaves
-- their entries with no actor (ON DELETE SET NULL): that update moves their count away.
CREATE TRIGGER audit_log_actors_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_actors', 'actor_id', 'actor_id IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_actors_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_actors', 'actor_id', 'actor_id IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_actors_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_actors', 'actor_id', 'actor_id IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_actors_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_actors');
--> statement-breakpoint
-- The counts of the entries already there.
INSERT INTO analytics_counters (metric, bucket, count, amount_minor)
  SELECT 'audit_actors', actor_id, count(*), 0 FROM audit_log WHERE actor_id IS NOT NULL GROUP BY actor_id
ON CONFLICT (metric, bucket) DO UPDATE SET count = excluded.count, amount_minor = excluded.amount_minor;
