-- The audit log's and the enquiries' totals as running counts in analytics_counters, kept by 0011's
-- analytics_count in the writing transaction (whatever writes: the API, the CLI, plain SQL). Both
-- tables only grow, and their screens counted every row on every page they showed: now a page with
-- no filter, or with only the filter a bucket is (the audit log's kind, the enquiries' status), reads
-- a few counter rows (server/data/audit-log.ts, server/data/enquiries.ts).
--
-- The audit log per entity and action ("task|task.update"): its kind filter is an entity or an action.
CREATE TRIGGER audit_log_analytics_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_log', 'entity || ''|'' || action', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_analytics_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_log', 'entity || ''|'' || action', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_analytics_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_log', 'entity || ''|'' || action', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER audit_log_analytics_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('audit_log');
--> statement-breakpoint
-- Enquiries by status.
CREATE TRIGGER contact_enquiries_analytics_insert AFTER INSERT ON contact_enquiries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('enquiries', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER contact_enquiries_analytics_update AFTER UPDATE ON contact_enquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('enquiries', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER contact_enquiries_analytics_delete AFTER DELETE ON contact_enquiries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('enquiries', 'status', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER contact_enquiries_analytics_truncate AFTER TRUNCATE ON contact_enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('enquiries');
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO analytics_counters (metric, bucket, count, amount_minor)
  SELECT 'audit_log', entity || '|' || action, count(*), 0 FROM audit_log GROUP BY 2
  UNION ALL SELECT 'enquiries', status, count(*), 0 FROM contact_enquiries GROUP BY status
ON CONFLICT (metric, bucket) DO UPDATE SET count = excluded.count, amount_minor = excluded.amount_minor;
