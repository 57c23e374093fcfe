-- The unread badges' page (server/data/unread.ts unreadSummary: most unread first, then by project,
-- at most UNREAD_PROJECTS_MAX) read in the index's order. An administrator reads every project, so
-- their rows with something unread may be most of the projects (50,000 in the large data set), which
-- the old index (user_id, project_id, unread) made PostgreSQL sort on every message anywhere. The
-- total is summed from this index alone, as from the old one.
DROP INDEX "project_reads_unread_idx";--> statement-breakpoint
CREATE INDEX "project_reads_user_unread_idx" ON "project_reads" USING btree ("user_id","unread" DESC NULLS FIRST,"project_id") WHERE unread > 0;
