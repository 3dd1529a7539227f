CREATE TABLE "student_scope_scores" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"quiz_teacher" integer DEFAULT 0 NOT NULL,
	"quizzes" integer DEFAULT 0 NOT NULL,
	"best_sum" numeric DEFAULT '0' NOT NULL,
	"best_max" numeric(5, 2),
	"weighted_sum" numeric DEFAULT '0' NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_scope_scores_user_id_course_id_quiz_teacher_pk" PRIMARY KEY("user_id","course_id","quiz_teacher")
);
--> statement-breakpoint
CREATE TABLE "student_teacher_results" (
	"user_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"quizzes" integer DEFAULT 0 NOT NULL,
	"best_sum" numeric DEFAULT '0' NOT NULL,
	"pass_sum" numeric DEFAULT '0' NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT '0' NOT NULL,
	"last_at" timestamp with time zone,
	"recent" numeric[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "student_teacher_results_user_id_teacher_id_pk" PRIMARY KEY("user_id","teacher_id")
);
--> statement-breakpoint
ALTER TABLE "student_scope_scores" ADD CONSTRAINT "student_scope_scores_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_teacher_results" ADD CONSTRAINT "student_teacher_results_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_scope_scores_course_idx" ON "student_scope_scores" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "student_scope_scores_teacher_idx" ON "student_scope_scores" USING btree ("quiz_teacher","user_id");--> statement-breakpoint
CREATE INDEX "student_teacher_results_teacher_idx" ON "student_teacher_results" USING btree ("teacher_id","user_id");--> statement-breakpoint
CREATE INDEX "quiz_student_scores_user_idx" ON "quiz_student_scores" USING btree ("user_id");
--> statement-breakpoint
-- Hand-written (issue 12, decision 036): each student's figures per (course, quiz teacher), summed by the students'
-- performance list. Kept by the database, like quiz_student_scores (decision 030): the submissions trigger refreshes
-- the rows of the pairs whose best score changed, after all its pairs and in (student, course, teacher) order; triggers
-- on quizzes (a quiz moved to another course or teacher, or deleted) and on questions (the weighted strategy counts a
-- quiz's questions) rebuild what they change.
-- One query computes a (course, quiz teacher)'s rows from quiz_student_scores (one student's, or all), for the refresh,
-- the rebuild and the first fill; a row is recomputed under its own lock (upsert first, then a fresh statement).
CREATE FUNCTION "adesua_student_scope_of"(p_user integer, p_course integer, p_teacher integer)
  RETURNS TABLE ("user_id" integer, "quizzes" integer, "best_sum" numeric, "best_max" numeric, "weighted_sum" numeric, "questions" integer)
  LANGUAGE sql STABLE AS $$
  SELECT p."user_id", count(*)::int, sum(p."best"), max(p."best"), sum(p."best" * c."n"), sum(c."n")::int
  FROM "quiz_student_scores" p
  JOIN "quizzes" q ON q."id" = p."quiz_id"
  CROSS JOIN LATERAL (SELECT count(*)::int AS "n" FROM "questions" x WHERE x."quiz_id" = q."id") c
  WHERE (p_user IS NULL OR p."user_id" = p_user) AND p."best" IS NOT NULL
    AND q."course_id" = p_course AND coalesce(q."teacher_id", 0) = p_teacher
  GROUP BY p."user_id"
$$;--> statement-breakpoint
CREATE FUNCTION "adesua_student_scope_refresh"(p_user integer, p_course integer, p_teacher integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  INSERT INTO "student_scope_scores" AS t ("user_id", "course_id", "quiz_teacher") VALUES (p_user, p_course, p_teacher)
    ON CONFLICT ("user_id", "course_id", "quiz_teacher") DO UPDATE SET "quizzes" = t."quizzes";
  SELECT * INTO x FROM "adesua_student_scope_of"(p_user, p_course, p_teacher);
  IF NOT FOUND THEN
    DELETE FROM "student_scope_scores" WHERE "user_id" = p_user AND "course_id" = p_course AND "quiz_teacher" = p_teacher;
  ELSE
    UPDATE "student_scope_scores" SET "quizzes" = x."quizzes", "best_sum" = x."best_sum", "best_max" = x."best_max",
      "weighted_sum" = x."weighted_sum", "questions" = x."questions"
    WHERE "user_id" = p_user AND "course_id" = p_course AND "quiz_teacher" = p_teacher;
  END IF;
END
$$;--> statement-breakpoint
-- The pair function now says whether the pair's best score changed (its quiz counts only then change).
DROP FUNCTION "adesua_quiz_score_pair"(integer, integer);--> statement-breakpoint
CREATE FUNCTION "adesua_quiz_score_pair"(p_quiz integer, p_user integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  o_subs integer;
  o_best numeric;
  n integer;
  b numeric;
  sh integer := pg_backend_pid() % 16;
BEGIN
  -- A quiz being deleted takes its rows with it (foreign keys); its submissions' cascade must not recreate them.
  PERFORM 1 FROM "quizzes" WHERE "id" = p_quiz;
  IF NOT FOUND THEN RETURN false; END IF;
  INSERT INTO "quiz_score_shards" AS s ("quiz_id", "shard", "changes") VALUES (p_quiz, sh, 1)
    ON CONFLICT ("quiz_id", "shard") DO UPDATE SET "changes" = s."changes" + 1;
  INSERT INTO "quiz_student_scores" AS p ("quiz_id", "user_id") VALUES (p_quiz, p_user)
    ON CONFLICT ("quiz_id", "user_id") DO UPDATE SET "submissions" = p."submissions"
    RETURNING p."submissions", p."best" INTO o_subs, o_best;
  SELECT count(*), max("score") FILTER (WHERE "graded") INTO n, b FROM "submissions" WHERE "quiz_id" = p_quiz AND "user_id" = p_user;
  IF n = 0 THEN
    DELETE FROM "quiz_student_scores" WHERE "quiz_id" = p_quiz AND "user_id" = p_user;
  ELSIF n <> o_subs OR b IS DISTINCT FROM o_best THEN
    UPDATE "quiz_student_scores" SET "submissions" = n, "best" = b WHERE "quiz_id" = p_quiz AND "user_id" = p_user;
  END IF;
  IF n <> o_subs OR b IS DISTINCT FROM o_best THEN
    UPDATE "quiz_score_shards" SET
      "students" = "students" + (n > 0)::int - (o_subs > 0)::int,
      "submissions" = "submissions" + n - o_subs,
      "scored" = "scored" + (b IS NOT NULL)::int - (o_best IS NOT NULL)::int,
      "score_sum" = "score_sum" + coalesce(b, 0) - coalesce(o_best, 0)
    WHERE "quiz_id" = p_quiz AND "shard" = sh;
  END IF;
  RETURN b IS DISTINCT FROM o_best;
END
$$;--> statement-breakpoint
-- The pairs in (quiz, student) order, then the (student, course, teacher) rows of those whose best changed, in that
-- order: every statement takes pair locks before row locks, each in one global order, so two cannot deadlock.
CREATE OR REPLACE FUNCTION "adesua_quiz_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  pq integer[];
  pu integer[];
  cq integer[] := '{}';
  cu integer[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("quiz_id" ORDER BY "quiz_id", "user_id"), array_agg("user_id" ORDER BY "quiz_id", "user_id") INTO pq, pu
    FROM (SELECT DISTINCT "quiz_id", "user_id" FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("quiz_id" ORDER BY "quiz_id", "user_id"), array_agg("user_id" ORDER BY "quiz_id", "user_id") INTO pq, pu
    FROM (SELECT DISTINCT "quiz_id", "user_id" FROM old_rows) k;
  ELSE
    -- attempt_id too: a deleted attempt changes the item analysis (its answers are gone), so it must bump the quiz's changes.
    WITH changed AS (
      SELECT o."quiz_id" AS oq, o."user_id" AS ou, n."quiz_id" AS nq, n."user_id" AS nu
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE o."quiz_id" <> n."quiz_id" OR o."user_id" <> n."user_id" OR o."score" IS DISTINCT FROM n."score"
         OR o."graded" <> n."graded" OR o."attempt_id" IS DISTINCT FROM n."attempt_id"
    )
    SELECT array_agg("quiz_id" ORDER BY "quiz_id", "user_id"), array_agg("user_id" ORDER BY "quiz_id", "user_id") INTO pq, pu
    FROM (SELECT oq AS "quiz_id", ou AS "user_id" FROM changed UNION SELECT nq, nu FROM changed) k;
  END IF;
  IF pq IS NULL THEN RETURN NULL; END IF;
  FOR r IN SELECT k."quiz_id", k."user_id" FROM unnest(pq, pu) WITH ORDINALITY AS k("quiz_id", "user_id", "i") ORDER BY k."i" LOOP
    IF "adesua_quiz_score_pair"(r."quiz_id", r."user_id") THEN
      cq := cq || r."quiz_id";
      cu := cu || r."user_id";
    END IF;
  END LOOP;
  FOR r IN
    SELECT DISTINCT k."user_id", q."course_id", coalesce(q."teacher_id", 0) AS "teacher"
    FROM unnest(cq, cu) AS k("quiz_id", "user_id") JOIN "quizzes" q ON q."id" = k."quiz_id"
    ORDER BY 1, 2, 3
  LOOP
    PERFORM "adesua_student_scope_refresh"(r."user_id", r."course_id", r."teacher");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every row of one (course, quiz teacher), rebuilt from quiz_student_scores: a quiz moved or deleted.
CREATE FUNCTION "adesua_student_scope_rebuild"(p_course integer, p_teacher integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "student_scope_scores" WHERE "course_id" = p_course AND "quiz_teacher" = p_teacher;
  INSERT INTO "student_scope_scores" ("user_id", "course_id", "quiz_teacher", "quizzes", "best_sum", "best_max", "weighted_sum", "questions")
    SELECT x."user_id", p_course, p_teacher, x."quizzes", x."best_sum", x."best_max", x."weighted_sum", x."questions"
    FROM "adesua_student_scope_of"(NULL, p_course, p_teacher) x
    WHERE EXISTS (SELECT 1 FROM "courses" WHERE "id" = p_course)
    ON CONFLICT ("user_id", "course_id", "quiz_teacher") DO UPDATE SET "quizzes" = excluded."quizzes", "best_sum" = excluded."best_sum",
      "best_max" = excluded."best_max", "weighted_sum" = excluded."weighted_sum", "questions" = excluded."questions";
END
$$;--> statement-breakpoint
-- The teacher home's sums over records (decision 036), per (student, teacher): a teacher's quizzes are the ones they set
-- and the ones of their courses, so a quiz counts for its own teacher and its course's. The quizzes with a scored record,
-- the sum of each one's best score and of their passing scores, the latest record's time, and the last three scored
-- records' scores (newest first; ties by id). One query computes a teacher's rows (one student's, or all).
CREATE FUNCTION "adesua_teacher_results_of"(p_user integer, p_teacher integer)
  RETURNS TABLE ("user_id" integer, "quizzes" integer, "best_sum" numeric, "pass_sum" numeric, "scored" integer, "score_sum" numeric,
                 "last_at" timestamptz, "recent" numeric[])
  LANGUAGE sql STABLE AS $$
  WITH rr AS (
    SELECT r."user_id", r."quiz_id", r."id", r."score", r."created_at", q."passing_score"
    FROM "records" r JOIN "quizzes" q ON q."id" = r."quiz_id"
    WHERE (p_user IS NULL OR r."user_id" = p_user)
      AND (q."teacher_id" = p_teacher OR q."course_id" IN (SELECT c."id" FROM "courses" c WHERE c."teacher_id" = p_teacher))
  ),
  pq AS (SELECT "user_id", max("score") AS best, max("passing_score") AS ps FROM rr GROUP BY "user_id", "quiz_id"),
  per AS (
    SELECT "user_id", count(best)::int AS n, coalesce(sum(best), 0) AS bs, coalesce(sum(ps) FILTER (WHERE best IS NOT NULL), 0) AS pss
    FROM pq GROUP BY "user_id"
  ),
  last3 AS (
    SELECT "user_id", array_agg("score" ORDER BY rn) AS sc
    FROM (SELECT "user_id", "score", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at" DESC, "id" DESC) AS rn
          FROM rr WHERE "score" IS NOT NULL) x
    WHERE rn <= 3 GROUP BY "user_id"
  ),
  latest AS (SELECT "user_id", max("created_at") AS at, count("score")::int AS k, coalesce(sum("score"), 0) AS ks FROM rr GROUP BY "user_id")
  SELECT l."user_id", coalesce(p.n, 0), coalesce(p.bs, 0), coalesce(p.pss, 0), l.k, l.ks, l.at, coalesce(t.sc, '{}')
  FROM latest l LEFT JOIN per p ON p."user_id" = l."user_id" LEFT JOIN last3 t ON t."user_id" = l."user_id"
$$;--> statement-breakpoint
CREATE FUNCTION "adesua_teacher_results_refresh"(p_user integer, p_teacher integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = p_teacher;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO "student_teacher_results" AS t ("user_id", "teacher_id") VALUES (p_user, p_teacher)
    ON CONFLICT ("user_id", "teacher_id") DO UPDATE SET "quizzes" = t."quizzes";
  SELECT * INTO x FROM "adesua_teacher_results_of"(p_user, p_teacher);
  IF NOT FOUND THEN
    DELETE FROM "student_teacher_results" WHERE "user_id" = p_user AND "teacher_id" = p_teacher;
  ELSE
    UPDATE "student_teacher_results" SET "quizzes" = x."quizzes", "best_sum" = x."best_sum", "pass_sum" = x."pass_sum",
      "scored" = x."scored", "score_sum" = x."score_sum", "last_at" = x."last_at", "recent" = x."recent"
    WHERE "user_id" = p_user AND "teacher_id" = p_teacher;
  END IF;
END
$$;--> statement-breakpoint
-- Every row of one teacher, rebuilt: one of their quizzes or courses moved, changed its passing score or went.
CREATE FUNCTION "adesua_teacher_results_rebuild"(p_teacher integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "student_teacher_results" WHERE "teacher_id" = p_teacher;
  INSERT INTO "student_teacher_results" ("user_id", "teacher_id", "quizzes", "best_sum", "pass_sum", "scored", "score_sum", "last_at", "recent")
    SELECT x."user_id", p_teacher, x."quizzes", x."best_sum", x."pass_sum", x."scored", x."score_sum", x."last_at", x."recent"
    FROM "adesua_teacher_results_of"(NULL, p_teacher) x
    WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = p_teacher)
    ON CONFLICT ("user_id", "teacher_id") DO UPDATE SET "quizzes" = excluded."quizzes", "best_sum" = excluded."best_sum",
      "pass_sum" = excluded."pass_sum", "scored" = excluded."scored", "score_sum" = excluded."score_sum", "last_at" = excluded."last_at",
      "recent" = excluded."recent";
END
$$;--> statement-breakpoint
-- Records written, changed or deleted: the rows of each (student, teacher) they count for, in that order.
CREATE FUNCTION "adesua_teacher_results_records"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  ku integer[];
  kq integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("user_id"), array_agg("quiz_id") INTO ku, kq FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("user_id"), array_agg("quiz_id") INTO ku, kq FROM old_rows;
  ELSE
    SELECT array_agg(v.u), array_agg(v.q) INTO ku, kq
    FROM old_rows o JOIN new_rows n ON n."id" = o."id",
         LATERAL (VALUES (o."user_id", o."quiz_id"), (n."user_id", n."quiz_id")) v(u, q)
    WHERE o."user_id" <> n."user_id" OR o."quiz_id" <> n."quiz_id" OR o."score" IS DISTINCT FROM n."score" OR o."created_at" <> n."created_at";
  END IF;
  IF ku IS NULL THEN RETURN NULL; END IF;
  FOR r IN
    SELECT DISTINCT k."u", t."id" AS "teacher"
    FROM unnest(ku, kq) AS k("u", "q") JOIN "quizzes" q ON q."id" = k."q"
    JOIN "courses" c ON c."id" = q."course_id"
    CROSS JOIN LATERAL (VALUES (q."teacher_id"), (c."teacher_id")) t("id")
    WHERE t."id" IS NOT NULL
    ORDER BY 1, 2
  LOOP
    PERFORM "adesua_teacher_results_refresh"(r."u", r."teacher");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "records_teacher_results_insert" AFTER INSERT ON "records" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_teacher_results_records"();--> statement-breakpoint
CREATE TRIGGER "records_teacher_results_delete" AFTER DELETE ON "records" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_teacher_results_records"();--> statement-breakpoint
CREATE TRIGGER "records_teacher_results_update" AFTER UPDATE ON "records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_teacher_results_records"();--> statement-breakpoint
-- A course given to another teacher, or deleted: both teachers' rows.
CREATE FUNCTION "adesua_teacher_results_courses"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR r IN SELECT DISTINCT "teacher_id" FROM old_rows WHERE "teacher_id" IS NOT NULL ORDER BY 1 LOOP
      PERFORM "adesua_teacher_results_rebuild"(r."teacher_id");
    END LOOP;
  ELSE
    FOR r IN
      SELECT DISTINCT v.t AS "teacher_id"
      FROM old_rows o JOIN new_rows n ON n."id" = o."id", LATERAL (VALUES (o."teacher_id"), (n."teacher_id")) v(t)
      WHERE o."teacher_id" IS DISTINCT FROM n."teacher_id" AND v.t IS NOT NULL
      ORDER BY 1
    LOOP
      PERFORM "adesua_teacher_results_rebuild"(r."teacher_id");
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "courses_teacher_results_update" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_teacher_results_courses"();--> statement-breakpoint
CREATE TRIGGER "courses_teacher_results_delete" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_teacher_results_courses"();--> statement-breakpoint
CREATE FUNCTION "adesua_student_scope_quizzes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR r IN SELECT DISTINCT "course_id", coalesce("teacher_id", 0) AS "teacher" FROM old_rows ORDER BY 1, 2 LOOP
      PERFORM "adesua_student_scope_rebuild"(r."course_id", r."teacher");
    END LOOP;
    FOR r IN
      SELECT DISTINCT v.t AS "teacher" FROM old_rows o LEFT JOIN "courses" c ON c."id" = o."course_id",
        LATERAL (VALUES (o."teacher_id"), (c."teacher_id")) v(t)
      WHERE v.t IS NOT NULL ORDER BY 1
    LOOP
      PERFORM "adesua_teacher_results_rebuild"(r."teacher");
    END LOOP;
  ELSE
    FOR r IN
      WITH moved AS (
        SELECT o."course_id" AS oc, coalesce(o."teacher_id", 0) AS ot, n."course_id" AS nc, coalesce(n."teacher_id", 0) AS nt
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        WHERE o."course_id" <> n."course_id" OR coalesce(o."teacher_id", 0) <> coalesce(n."teacher_id", 0)
      )
      SELECT oc AS "course_id", ot AS "teacher" FROM moved UNION SELECT nc, nt FROM moved ORDER BY 1, 2
    LOOP
      PERFORM "adesua_student_scope_rebuild"(r."course_id", r."teacher");
    END LOOP;
    FOR r IN
      SELECT DISTINCT v.t AS "teacher"
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        LEFT JOIN "courses" oc ON oc."id" = o."course_id" LEFT JOIN "courses" nc ON nc."id" = n."course_id",
        LATERAL (VALUES (o."teacher_id"), (oc."teacher_id"), (n."teacher_id"), (nc."teacher_id")) v(t)
      WHERE (o."course_id" <> n."course_id" OR o."teacher_id" IS DISTINCT FROM n."teacher_id" OR o."passing_score" <> n."passing_score")
        AND v.t IS NOT NULL
      ORDER BY 1
    LOOP
      PERFORM "adesua_teacher_results_rebuild"(r."teacher");
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quizzes_student_scope_update" AFTER UPDATE ON "quizzes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_student_scope_quizzes"();--> statement-breakpoint
CREATE TRIGGER "quizzes_student_scope_delete" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_student_scope_quizzes"();--> statement-breakpoint
-- A quiz's number of questions changed: the rows of its students with a best score.
CREATE FUNCTION "adesua_student_scope_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "quiz_id") INTO touched FROM new_rows WHERE "quiz_id" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "quiz_id") INTO touched FROM old_rows WHERE "quiz_id" IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT k) INTO touched
    FROM old_rows o JOIN new_rows n ON n."id" = o."id", LATERAL (VALUES (o."quiz_id"), (n."quiz_id")) v(k)
    WHERE o."quiz_id" IS DISTINCT FROM n."quiz_id" AND k IS NOT NULL;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  FOR r IN
    SELECT DISTINCT p."user_id", q."course_id", coalesce(q."teacher_id", 0) AS "teacher"
    FROM "quizzes" q JOIN "quiz_student_scores" p ON p."quiz_id" = q."id" AND p."best" IS NOT NULL
    WHERE q."id" = ANY(touched)
    ORDER BY 1, 2, 3
  LOOP
    PERFORM "adesua_student_scope_refresh"(r."user_id", r."course_id", r."teacher");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_student_scope_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_student_scope_questions"();--> statement-breakpoint
CREATE TRIGGER "questions_student_scope_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_student_scope_questions"();--> statement-breakpoint
CREATE TRIGGER "questions_student_scope_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_student_scope_questions"();--> statement-breakpoint
-- The figures of the scores already stored.
INSERT INTO "student_scope_scores" ("user_id", "course_id", "quiz_teacher", "quizzes", "best_sum", "best_max", "weighted_sum", "questions")
  SELECT x."user_id", k."course_id", k."teacher", x."quizzes", x."best_sum", x."best_max", x."weighted_sum", x."questions"
  FROM (SELECT DISTINCT "course_id", coalesce("teacher_id", 0) AS "teacher" FROM "quizzes") k
  CROSS JOIN LATERAL "adesua_student_scope_of"(NULL, k."course_id", k."teacher") x;--> statement-breakpoint
INSERT INTO "student_teacher_results" ("user_id", "teacher_id", "quizzes", "best_sum", "pass_sum", "scored", "score_sum", "last_at", "recent")
  SELECT x."user_id", t."id", x."quizzes", x."best_sum", x."pass_sum", x."scored", x."score_sum", x."last_at", x."recent"
  FROM "users" t CROSS JOIN LATERAL "adesua_teacher_results_of"(NULL, t."id") x
  WHERE t."id" IN (SELECT "teacher_id" FROM "quizzes" UNION SELECT "teacher_id" FROM "courses");
--> statement-breakpoint
-- The new tables were filled above: give the planner their statistics now rather than at autovacuum's next pass.
ANALYZE "student_scope_scores";--> statement-breakpoint
ANALYZE "student_teacher_results";--> statement-breakpoint
ANALYZE "quiz_student_scores";
