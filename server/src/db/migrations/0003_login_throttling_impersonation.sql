DROP INDEX "login_failures_email_created_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_email_address_created_idx" ON "login_failures" USING btree ("email","address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_created_idx" ON "login_failures" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_parent_session_id_idx" ON "sessions" USING btree ("parent_session_id");