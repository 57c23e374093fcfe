CREATE TABLE "project_reads" (
	"user_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	CONSTRAINT "project_reads_user_id_project_id_pk" PRIMARY KEY("user_id","project_id"),
	CONSTRAINT "project_reads_unread_check" CHECK (unread >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_reads" ADD CONSTRAINT "project_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reads" ADD CONSTRAINT "project_reads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_reads_unread_idx" ON "project_reads" USING btree ("user_id","project_id","unread") WHERE unread > 0;