DROP INDEX "sessions_user_idx";--> statement-breakpoint
CREATE INDEX "sessions_user_created_idx" ON "sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_value_idx" ON "verifications" USING btree ("value");