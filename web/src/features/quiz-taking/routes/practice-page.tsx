import { useCallback, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import type { PageMeta, PracticeResult, ReviewItem, StudentBankQuestion } from "@adesua/domain";
import { api } from "@/lib/api";
import { parseGroupId } from "@/lib/question-group";
import { questionImagePath } from "@/lib/api";
import { createPracticeEngine, type PracticeGrade, type PracticeItem } from "../api/practice-engine";
import { QuizRunner } from "../components/quiz-runner";
import { QuizError } from "../components/quiz-error";
import { LOAD_FAILED } from "../lib/messages";
import { areaBase } from "./attempt-page";

/** The bank's questions of one group, all pages (a group holds tens of questions, not thousands). */
async function loadGroup(g: { year: number; subject: string; section: string }): Promise<PracticeItem[]> {
  const out: PracticeItem[] = [];
  for (let page = 1; page <= 20; page++) {
    const r = await api<StudentBankQuestionPage>("/questions", { query: { ...g, page, limit: 100 } });
    out.push(...r.questions.map((q) => ({ id: q.id, text: q.text, options: q.options, images: imagesOf(q) })));
    if (out.length >= r.pagination.total || r.questions.length === 0) break;
  }
  return out;
}

/** A bank question's pictures as API paths (GET /questions/{id}/images/{n}, n from 1). */
const imagesOf = (q: StudentBankQuestion) => Array.from({ length: q.imageCount ?? 0 }, (_, k) => questionImagePath(q.id, k + 1));

type StudentBankQuestionPage = { questions: StudentBankQuestion[]; pagination: PageMeta };

/** The server's practice result as the attempt screen's review: every question with its correct answer. */
export function practiceReview(r: PracticeResult, items: PracticeItem[]): PracticeGrade & { resultId: number } {
  const byId = new Map(items.map((q) => [q.id, q]));
  const review: ReviewItem[] = r.results.map((x, index) => {
    const q = byId.get(x.questionId);
    return {
      questionId: x.questionId,
      index,
      text: q?.text ?? "",
      options: q?.options ?? [],
      yourAnswer: x.answer,
      correct: x.correctAnswer === null ? null : x.correct,
      correctAnswer: x.correctAnswer,
    };
  });
  const keyed = review.filter((x) => x.correct !== null).length;
  return { resultId: r.id, score: keyed ? r.percentage : null, correct: r.score, total: r.total, review };
}

/**
 * /students/dashboard/past-questions/attempt/{group} and /admin/dashboard/questions/attempt/{group}:
 * practice on the attempt screen with the time limit and questions per page chosen on the list
 * (?timeLimit=&perPage=). Reset Quiz goes back to the list; "Retry the ones I got wrong" starts a round
 * of just those questions.
 */
export function PracticePage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const base = areaBase(useLocation().pathname);
  const listPath = base === "/students/dashboard" ? `${base}/past-questions` : `${base}/questions`;
  const group = parseGroupId(id);
  const timeLimit = Math.min(300, Math.max(0, Number(params.get("timeLimit") ?? 30) || 0)) || null;
  const perPage = Math.min(50, Math.max(1, Number(params.get("perPage")) || 5));
  const qc = useQueryClient();
  // Each round: the whole group, or the wrong ones of the round before.
  const [round, setRound] = useState<{ n: number; only: PracticeItem[] | null; retryOf?: number }>({ n: 0, only: null });
  const lastResult = useRef<number | undefined>(undefined);
  // The round's questions as loaded, so a retry keeps their pictures.
  const lastItems = useRef<Map<number, PracticeItem>>(new Map());

  const engine = useMemo(
    () =>
      group &&
      createPracticeEngine({
        title: `${group.subject} ${group.year}`,
        subtitle: round.only ? `Section ${group.section} · retrying ${round.only.length} questions` : `Section ${group.section} · practice`,
        questions: () => (round.only ? Promise.resolve(round.only) : loadGroup(group)),
        grade: async (answers, questionIds, items) => {
          const r = await api<PracticeResult>("/practice", { method: "POST", body: { questionIds, answers, retryOf: round.retryOf } });
          lastItems.current = new Map(items.map((q) => [q.id, q]));
          const g = practiceReview(r, items);
          lastResult.current = g.resultId;
          return g;
        },
        timeLimit,
        questionsPerPage: perPage,
      }),
    // The group, settings and round define the engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- group is derived from id
    [id, timeLimit, perPage, round],
  );

  const back = useCallback(() => navigate(listPath), [navigate, listPath]);
  const onFinished = useCallback(() => void qc.invalidateQueries({ queryKey: ["practice"] }), [qc]);

  if (!engine) return <QuizError message={LOAD_FAILED} onBack={back} />;

  return (
    <QuizRunner
      key={round.n}
      engine={engine}
      onBack={back}
      onFinished={onFinished}
      resultActions={(result) => {
        const wrong = (result.review ?? [])
          .filter((r) => r.correct !== true)
          .map((r) => lastItems.current.get(r.questionId) ?? { id: r.questionId, text: r.text, options: r.options });
        return (
          <>
            <Button component={Link} to={listPath} variant="default">
              Reset Quiz
            </Button>
            {wrong.length > 0 && (
              <Button variant="light" onClick={() => setRound((r) => ({ n: r.n + 1, only: wrong, retryOf: lastResult.current }))}>
                Retry the ones I got wrong
              </Button>
            )}
            <Button variant="subtle" onClick={() => setRound((r) => ({ n: r.n + 1, only: null }))}>
              Practise all again
            </Button>
          </>
        );
      }}
    />
  );
}
