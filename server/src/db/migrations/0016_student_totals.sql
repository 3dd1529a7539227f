CREATE TABLE "student_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"quizzes" integer DEFAULT 0 NOT NULL,
	"best_sum" numeric DEFAULT '0' NOT NULL,
	"best_max" numeric(5, 2),
	"weighted_sum" numeric DEFAULT '0' NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (issue 12, decision 037): each student's student_scope_scores rows summed, for an admin's list over every
-- course (one row per student instead of a dozen summed on each call). Kept by a constraint trigger on
-- student_scope_scores deferred to the commit: by then the transaction has taken every pair and scope row lock it needs,
-- so a totals row is always locked last (a submit, a re-key or a rebuild cannot deadlock on it); and a totals row is
-- recomputed under its own lock (upsert first, then a fresh statement), like the scope rows.
CREATE FUNCTION "adesua_student_total_refresh"(p_user integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  INSERT INTO "student_totals" AS t ("user_id") VALUES (p_user)
    ON CONFLICT ("user_id") DO UPDATE SET "quizzes" = t."quizzes";
  SELECT count(*) AS "n", sum("quizzes")::int AS "quizzes", sum("best_sum") AS "best_sum", max("best_max") AS "best_max",
         sum("weighted_sum") AS "weighted_sum", sum("questions")::int AS "questions"
    INTO x FROM "student_scope_scores" WHERE "user_id" = p_user;
  IF x."n" = 0 THEN
    DELETE FROM "student_totals" WHERE "user_id" = p_user;
  ELSE
    UPDATE "student_totals" SET "quizzes" = x."quizzes", "best_sum" = x."best_sum", "best_max" = x."best_max",
      "weighted_sum" = x."weighted_sum", "questions" = x."questions"
    WHERE "user_id" = p_user;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "adesua_student_totals_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "adesua_student_total_refresh"(OLD."user_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id") THEN
    PERFORM "adesua_student_total_refresh"(NEW."user_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The scope refresh inserts an empty row (no quizzes) and re-writes it unchanged to lock it: neither changes a total.
CREATE CONSTRAINT TRIGGER "student_scope_scores_totals_insert" AFTER INSERT ON "student_scope_scores" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."quizzes" > 0) EXECUTE FUNCTION "adesua_student_totals_row"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "student_scope_scores_totals_update" AFTER UPDATE ON "student_scope_scores" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "adesua_student_totals_row"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "student_scope_scores_totals_delete" AFTER DELETE ON "student_scope_scores" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."quizzes" > 0) EXECUTE FUNCTION "adesua_student_totals_row"();--> statement-breakpoint
-- The totals of the rows already stored.
INSERT INTO "student_totals" ("user_id", "quizzes", "best_sum", "best_max", "weighted_sum", "questions")
  SELECT "user_id", sum("quizzes")::int, sum("best_sum"), max("best_max"), sum("weighted_sum"), sum("questions")::int
  FROM "student_scope_scores" GROUP BY "user_id";--> statement-breakpoint
ANALYZE "student_totals";
