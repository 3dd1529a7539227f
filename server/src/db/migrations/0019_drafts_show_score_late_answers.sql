CREATE TABLE "late_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" text NOT NULL,
	"given_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "late_answers_decision_check" CHECK ("late_answers"."decision" is null or "late_answers"."decision" in ('accepted','left'))
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "show_score" text DEFAULT 'after_attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stream" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "student_signup_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "late_answers" ADD CONSTRAINT "late_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_answers" ADD CONSTRAINT "late_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_answers" ADD CONSTRAINT "late_answers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "late_answers_attempt_question_key" ON "late_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "late_answers_question_id_idx" ON "late_answers" USING btree ("question_id");--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_status_check" CHECK ("quizzes"."status" in ('draft','published'));--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_show_score_check" CHECK ("quizzes"."show_score" in ('after_attempt','after_close'));