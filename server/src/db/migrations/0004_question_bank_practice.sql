CREATE TABLE "practice_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"subject" text NOT NULL,
	"section" text NOT NULL,
	"score" integer NOT NULL,
	"total" integer NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"time_taken_seconds" integer,
	"retry_of" integer,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_results" ADD CONSTRAINT "practice_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_results" ADD CONSTRAINT "practice_results_retry_of_practice_results_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."practice_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_results_user_idx" ON "practice_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_bank_fingerprint_idx" ON "questions" USING btree ("fingerprint") WHERE "questions"."quiz_id" is null;