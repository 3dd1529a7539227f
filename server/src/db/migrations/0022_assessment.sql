CREATE TABLE "mock_marks" (
	"paper_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"mark" numeric(7, 2),
	"question_marks" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_marks_paper_id_student_id_pk" PRIMARY KEY("paper_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "mock_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"mock_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"quiz_id" integer,
	"out_of" numeric(7, 2) DEFAULT 100 NOT NULL,
	"weight" numeric(6, 2) DEFAULT 50 NOT NULL,
	"questions" jsonb,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mock_papers_kind_check" CHECK ("mock_papers"."kind" in ('quiz','marks')),
	CONSTRAINT "mock_papers_out_of_check" CHECK ("mock_papers"."out_of" > 0),
	CONSTRAINT "mock_papers_weight_check" CHECK ("mock_papers"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mock_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"mock_id" integer NOT NULL,
	"name" text NOT NULL,
	"core" boolean DEFAULT false NOT NULL,
	"course_id" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"student_type" text NOT NULL,
	"grading" text DEFAULT 'bands' NOT NULL,
	"bands" jsonb,
	"released_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mocks_student_type_check" CHECK ("mocks"."student_type" in ('jhs1','jhs2','jhs3')),
	CONSTRAINT "mocks_grading_check" CHECK ("mocks"."grading" in ('bands','stanine'))
);
--> statement-breakpoint
CREATE TABLE "term_checks" (
	"term_id" integer NOT NULL,
	"class_name" text NOT NULL,
	"role" text NOT NULL,
	"checked_by" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_checks_term_id_class_name_role_pk" PRIMARY KEY("term_id","class_name","role"),
	CONSTRAINT "term_checks_role_check" CHECK ("term_checks"."role" in ('class_teacher','head_teacher'))
);
--> statement-breakpoint
CREATE TABLE "term_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"part" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"quiz_id" integer,
	"gradebook_id" integer,
	"column_key" text,
	"mock_paper_id" integer,
	"out_of" numeric(7, 2) DEFAULT 100 NOT NULL,
	"weight" numeric(6, 2) DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "term_components_part_check" CHECK ("term_components"."part" in ('class','exam')),
	CONSTRAINT "term_components_kind_check" CHECK ("term_components"."kind" in ('quiz','gradebook','mock','marks')),
	CONSTRAINT "term_components_out_of_check" CHECK ("term_components"."out_of" > 0),
	CONSTRAINT "term_components_weight_check" CHECK ("term_components"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "term_marks" (
	"component_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"mark" numeric(7, 2) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_marks_component_id_student_id_pk" PRIMARY KEY("component_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "term_students" (
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"present" integer,
	"attendance_days" integer,
	"conduct" text,
	"interest" text,
	"teacher_remark" text,
	"head_remark" text,
	"promotion" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_students_term_id_student_id_pk" PRIMARY KEY("term_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "term_subject_students" (
	"subject_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_score_adjusted" numeric(5, 2),
	"adjust_reason" text,
	"remark" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_subject_students_subject_id_student_id_pk" PRIMARY KEY("subject_id","student_id"),
	CONSTRAINT "term_subject_students_reason_check" CHECK ("term_subject_students"."class_score_adjusted" is null or coalesce("term_subject_students"."adjust_reason", '') <> '')
);
--> statement-breakpoint
CREATE TABLE "term_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_id" integer NOT NULL,
	"student_type" text NOT NULL,
	"name" text NOT NULL,
	"course_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "term_subjects_student_type_check" CHECK ("term_subjects"."student_type" in ('jhs1','jhs2','jhs3'))
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" integer DEFAULT 1 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"next_term_begins" date,
	"class_weight" numeric(5, 2) DEFAULT 30 NOT NULL,
	"exam_weight" numeric(5, 2) DEFAULT 70 NOT NULL,
	"position_scope" text DEFAULT 'class' NOT NULL,
	"attendance_days" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_number_check" CHECK ("terms"."number" in (1, 2, 3)),
	CONSTRAINT "terms_dates_check" CHECK ("terms"."ends_on" >= "terms"."starts_on"),
	CONSTRAINT "terms_position_scope_check" CHECK ("terms"."position_scope" in ('class','level')),
	CONSTRAINT "terms_weights_check" CHECK ("terms"."class_weight" >= 0 and "terms"."exam_weight" >= 0 and "terms"."class_weight" + "terms"."exam_weight" = 100)
);
--> statement-breakpoint
CREATE TABLE "guardian_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"student_id" integer,
	"guardian_name" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"file_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_messages_status_check" CHECK ("guardian_messages"."status" in ('sent','failed','exported')),
	CONSTRAINT "guardian_messages_source_kind_check" CHECK ("guardian_messages"."source_kind" in ('mock','term'))
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "school_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "school_address" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "school_motto" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "crest_file_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "assessment" jsonb;--> statement-breakpoint
ALTER TABLE "mock_marks" ADD CONSTRAINT "mock_marks_paper_id_mock_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mock_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_marks" ADD CONSTRAINT "mock_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_marks" ADD CONSTRAINT "mock_marks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_papers" ADD CONSTRAINT "mock_papers_mock_id_mocks_id_fk" FOREIGN KEY ("mock_id") REFERENCES "public"."mocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_papers" ADD CONSTRAINT "mock_papers_subject_id_mock_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."mock_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_papers" ADD CONSTRAINT "mock_papers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_subjects" ADD CONSTRAINT "mock_subjects_mock_id_mocks_id_fk" FOREIGN KEY ("mock_id") REFERENCES "public"."mocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_subjects" ADD CONSTRAINT "mock_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mocks" ADD CONSTRAINT "mocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_checks" ADD CONSTRAINT "term_checks_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_checks" ADD CONSTRAINT "term_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_components" ADD CONSTRAINT "term_components_subject_id_term_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."term_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_components" ADD CONSTRAINT "term_components_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_components" ADD CONSTRAINT "term_components_gradebook_id_gradebooks_id_fk" FOREIGN KEY ("gradebook_id") REFERENCES "public"."gradebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_components" ADD CONSTRAINT "term_components_mock_paper_id_mock_papers_id_fk" FOREIGN KEY ("mock_paper_id") REFERENCES "public"."mock_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_marks" ADD CONSTRAINT "term_marks_component_id_term_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."term_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_marks" ADD CONSTRAINT "term_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_marks" ADD CONSTRAINT "term_marks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_students" ADD CONSTRAINT "term_students_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subject_students" ADD CONSTRAINT "term_subject_students_subject_id_term_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."term_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subject_students" ADD CONSTRAINT "term_subject_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subject_students" ADD CONSTRAINT "term_subject_students_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subjects" ADD CONSTRAINT "term_subjects_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_subjects" ADD CONSTRAINT "term_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_messages" ADD CONSTRAINT "guardian_messages_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_messages" ADD CONSTRAINT "guardian_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_messages" ADD CONSTRAINT "guardian_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mock_marks_student_idx" ON "mock_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mock_papers_mock_idx" ON "mock_papers" USING btree ("mock_id","starts_at");--> statement-breakpoint
CREATE INDEX "mock_papers_subject_idx" ON "mock_papers" USING btree ("subject_id","position");--> statement-breakpoint
CREATE INDEX "mock_papers_quiz_idx" ON "mock_papers" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "mock_papers_starts_idx" ON "mock_papers" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "mock_subjects_mock_idx" ON "mock_subjects" USING btree ("mock_id","position");--> statement-breakpoint
CREATE INDEX "mock_subjects_course_idx" ON "mock_subjects" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "mocks_level_idx" ON "mocks" USING btree ("student_type","id");--> statement-breakpoint
CREATE INDEX "term_components_subject_idx" ON "term_components" USING btree ("subject_id","part","position");--> statement-breakpoint
CREATE INDEX "term_components_quiz_idx" ON "term_components" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "term_components_gradebook_idx" ON "term_components" USING btree ("gradebook_id");--> statement-breakpoint
CREATE INDEX "term_components_mock_paper_idx" ON "term_components" USING btree ("mock_paper_id");--> statement-breakpoint
CREATE INDEX "term_marks_student_idx" ON "term_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "term_students_student_idx" ON "term_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "term_subject_students_student_idx" ON "term_subject_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "term_subjects_term_idx" ON "term_subjects" USING btree ("term_id","student_type","position");--> statement-breakpoint
CREATE INDEX "term_subjects_course_idx" ON "term_subjects" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "terms_starts_idx" ON "terms" USING btree ("starts_on","id");--> statement-breakpoint
CREATE INDEX "guardian_messages_source_idx" ON "guardian_messages" USING btree ("source_kind","source_id","created_at");--> statement-breakpoint
CREATE INDEX "guardian_messages_student_idx" ON "guardian_messages" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "guardian_messages_batch_idx" ON "guardian_messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "guardians_student_idx" ON "guardians" USING btree ("student_id","position");--> statement-breakpoint
CREATE INDEX "print_jobs_user_idx" ON "print_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_crest_file_id_files_id_fk" FOREIGN KEY ("crest_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;