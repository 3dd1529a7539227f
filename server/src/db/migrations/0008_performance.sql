CREATE TABLE "performance_overrides" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"final_score" numeric(5, 2) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"overridden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "submissions_quiz_id_idx";--> statement-breakpoint
DROP INDEX "submissions_user_id_idx";--> statement-breakpoint
ALTER TABLE "performance_overrides" ADD CONSTRAINT "performance_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_overrides" ADD CONSTRAINT "performance_overrides_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performance_overrides_overridden_by_idx" ON "performance_overrides" USING btree ("overridden_by");--> statement-breakpoint
CREATE INDEX "submissions_quiz_id_idx" ON "submissions" USING btree ("quiz_id","user_id","score","graded");--> statement-breakpoint
CREATE INDEX "submissions_user_id_idx" ON "submissions" USING btree ("user_id","quiz_id","score","graded");--> statement-breakpoint
-- Decision 023: the planner's guess of distinct (quiz, student) pairs is otherwise a tenth of the truth, and it then
-- hashes (and spills) instead of streaming the performance aggregates from the covering indexes above.
CREATE STATISTICS IF NOT EXISTS "submissions_quiz_user_stats" (ndistinct) ON "quiz_id", "user_id" FROM "submissions";
