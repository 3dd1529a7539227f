CREATE TABLE "summary_backlog" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "summary_backlog_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
-- Decision 038. The summaries' work for a set of (quiz, student) pairs, taken out of the triggers of decisions 030
-- and 036 unchanged: the pairs in (quiz, student) order, then the (student, course, teacher) rows of those whose best
-- changed, in that order (every statement takes pair locks before row locks, each in one global order).
CREATE FUNCTION "adesua_quiz_scores_apply"(pq integer[], pu integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  cq integer[] := '{}';
  cu integer[] := '{}';
BEGIN
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
END
$$;--> statement-breakpoint
-- The rows of each (student, teacher) that records of these (student, quiz) pairs count for, in that order.
CREATE FUNCTION "adesua_teacher_results_apply"(ku integer[], kq integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
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
END
$$;--> statement-breakpoint
-- Whether this session leaves the summaries to the backlog: the embedded database sets it when it opens.
CREATE FUNCTION "adesua_summaries_deferred"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('adesua.summaries', true) = 'deferred', false)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "adesua_quiz_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pq integer[];
  pu integer[];
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
  IF "adesua_summaries_deferred"() THEN
    INSERT INTO "summary_backlog" ("quiz_id", "user_id") SELECT * FROM unnest(pq, pu) ON CONFLICT DO NOTHING;
  ELSE
    PERFORM "adesua_quiz_scores_apply"(pq, pu);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "adesua_teacher_results_records"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
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
  IF "adesua_summaries_deferred"() THEN
    INSERT INTO "summary_backlog" ("quiz_id", "user_id") SELECT DISTINCT k.q, k.u FROM unnest(kq, ku) AS k(q, u) ON CONFLICT DO NOTHING;
  ELSE
    PERFORM "adesua_teacher_results_apply"(ku, kq);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Brings the summaries of up to p_limit backlog pairs (all when null) up to date, in (quiz, student) order; how many.
-- A pair's work recomputes its rows from submissions and records, so doing both kinds for a pair that changed on one
-- side only is still right (and a quiz that has gone is skipped by the pair function, as in the triggers).
CREATE FUNCTION "adesua_summaries_drain"(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pq integer[];
  pu integer[];
BEGIN
  WITH taken AS (
    DELETE FROM "summary_backlog" b
    WHERE (b."quiz_id", b."user_id") IN (SELECT "quiz_id", "user_id" FROM "summary_backlog" ORDER BY 1, 2 LIMIT p_limit)
    RETURNING b."quiz_id", b."user_id"
  )
  SELECT array_agg("quiz_id" ORDER BY "quiz_id", "user_id"), array_agg("user_id" ORDER BY "quiz_id", "user_id") INTO pq, pu FROM taken;
  IF pq IS NULL THEN RETURN 0; END IF;
  PERFORM "adesua_quiz_scores_apply"(pq, pu);
  PERFORM "adesua_teacher_results_apply"(pu, pq);
  RETURN cardinality(pq);
END
$$;
