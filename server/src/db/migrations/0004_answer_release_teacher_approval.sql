CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"student_signup_open" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row_check" CHECK ("settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "show_answers" text DEFAULT 'after_close' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "answers_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_show_answers_check" CHECK ("quizzes"."show_answers" in ('after_close','never','after_last_attempt'));--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_after_last_attempt_practice_check" CHECK ("quizzes"."show_answers" <> 'after_last_attempt' or "quizzes"."practice");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active','pending','rejected'));