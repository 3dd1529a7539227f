import {
  DEADLINE_GRACE_MS,
  presentStudentTypeFields,
  sectionDeadline,
  type AttemptResult,
  type AttemptSection,
  type AttemptSession,
  type ReviewItem,
  type Submission,
} from "@adesua/domain";
import type { AttemptRow, QuizRow, SubmissionRow, TimedSection } from "../../db/schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A question as a student receives it: built from the columns a student may see, never the key. */
export type StudentQuestionRow = { id: number; text: string; options: string[]; imageCount: number } & ReturnType<typeof presentStudentTypeFields>;

/** `hidden`: the student may not see the score yet (decision 041): score and count right are null. */
export function presentSubmission(row: SubmissionRow, hidden = false): Submission {
  return {
    id: row.id,
    attemptId: row.attemptId,
    quizId: row.quizId,
    userId: row.userId,
    score: hidden ? null : row.score,
    correct: hidden ? null : row.correct,
    total: row.total,
    graded: row.graded,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Timed sections with their state; only the current one has a deadline. */
export function presentSections(sections: readonly TimedSection[], attempt: AttemptRow): AttemptSection[] {
  const open = attempt.status === "in_progress";
  return sections.map((s, index) => {
    const status = !open || index < attempt.currentSection ? "ended" : index === attempt.currentSection ? "current" : "upcoming";
    const deadline = status === "current" ? sectionDeadline(s, attempt.sectionStartedAt ?? attempt.startedAt, attempt.deadline) : null;
    return { index, name: s.name, startIndex: s.startIndex, endIndex: s.endIndex, timeLimit: s.timeLimit ?? null, status, deadline: iso(deadline) };
  });
}

export type ResultParts = {
  attempt: AttemptRow;
  quiz: QuizRow;
  submission: SubmissionRow | null;
  /** For previews, which store no submission: the grade computed now. */
  computed: { score: number | null; correct: number; total: number; graded: boolean } | null;
  passed: boolean | null;
  canAttemptAgain: boolean;
  review: ReviewItem[] | null;
  /** The score is withheld from the student until the quiz closes (decision 041): only "Submitted" is said. */
  scoreHidden: boolean;
};

/**
 * The result as its reader may see it. While `scoreHidden`, nothing that tells how many answers were right leaves:
 * score, correct, passed and the review are null (the submission's score and count too).
 */
export function presentResult(p: ResultParts): AttemptResult {
  const g = p.submission ?? p.computed!;
  const hidden = p.scoreHidden;
  return {
    attemptId: p.attempt.id,
    attemptNumber: p.attempt.attemptNumber,
    score: hidden ? null : g.score,
    correct: hidden ? null : g.correct,
    total: g.total,
    passed: hidden ? null : p.passed,
    scoreHidden: hidden,
    scoreShownFrom: hidden ? iso(p.quiz.closeTime) : null,
    passingScore: p.quiz.passingScore,
    graded: g.graded,
    submittedAt: (p.attempt.submittedAt ?? p.submission?.createdAt ?? new Date()).toISOString(),
    submission: p.submission ? presentSubmission(p.submission, hidden) : null,
    canAttemptAgain: p.canAttemptAgain,
    review: hidden ? null : p.review,
  };
}

export type SessionParts = {
  attempt: AttemptRow;
  quiz: QuizRow & { course: { title: string } };
  preview: boolean;
  questions: readonly StudentQuestionRow[];
  answers: readonly { questionId: number; answer: string; savedAt: Date }[];
  result: AttemptResult | null;
  now: Date;
};

/** What the quiz-taking screen needs to start or resume: no answer keys (a review only inside `result`). */
export function presentAttemptSession(p: SessionParts): AttemptSession {
  const { attempt, quiz } = p;
  const open = attempt.status === "in_progress";
  return {
    attemptId: attempt.id,
    quizId: quiz.id,
    quizTitle: quiz.title,
    courseTitle: quiz.course.title,
    attemptNumber: attempt.attemptNumber,
    maxAttempts: quiz.maxAttempts,
    status: open ? "in_progress" : "submitted",
    preview: p.preview,
    startedAt: attempt.startedAt.toISOString(),
    deadline: iso(attempt.deadline),
    serverNow: p.now.toISOString(),
    graceMs: DEADLINE_GRACE_MS,
    questionsPerPage: quiz.questionsPerPage,
    currentSection: quiz.timedSections.length && open ? attempt.currentSection : null,
    sections: presentSections(quiz.timedSections, attempt),
    questions: p.questions.map(({ id, text, options, imageCount, ...typeFields }, index) => ({
      id,
      index,
      text,
      options,
      imageCount: Number(imageCount),
      ...typeFields,
    })),
    answers: p.answers.map((a) => ({ questionId: a.questionId, answer: a.answer, savedAt: a.savedAt.toISOString() })),
    result: p.result,
  };
}
