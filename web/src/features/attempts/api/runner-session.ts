import type { AttemptResult, AttemptSession } from "@adesua/domain";
import { questionImagePath } from "@/lib/api";
import type { RunnerResult, RunnerSession } from "../engine";

// The attempt API's session and result in the shape the quiz runner draws (dates as epoch ms, pictures as API paths).

export function toResult(r: AttemptResult): RunnerResult {
  const ms = (x: string | null | undefined) => (x ? Date.parse(x) : null);
  return {
    score: r.score,
    correct: r.correct,
    total: r.total,
    passed: r.passed,
    passingScore: r.passingScore,
    review: r.review,
    canAttemptAgain: r.canAttemptAgain,
    ...(r.scoreHidden ? { scoreHidden: true, scoreShownFrom: ms(r.scoreShownFrom) } : {}),
    ...(r.lateAnswers ? { lateAnswers: r.lateAnswers } : {}),
    ...(r.answersWhen ? { answersWhen: { when: r.answersWhen.when, at: ms(r.answersWhen.at) } } : {}),
  };
}

/** A question's pictures as API paths (GET /questions/{id}/images/{n}, n from 1). */
const imagePaths = (questionId: number, count: number) => Array.from({ length: count }, (_, k) => questionImagePath(questionId, k + 1));
/** Every picture of an attempt's questions. */
export const pathsOf = (s: AttemptSession) => s.questions.flatMap((q) => imagePaths(q.id, q.imageCount));

export function toRunnerSession(s: AttemptSession, answers: Record<number, string>): RunnerSession {
  const ms = (x: string | null) => (x ? Date.parse(x) : null);
  return {
    title: s.quizTitle,
    subtitle: s.courseTitle,
    preview: s.preview,
    attemptNumber: s.attemptNumber,
    maxAttempts: s.maxAttempts,
    questionsPerPage: s.questionsPerPage,
    deadline: ms(s.deadline),
    currentSection: s.status === "in_progress" ? s.currentSection : null,
    sections: s.sections.map((x) => ({ ...x, deadline: ms(x.deadline) })),
    questions: s.questions.map(({ imageCount, ...q }) => (imageCount ? { ...q, images: imagePaths(q.id, imageCount) } : q)),
    answers,
    result: s.result ? toResult(s.result) : null,
  };
}
