CREATE TABLE "item_analysis_cache" (
	"quiz_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"students" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_score_shards" (
	"quiz_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT '0' NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_score_shards_quiz_id_shard_pk" PRIMARY KEY("quiz_id","shard")
);
--> statement-breakpoint
CREATE TABLE "quiz_student_scores" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"best" numeric(5, 2),
	CONSTRAINT "quiz_student_scores_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "item_analysis_cache" ADD CONSTRAINT "item_analysis_cache_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_score_shards" ADD CONSTRAINT "quiz_score_shards_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_student_scores" ADD CONSTRAINT "quiz_student_scores_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_student_scores_best_idx" ON "quiz_student_scores" USING btree ("quiz_id","best");--> statement-breakpoint
-- Hand-written (issue 12, decision 030): the per-(quiz, student) figures and the per-quiz shards are kept by a trigger
-- on submissions, so every path that writes submissions (submit, overdue sweep, section submit, grading, re-grades, deletes,
-- cascades from deleted users and attempts, imports, seeds) keeps them exact without knowing about them.
-- Lock order: the session's shard first, then the (quiz, student) row; under the pair's lock the pair is recomputed from its
-- submissions (a fresh snapshot per statement under READ COMMITTED) and the difference is added to the shard.
CREATE FUNCTION "adesua_quiz_score_pair"(p_quiz integer, p_user integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o_subs integer;
  o_best numeric;
  n integer;
  b numeric;
  sh integer := pg_backend_pid() % 16;
BEGIN
  -- A quiz being deleted takes its rows with it (foreign keys); its submissions' cascade must not recreate them.
  PERFORM 1 FROM "quizzes" WHERE "id" = p_quiz;
  IF NOT FOUND THEN RETURN; END IF;
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
END
$$;--> statement-breakpoint
-- One call per statement (transition tables), the pairs in (quiz, student) order: two statements that touch several of the
-- same pairs (concurrent multi-row deletes, a re-grade beside a student's deletion) take their locks in the same order and
-- cannot deadlock on each other (a row trigger took them in the rows' order; summaries.test.ts found that deadlock).
CREATE FUNCTION "adesua_quiz_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT DISTINCT "quiz_id", "user_id" FROM new_rows ORDER BY 1, 2 LOOP
      PERFORM "adesua_quiz_score_pair"(r."quiz_id", r."user_id");
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT DISTINCT "quiz_id", "user_id" FROM old_rows ORDER BY 1, 2 LOOP
      PERFORM "adesua_quiz_score_pair"(r."quiz_id", r."user_id");
    END LOOP;
  ELSE
    -- attempt_id too: a deleted attempt changes the item analysis (its answers are gone), so it must bump the quiz's changes.
    FOR r IN
      WITH changed AS (
        SELECT o."quiz_id" AS oq, o."user_id" AS ou, n."quiz_id" AS nq, n."user_id" AS nu
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        WHERE o."quiz_id" <> n."quiz_id" OR o."user_id" <> n."user_id" OR o."score" IS DISTINCT FROM n."score"
           OR o."graded" <> n."graded" OR o."attempt_id" IS DISTINCT FROM n."attempt_id"
      )
      SELECT oq AS "quiz_id", ou AS "user_id" FROM changed UNION SELECT nq, nu FROM changed ORDER BY 1, 2
    LOOP
      PERFORM "adesua_quiz_score_pair"(r."quiz_id", r."user_id");
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_quiz_scores_insert" AFTER INSERT ON "submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_quiz_scores"();--> statement-breakpoint
CREATE TRIGGER "submissions_quiz_scores_delete" AFTER DELETE ON "submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_quiz_scores"();--> statement-breakpoint
CREATE TRIGGER "submissions_quiz_scores_update" AFTER UPDATE ON "submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_quiz_scores"();--> statement-breakpoint
-- The figures of the submissions already stored.
INSERT INTO "quiz_student_scores" ("quiz_id", "user_id", "submissions", "best")
  SELECT "quiz_id", "user_id", count(*), max("score") FILTER (WHERE "graded") FROM "submissions" GROUP BY "quiz_id", "user_id";--> statement-breakpoint
INSERT INTO "quiz_score_shards" ("quiz_id", "shard", "students", "submissions", "scored", "score_sum", "changes")
  SELECT "quiz_id", 0, count(*), sum("submissions"), count("best"), coalesce(sum("best"), 0), sum("submissions") FROM "quiz_student_scores" GROUP BY "quiz_id";
