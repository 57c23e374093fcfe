CREATE TABLE "message_files" (
	"message_id" uuid NOT NULL,
	"file_id" uuid,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "message_files_message_id_position_pk" PRIMARY KEY("message_id","position")
);
--> statement-breakpoint
ALTER TABLE "project_messages" DROP CONSTRAINT "project_messages_message_check";--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_message_id_project_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."project_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_file_id_project_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_files_file_idx" ON "message_files" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_message_check" CHECK (length(message) <= 4000);