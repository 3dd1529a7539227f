CREATE TABLE "gradebook_cells" (
	"table_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"column_key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gradebook_cells_table_id_student_id_column_key_pk" PRIMARY KEY("table_id","student_id","column_key")
);
--> statement-breakpoint
CREATE TABLE "gradebooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'grade' NOT NULL,
	"columns" jsonb NOT NULL,
	"access_level" text DEFAULT 'public' NOT NULL,
	"student_type" text,
	"course_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gradebooks_access_level_check" CHECK ("gradebooks"."access_level" in ('public','private')),
	CONSTRAINT "gradebooks_student_type_check" CHECK ("gradebooks"."student_type" is null or "gradebooks"."student_type" in ('jhs1','jhs2','jhs3'))
);
--> statement-breakpoint
DROP INDEX "records_quiz_id_idx";--> statement-breakpoint
ALTER TABLE "gradebook_cells" ADD CONSTRAINT "gradebook_cells_table_id_gradebooks_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."gradebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebook_cells" ADD CONSTRAINT "gradebook_cells_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebook_cells" ADD CONSTRAINT "gradebook_cells_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebooks" ADD CONSTRAINT "gradebooks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebooks" ADD CONSTRAINT "gradebooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gradebook_cells_student_id_idx" ON "gradebook_cells" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "gradebook_cells_updated_by_idx" ON "gradebook_cells" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "gradebooks_name_idx" ON "gradebooks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "gradebooks_course_id_idx" ON "gradebooks" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "gradebooks_created_by_idx" ON "gradebooks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "records_quiz_user_idx" ON "records" USING btree ("quiz_id","user_id","created_at","score");--> statement-breakpoint
CREATE INDEX "submissions_ungraded_quiz_idx" ON "submissions" USING btree ("quiz_id") WHERE not "submissions"."graded";