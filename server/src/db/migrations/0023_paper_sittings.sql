CREATE TABLE "sitting_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitting_id" integer NOT NULL,
	"student_id" integer,
	"version" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"photo_file_id" integer,
	"sheet_file_id" integer,
	"file_name" text NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"submission_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitting_scans_status_check" CHECK ("sitting_scans"."status" in ('queued','reading','refused','review','recorded'))
);
--> statement-breakpoint
CREATE TABLE "sittings" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"stream" text,
	"versions" jsonb NOT NULL,
	"blank_sheets" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sittings_blank_sheets_check" CHECK ("sittings"."blank_sheets" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "sitting_id" integer;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_sheet_file_id_files_id_fk" FOREIGN KEY ("sheet_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_scans" ADD CONSTRAINT "sitting_scans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sitting_scans_sitting_idx" ON "sitting_scans" USING btree ("sitting_id","status","id");--> statement-breakpoint
CREATE INDEX "sitting_scans_student_idx" ON "sitting_scans" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sitting_scans_photo_file_idx" ON "sitting_scans" USING btree ("photo_file_id");--> statement-breakpoint
CREATE INDEX "sitting_scans_sheet_file_idx" ON "sitting_scans" USING btree ("sheet_file_id");--> statement-breakpoint
CREATE INDEX "sitting_scans_submission_idx" ON "sitting_scans" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "sittings_quiz_idx" ON "sittings" USING btree ("quiz_id","id");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_sitting_user_key" ON "attempts" USING btree ("sitting_id","user_id") WHERE sitting_id is not null;--> statement-breakpoint
-- Decision 051: a sheet's photo and straightened image are file rows of their own; when the sheet goes (deleted, or
-- with its sitting or quiz) so do they, and the bytes go with the unreferenced-files sweep.
CREATE FUNCTION "adesua_sitting_scan_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "files" WHERE "id" IN (
    SELECT "photo_file_id" FROM old_rows WHERE "photo_file_id" IS NOT NULL
    UNION SELECT "sheet_file_id" FROM old_rows WHERE "sheet_file_id" IS NOT NULL
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sitting_scan_files_delete" AFTER DELETE ON "sitting_scans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_sitting_scan_files"();
