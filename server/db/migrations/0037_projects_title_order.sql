-- The projects list searched by the start of a title is in title order (server/data/projects.ts),
-- read along an index in that order so a page costs its own size whatever the text matches. Newest
-- first, "project 1" on the large data set walked 30,001 newer rows before its first match.
DROP INDEX "projects_title_prefix_idx";--> statement-breakpoint
CREATE INDEX "projects_title_idx" ON "projects" USING btree (lower("title") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "projects_status_title_idx" ON "projects" USING btree ("status",lower("title") text_pattern_ops,"id");--> statement-breakpoint
-- A developer's projects are chosen on their assignments: each carries its project's lowered title,
-- kept by the triggers below inside the writing transaction (whatever writes: the API, the seeds,
-- plain SQL), as service_orders.client_sort_key is (0028). Walking the titles' index and keeping a
-- developer's read 2,394 projects for the busiest one's page of "project 1" (51 ms cold).
ALTER TABLE "project_developers" ADD COLUMN "project_title_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every assignment written takes its project's title as it is now. The project's row is locked
-- until commit, as a retitling locks it before rewriting its assignments: one in progress is waited
-- for and its title read, and one that comes after waits for this assignment and then rewrites it.
CREATE OR REPLACE FUNCTION project_developers_title_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(title) INTO NEW.project_title_key FROM projects WHERE id = NEW.project_id FOR NO KEY UPDATE;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER project_developers_title_key BEFORE INSERT OR UPDATE ON project_developers
  FOR EACH ROW EXECUTE FUNCTION project_developers_title_key();
--> statement-breakpoint
-- A project retitled: its assignments move to the new title's place (through the trigger above,
-- which reads the new title in this transaction).
CREATE OR REPLACE FUNCTION projects_retitle_assignments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_developers SET project_title_key = lower(NEW.title) WHERE project_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_retitle_assignments AFTER UPDATE OF title ON projects
  FOR EACH ROW WHEN (lower(OLD.title) IS DISTINCT FROM lower(NEW.title))
  EXECUTE FUNCTION projects_retitle_assignments();
--> statement-breakpoint
-- The assignments already there.
UPDATE project_developers SET project_title_key = lower(projects.title) FROM projects WHERE projects.id = project_developers.project_id;--> statement-breakpoint
CREATE INDEX "project_developers_developer_title_idx" ON "project_developers" USING btree ("developer_id","project_title_key" text_pattern_ops,"project_id");
