DROP INDEX "login_failures_email_created_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_email_address_created_idx" ON "login_failures" USING btree ("email","address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_created_idx" ON "login_failures" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");