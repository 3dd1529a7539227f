DROP INDEX "submissions_ungraded_quiz_idx";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "manual_score" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "marks" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "graded_by" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "graded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "records_user_quiz_idx" ON "records" USING btree ("user_id","quiz_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_created_at_idx" ON "records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_ungraded_idx" ON "submissions" USING btree ("quiz_id","created_at","id") WHERE not "submissions"."graded";--> statement-breakpoint
CREATE INDEX "submissions_created_at_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_score_idx" ON "submissions" USING btree ("score","id");--> statement-breakpoint
CREATE INDEX "submissions_graded_by_idx" ON "submissions" USING btree ("graded_by");