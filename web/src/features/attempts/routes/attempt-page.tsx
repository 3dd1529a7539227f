import { useCallback, useMemo } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { createServerEngine } from "../api/server-engine";
import { QuizRunner } from "../components/quiz-runner";
import { QuizError } from "../components/quiz-error";
import { LOAD_FAILED } from "../lib/messages";

/** "/students/dashboard", "/teachers/dashboard" or "/admin/dashboard": the area this page was opened in. */
export function areaBase(pathname: string): string {
  const m = /^\/(students|teachers|admin)\/dashboard/.exec(pathname);
  return m ? m[0] : "/students/dashboard";
}

/** What the page keeps in the browser's history entry (never in the address): the attempt's database id. */
type AttemptHistoryState = { attemptId?: number } | null;

/**
 * /…/quizzes/{id}/attempt. Students take the quiz; teachers and admins get the server's preview.
 * - `?start=1` (from the pre-start screen's Start): starts an attempt, or resumes the open one.
 * - `?n=2` (the attempt NUMBER people read): that attempt. Its database id rides in the history
 *   entry's state, which a reload keeps (so a reload, even offline, reopens that very attempt); without
 *   it the server finds the attempt by (quiz, student, number).
 * - neither: nothing starts; the pre-start screen (the quiz detail) opens instead (decision 007).
 */
export function AttemptPage() {
  const { id } = useParams();
  const quizId = Number(id);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const base = areaBase(location.pathname);
  const isStudent = base === "/students/dashboard";
  const qc = useQueryClient();
  const attemptId = (location.state as AttemptHistoryState)?.attemptId ?? null;
  const attemptNumber = Number(params.get("n")) || null;
  const starting = params.get("start") === "1";

  const engine = useMemo(
    () =>
      createServerEngine({
        quizId,
        attemptId,
        attemptNumber: attemptId ? null : attemptNumber,
        onAttempt: (newId, number) => setParams({ n: String(number) }, { replace: true, state: { attemptId: newId } satisfies AttemptHistoryState }),
      }),
    // The address changing to carry the attempt's number must not make another engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
    [quizId],
  );

  const back = useCallback(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate(`${base}/quizzes`);
  }, [navigate, base]);

  const onFinished = useCallback(() => {
    // The lists that show attempts, best scores and averages are now out of date.
    void qc.invalidateQueries({ queryKey: ["quizzes"] });
    void qc.invalidateQueries({ queryKey: ["records"] });
  }, [qc]);

  if (!Number.isInteger(quizId) || quizId <= 0) return <QuizError message={LOAD_FAILED} onBack={back} />;
  // No accidental starts: only the pre-start screen's Start (or a known attempt) opens the runner.
  if (!starting && !attemptNumber && !attemptId) return <Navigate to={`${base}/quizzes/${quizId}`} replace />;

  return (
    <QuizRunner
      engine={engine}
      onBack={back}
      onFinished={onFinished}
      viewKey={attemptId ? `adesua.view.${attemptId}` : null}
      resultActions={(result) => (
        <>
          <Button component={Link} to={`${base}/quizzes`} variant="default">
            Back to Quizzes
          </Button>
          {isStudent && (
            <Button component={Link} to={`${base}/records`} variant="default">
              View Records
            </Button>
          )}
          {result.canAttemptAgain && (
            // Another attempt goes through the pre-start screen too.
            <Button component={Link} to={`${base}/quizzes/${quizId}`} variant="light">
              Try again
            </Button>
          )}
        </>
      )}
    />
  );
}
