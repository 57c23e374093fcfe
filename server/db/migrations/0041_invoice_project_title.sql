-- An invoice names its project by the title its client knew: kept here while the project is the
-- invoice's client's, and left as it was once the project is given to another client, whose later
-- titles the first client's invoices (list, PDF, live rows) must not show.
ALTER TABLE "invoices" ADD COLUMN "project_title" text;
--> statement-breakpoint
-- Every invoice starts from its project's title now, as it showed until this migration (one whose project
-- has moved since cannot know the title its client saw then): from here on, the triggers keep it.
UPDATE invoices SET project_title = projects.title FROM projects WHERE projects.id = invoices.project_id;
--> statement-breakpoint
-- A new invoice, or one moved to another project or client, takes the project's title when the
-- project is its client's.
CREATE FUNCTION invoices_project_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.project_id IS NOT DISTINCT FROM OLD.project_id AND NEW.client_id = OLD.client_id THEN
    RETURN NEW;
  END IF;
  -- FOR SHARE: a retitle or a move of the project under way is waited for, and the title read after it;
  -- read before it, the retitle's own trigger would not see this invoice and its title would stay old.
  NEW.project_title := (SELECT title FROM projects WHERE id = NEW.project_id AND client_id = NEW.client_id FOR SHARE);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_project_title BEFORE INSERT OR UPDATE OF project_id, client_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_project_title();
--> statement-breakpoint
-- A project retitled, or given (back) to a client: the invoices of its client now follow its title;
-- another client's invoices on it keep the title they knew. On invoices_project_idx.
CREATE FUNCTION projects_invoice_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title OR NEW.client_id IS DISTINCT FROM OLD.client_id THEN
    UPDATE invoices SET project_title = NEW.title
      WHERE project_id = NEW.id AND client_id = NEW.client_id AND project_title IS DISTINCT FROM NEW.title;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_invoice_titles AFTER UPDATE OF title, client_id ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_invoice_titles();
