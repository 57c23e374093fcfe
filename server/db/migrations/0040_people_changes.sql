-- Whoever is added, removed, deactivated, reactivated, given another role or renamed -- by the API,
-- by better-auth's sign-up, by another server process or by plain SQL -- is announced on the live
-- channel as a "people" change (server/functions/changes.ts), so the administrators' open counters
-- (the dashboard's clients and developers, the analytics) refetch. From the table, as the session
-- invalidations of 0001 are: a write path that forgot to publish would leave them stale.
CREATE OR REPLACE FUNCTION publish_people_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  person_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM pg_notify('app_changes', json_build_object('topic', 'people', 'op', lower(TG_OP), 'id', person_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_publish_people_added_or_removed
  AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION publish_people_change();
--> statement-breakpoint
CREATE TRIGGER users_publish_people_changed
  AFTER UPDATE ON users
  FOR EACH ROW WHEN ((NEW.role, NEW.archived_at, NEW.full_name, NEW.company_name)
    IS DISTINCT FROM (OLD.role, OLD.archived_at, OLD.full_name, OLD.company_name))
  EXECUTE FUNCTION publish_people_change();
