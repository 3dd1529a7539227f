CREATE INDEX "quizzes_level_close_idx" ON "quizzes" USING btree ("student_type","close_time","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_level_closed_idx" ON "quizzes" USING btree ("student_type","close_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_level_open_idx" ON "quizzes" USING btree ("student_type","open_time","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quizzes_level_inverted_idx" ON "quizzes" USING btree ("student_type","open_time","close_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "quizzes"."open_time" > "quizzes"."close_time";--> statement-breakpoint
-- Hand-written (decision 033): each level's number of quizzes in row_counts ('quizzes:jhs1', …), kept by
-- statement triggers as decision 026 keeps the big tables' sizes, so a student's quiz list total and the
-- home summary read a few rows instead of counting the level's quizzes on every request. An update
-- that moves quizzes between levels moves their count; any other update nets to zero and writes nothing.
CREATE FUNCTION "adesua_count_quizzes_by_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" AS rc ("table_name", "shard", "n")
      SELECT 'quizzes:' || "student_type", pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY "student_type"
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "n" = rc."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "row_counts" AS rc ("table_name", "shard", "n")
      SELECT 'quizzes:' || "student_type", pg_backend_pid() % 8, -count(*) FROM old_rows GROUP BY "student_type"
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "n" = rc."n" + excluded."n";
  ELSE
    INSERT INTO "row_counts" AS rc ("table_name", "shard", "n")
      SELECT 'quizzes:' || "student_type", pg_backend_pid() % 8, sum(d)
      FROM (SELECT "student_type", 1 AS d FROM new_rows UNION ALL SELECT "student_type", -1 FROM old_rows) moved
      GROUP BY "student_type" HAVING sum(d) <> 0
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "n" = rc."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quizzes_level_count_insert" AFTER INSERT ON "quizzes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_quizzes_by_level"();--> statement-breakpoint
CREATE TRIGGER "quizzes_level_count_delete" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_quizzes_by_level"();--> statement-breakpoint
CREATE TRIGGER "quizzes_level_count_update" AFTER UPDATE ON "quizzes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_quizzes_by_level"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "n") SELECT 'quizzes:' || "student_type", 0, count(*) FROM "quizzes" GROUP BY "student_type";
--> statement-breakpoint
-- Hand-written (decision 033): the number of courses in row_counts (decision 026's triggers), so the
-- unfiltered course list reads its page from courses_title_idx with LIMIT instead of counting all courses.
CREATE TRIGGER "courses_count_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "courses_count_delete" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "n") SELECT 'courses', 0, count(*) FROM "courses";
