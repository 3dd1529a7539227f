ALTER TABLE "quizzes" ADD COLUMN "questions_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 038: a quiz's questions_version moves on whenever one of its questions is added, changed or removed, so
-- a copy of its questions kept in memory is known to be current by the version read with the quiz. Taken from a
-- sequence, which a rolled-back edit does not give back: a version, once seen, never names other questions.
CREATE SEQUENCE "quiz_questions_version_seq" AS integer;--> statement-breakpoint
CREATE FUNCTION "adesua_questions_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "quizzes" SET "questions_version" = nextval('quiz_questions_version_seq') WHERE "id" IN (SELECT "quiz_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "quizzes" SET "questions_version" = nextval('quiz_questions_version_seq') WHERE "id" IN (SELECT "quiz_id" FROM old_rows);
  ELSE
    UPDATE "quizzes" SET "questions_version" = nextval('quiz_questions_version_seq')
    WHERE "id" IN (SELECT "quiz_id" FROM old_rows UNION SELECT "quiz_id" FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_version_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_questions_version"();--> statement-breakpoint
CREATE TRIGGER "questions_version_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_questions_version"();--> statement-breakpoint
CREATE TRIGGER "questions_version_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_questions_version"();
