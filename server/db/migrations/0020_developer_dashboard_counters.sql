-- The developer dashboard's figures (issue #11, item 4) as running totals in analytics_counters,
-- kept by analytics_count() (0011_analytics_counters_triggers) in the writing transaction: the
-- read is five primary-key rows, where it counted the developer's tasks (~1,900 for the busiest
-- developer of the large data set) and assignments (~1,000) on every request.
-- developer_tasks: one bucket per assignee and status, '<user id>:<status>', unassigned tasks not counted.
-- developer_projects: one bucket per developer, '<user id>', counting their assignments.
CREATE TRIGGER tasks_developer_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_tasks', 'assigned_to::text || '':'' || status', 'assigned_to IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_developer_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_tasks', 'assigned_to::text || '':'' || status', 'assigned_to IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_developer_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_tasks', 'assigned_to::text || '':'' || status', 'assigned_to IS NOT NULL', '0');
--> statement-breakpoint
CREATE TRIGGER tasks_developer_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_tasks');
--> statement-breakpoint
CREATE TRIGGER project_developers_analytics_insert AFTER INSERT ON project_developers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_projects', 'developer_id::text', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER project_developers_analytics_update AFTER UPDATE ON project_developers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_projects', 'developer_id::text', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER project_developers_analytics_delete AFTER DELETE ON project_developers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_projects', 'developer_id::text', 'true', '0');
--> statement-breakpoint
CREATE TRIGGER project_developers_analytics_truncate AFTER TRUNCATE ON project_developers
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count('developer_projects');
--> statement-breakpoint
-- The totals of the rows already there.
INSERT INTO analytics_counters (metric, bucket, count, amount_minor)
  SELECT 'developer_tasks', assigned_to::text || ':' || status, count(*), 0 FROM tasks WHERE assigned_to IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'developer_projects', developer_id::text, count(*), 0 FROM project_developers GROUP BY 2
ON CONFLICT (metric, bucket) DO UPDATE SET count = excluded.count, amount_minor = excluded.amount_minor;
