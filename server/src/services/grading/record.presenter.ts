import { classLabel, type AdminRecord, type QuizRecord, type StudentType } from "@adesua/domain";
import type { RecordRow } from "../../db/schema";

export type RecordWithQuiz = {
  record: RecordRow;
  quiz: { id: number; title: string; maxAttempts: number | null };
  course: { id: number; title: string };
};

/** `hidden`: a student's own record of a quiz whose scores wait for its close (decision 041): nothing tells the score. */
export function presentRecord(r: RecordWithQuiz, hidden = false): QuizRecord {
  const { record } = r;
  return {
    id: record.id,
    userId: record.userId,
    quizId: record.quizId,
    score: hidden ? null : record.score,
    correct: hidden ? null : record.correct,
    total: record.total,
    passed: hidden ? null : record.passed,
    isPersonalBest: hidden ? false : record.isPersonalBest,
    scoreHidden: hidden,
    userAttempts: record.userAttempts,
    createdAt: record.createdAt.toISOString(),
    quiz: { id: r.quiz.id, title: r.quiz.title, maxAttempts: r.quiz.maxAttempts, course: { id: r.course.id, title: r.course.title } },
  };
}

export type AdminRecordRow = RecordWithQuiz & {
  user: { id: number; name: string; email: string | null; studentType?: string | null; stream?: string | null };
  /** Made from a submission written on paper (issue 29). */
  onPaper: boolean;
};

/** A record on the records admin; teachers see students by name only (decision 017). */
export function presentAdminRecord(r: AdminRecordRow, viewer: { role: string }): AdminRecord {
  return {
    ...presentRecord(r),
    submissionId: r.record.submissionId,
    onPaper: Boolean(r.onPaper),
    user: {
      id: r.user.id,
      name: r.user.name,
      email: viewer.role === "admin" ? r.user.email : null,
      className: classLabel(r.user.studentType as StudentType | null | undefined, r.user.stream),
    },
  };
}
