-- Hand-written (decision 053). A submit in time on PostgreSQL without a transaction held across round trips: the app
-- reads the attempt and its answers unlocked, grades them, and sends FINALIZE guarded by adesua_lock_open_unchanged,
-- which locks the attempt and checks, on a snapshot taken after the lock, that it is still open and its saved answers
-- are exactly those graded. A save holds a share lock on the attempt until it commits, so any save the lock waited for
-- is seen. When the check fails, FINALIZE changes nothing and the app submits the usual way.
CREATE FUNCTION "adesua_attempt_answers_json"(p_attempt integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT json_agg(json_build_object('questionId', a.question_id, 'answer', a.answer, 'savedAt', a.saved_at) ORDER BY a.question_id)
                   FROM "attempt_answers" a WHERE a.attempt_id = p_attempt), '[]'::json)::text
$$;--> statement-breakpoint
-- VOLATILE: each statement of the function takes a new snapshot, so the answers are read after the lock is held.
CREATE FUNCTION "adesua_lock_open_unchanged"(p_attempt integer, p_answers text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "attempts" WHERE "id" = p_attempt AND "status" = 'in_progress' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  RETURN "adesua_attempt_answers_json"(p_attempt) = p_answers;
END
$$;
