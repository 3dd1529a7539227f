ALTER TABLE "questions" ALTER COLUMN "quiz_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "source_question_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_source_question_id_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_bank_group_idx" ON "questions" USING btree ("subject","year","section","position") WHERE "questions"."quiz_id" is null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_fields" CHECK ("questions"."quiz_id" is not null or ("questions"."year" is not null and "questions"."subject" is not null and "questions"."section" is not null and "questions"."section" in ('A', 'B')));