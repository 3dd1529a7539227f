DROP INDEX "audit_logs_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_logs_type_sort_idx" ON "audit_logs" USING btree (lower("entity_type"),"id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_sort_idx" ON "audit_logs" USING btree (lower("action"),"id");--> statement-breakpoint
CREATE INDEX "audit_logs_time_sort_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_sign_in_idx" ON "users" USING btree ("last_sign_in_at");