import type { SubmissionItem } from "@adesua/domain";

/** What the grades list selects for one submission (services/submission-list.service.ts). */
export type SubmissionItemRow = {
  id: number;
  userId: number;
  quizId: number;
  score: number | null;
  correct: number;
  total: number;
  graded: boolean;
  ungradedCount: number;
  manualScore: number | null;
  hasMarks: boolean;
  marksEarned: number | null;
  marksAvailable: number | null;
  createdAt: Date;
  /** The attempt belongs to a paper sitting (issue 29). */
  onPaper: boolean;
  userName: string;
  quizTitle: string;
  passingScore: number;
  courseId: number;
  courseTitle: string;
  recordId: number | null;
  passed: boolean | null;
  isPersonalBest: boolean | null;
};

export function presentSubmissionItem(r: SubmissionItemRow): SubmissionItem {
  return {
    id: r.id,
    userId: r.userId,
    quizId: r.quizId,
    score: r.score === null ? null : Number(r.score),
    correct: r.correct,
    total: r.total,
    graded: r.graded,
    ungradedCount: r.graded ? 0 : Number(r.ungradedCount),
    passed: r.passed,
    isPersonalBest: r.isPersonalBest ?? false,
    recordId: r.recordId,
    marksEarned: r.marksEarned === null ? null : Number(r.marksEarned),
    marksAvailable: r.marksAvailable === null ? null : Number(r.marksAvailable),
    gradedBy: r.manualScore !== null ? "final" : r.hasMarks ? "marks" : "auto",
    onPaper: Boolean(r.onPaper),
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId, name: r.userName },
    quiz: { id: r.quizId, title: r.quizTitle, passingScore: Number(r.passingScore) },
    course: { id: r.courseId, title: r.courseTitle },
  };
}
