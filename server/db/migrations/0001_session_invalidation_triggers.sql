-- Access follows the database, not a cache: whatever ends a session or changes what a
-- session carries (role, deactivation, profile) -- the API, an administrator's tool, another
-- server process or plain SQL -- announces it on the channel every server process listens
-- to (server/app.ts, SESSION_CHANNEL). Each process then drops its cached sessions for that
-- person and re-checks their open live sockets and subscriptions.
CREATE OR REPLACE FUNCTION notify_session_invalidation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_invalidations', json_build_object('userId', OLD.user_id, 'token', OLD.token)::text);
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_invalidations', json_build_object('userId', OLD.id)::text);
    RETURN OLD;
  END IF;
  IF (NEW.role, NEW.archived_at, NEW.email, NEW.email_verified, NEW.full_name, NEW.company_name)
     IS DISTINCT FROM (OLD.role, OLD.archived_at, OLD.email, OLD.email_verified, OLD.full_name, OLD.company_name) THEN
    PERFORM pg_notify('session_invalidations', json_build_object('userId', NEW.id)::text);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_invalidate_on_delete
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
--> statement-breakpoint
-- A session cut short (its expiry moved earlier) ends too; refreshes only move it later.
CREATE TRIGGER sessions_invalidate_on_shortening
  AFTER UPDATE OF expires_at ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION notify_session_invalidation();
--> statement-breakpoint
CREATE TRIGGER users_invalidate_on_change
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_invalidation();
