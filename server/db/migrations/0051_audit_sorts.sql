-- The audit log sorts by its columns (issue #7): When, and now Who and What. Who is the person's name
-- when they made the change, kept on the entry as a log keeps what was: a rename later does not rewrite
-- the log, and the name sorts on an index of the log's own (a sort through a join to users sorted every
-- entry on each page). What sorts on audit_log_action_created_idx (0008), and a person's few entries by
-- What on their index, which now holds the action.
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;
--> statement-breakpoint
-- The entries written before this migration take the name their person has now: the only one known.
UPDATE audit_log SET actor_name = users.full_name FROM users WHERE users.id = audit_log.actor_id;
--> statement-breakpoint
-- Every new entry, whatever writes it (the API, the CLI, the large data set's generator, plain SQL).
CREATE FUNCTION audit_log_actor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor_name IS NULL AND NEW.actor_id IS NOT NULL THEN
    NEW.actor_name := (SELECT full_name FROM users WHERE id = NEW.actor_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_actor_name BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_actor_name();
--> statement-breakpoint
CREATE INDEX "audit_log_actor_name_created_idx" ON "audit_log" USING btree (lower("actor_name"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"actor_name");
--> statement-breakpoint
DROP INDEX "audit_log_actor_created_idx";
--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"action");
