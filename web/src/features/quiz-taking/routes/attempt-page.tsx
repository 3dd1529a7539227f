import { useCallback, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
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

/**
 * /…/quizzes/{id}/attempt. Students take the quiz; teachers and admins get the server's preview. The
 * attempt's id goes into the address (?attempt=) once known, so a reload resumes that very attempt
 * (or shows its result) instead of starting another.
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
  const [round, setRound] = useState(0);
  const initialAttempt = Number(params.get("attempt")) || null;

  const engine = useMemo(
    () =>
      createServerEngine({
        quizId,
        attemptId: round === 0 ? initialAttempt : null,
        onAttempt: (attemptId) => setParams({ attempt: String(attemptId) }, { replace: true }),
      }),
    // A new round (Try again) starts a new attempt; the address changing to carry the id must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
    [quizId, round],
  );

  const back = useCallback(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate(`${base}/quizzes`);
  }, [navigate, base]);

  const onFinished = useCallback(() => {
    // The lists that show "Submitted", attempts and averages are now out of date.
    void qc.invalidateQueries({ queryKey: ["quizzes"] });
    void qc.invalidateQueries({ queryKey: ["records"] });
  }, [qc]);

  if (!Number.isInteger(quizId) || quizId <= 0) return <QuizError message={LOAD_FAILED} onBack={back} />;

  return (
    <QuizRunner
      key={round}
      engine={engine}
      onBack={back}
      onFinished={onFinished}
      viewKey={params.get("attempt") ? `adesua.view.${params.get("attempt")}` : null}
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
            <Button
              variant="light"
              onClick={() => {
                setParams({}, { replace: true });
                setRound((r) => r + 1);
              }}
            >
              Try again
            </Button>
          )}
        </>
      )}
    />
  );
}
