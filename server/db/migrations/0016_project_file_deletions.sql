CREATE TABLE "project_file_deletions" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every deleted project file is noted here in the deleting transaction, whatever deleted it
-- (the Files panel, a failed or abandoned upload, a project deleted with its files by cascade,
-- plain SQL), so its content in an S3-compatible store is deleted after the commit or, if the
-- store cannot be reached then, by a later sweep (server/files/store.ts, purgeDeletedContent).
-- One statement-level trigger: a cascade of a thousand files is one INSERT.
CREATE OR REPLACE FUNCTION note_project_file_deletions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_file_deletions (file_id) SELECT id FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER project_files_note_deletions
  AFTER DELETE ON project_files
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_project_file_deletions();
