import { sql, type SQL } from "drizzle-orm";
import { DEADLINE_GRACE_MS, isPastDeadline, QUIZ_MESSAGES, quizTimeStatus, type StudentType } from "@adesua/domain";
import { attempts } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

import type { Viewer } from "../lib/viewer";

/** What a quiz needs for a visibility decision. */
/** `status`: "draft" or "published" (decision 040); a row read without it counts as published. */
export type QuizAccessRow = { quiz: { studentType: string; teacherId: number | null; status?: string }; course: { teacherId: number | null } };

/**
 * The rows a viewer may see, as the SQL filter applies it before any row is loaded:
 * students their own level, teachers the quizzes they made or whose course they teach, admins all.
 */
export type QuizScope = { kind: "all" } | { kind: "level"; studentType: StudentType } | { kind: "teacher"; teacherId: number } | { kind: "none" };

export function quizScope(viewer: Viewer): QuizScope {
  if (viewer.role === "admin") return { kind: "all" };
  if (viewer.role === "teacher") return { kind: "teacher", teacherId: viewer.id };
  return viewer.studentType ? { kind: "level", studentType: viewer.studentType } : { kind: "none" };
}

export function canSeeQuiz(viewer: Viewer, quiz: QuizAccessRow): boolean {
  const scope = quizScope(viewer);
  switch (scope.kind) {
    case "all":
      return true;
    case "level":
      // A draft is its staff's alone until published (decision 040): the SQL side is quiz.service's listWhere.
      return quiz.quiz.studentType === scope.studentType && quiz.quiz.status !== "draft";
    case "teacher":
      return quiz.quiz.teacherId === scope.teacherId || quiz.course.teacherId === scope.teacherId;
    case "none":
      return false;
  }
}

/** Staff see answer keys; students never do. */
export const seesAnswers = (viewer: Viewer) => viewer.role !== "student";

/** A quiz the viewer may not see is "not found", so its existence is not revealed. */
export function assertCanSeeQuiz(viewer: Viewer, quiz: QuizAccessRow): void {
  if (!canSeeQuiz(viewer, quiz)) throw notFound("Quiz not found");
}

/** Teachers manage the quizzes they see; admins all; students none. */
export function assertCanManageQuiz(viewer: Viewer, quiz: QuizAccessRow): void {
  if (viewer.role === "student") throw forbidden();
  assertCanSeeQuiz(viewer, quiz);
}

/**
 * Whether a viewer may put a quiz in this course. `taughtCourses` is how many courses the teacher
 * teaches: a teacher with none gets the spec's hint.
 */
export function assertCanUseCourse(viewer: Viewer, course: { teacherId: number | null }, taughtCourses: number): void {
  if (viewer.role === "admin") return;
  if (viewer.role !== "teacher") throw forbidden();
  if (taughtCourses === 0) throw forbidden(QUIZ_MESSAGES.noCourse);
  if (course.teacherId !== viewer.id) throw forbidden(QUIZ_MESSAGES.notYourCourse);
}

/** Checked before reading an upload: a teacher without courses cannot create quizzes at all. */
export function assertCanCreateQuizzes(viewer: Viewer, taughtCourses: number): void {
  if (viewer.role === "admin") return;
  if (viewer.role !== "teacher") throw forbidden();
  if (taughtCourses === 0) throw forbidden(QUIZ_MESSAGES.noCourse);
}

/** Who owns a new quiz: the teacher who makes it, or for an admin the course's teacher. */
export function teacherOfNewQuiz(viewer: Viewer, course: { teacherId: number | null }): number | null {
  return viewer.role === "teacher" ? viewer.id : course.teacherId;
}

/** What the paper rule reads of a quiz (`status` "draft" | "published"; read without it, published). */
export type PaperQuiz = { openTime: Date | null; closeTime: Date | null; status?: string };
/** What it reads of the student's attempt at the quiz that is still in progress, if any. */
export type PaperAttempt = { status: string; deadline: Date | null } | null;

export const PAPER_MESSAGES = {
  notOpen: "Quiz is not open yet",
  notNow: "The question paper is given only during your attempt, or once the quiz has closed",
} as const;

/** An attempt runs while it is in progress and its deadline, with the save grace, has not passed (as saves are taken). */
export const attemptRunning = (a: PaperAttempt, now: Date): boolean => a !== null && a.status === "in_progress" && !isPastDeadline(a.deadline, now);

/**
 * The quiz paper rule (spec README item 3, decision 043): a student gets a quiz's paper (its PDF) only inside an
 * attempt of theirs that is running, or once the quiz has closed for everyone; a draft's never (it may still
 * change, and it is not theirs to see). The answer is why not, or null when they may: "hidden" (a draft: 404 as
 * if it did not exist), "notOpen" (before it opens), "notNow" (open, and no attempt of theirs running). Staff
 * who see the quiz always may. The same rule in SQL, for lists: paperForStudentSql; the shared cases in
 * quiz.policy.test.ts run through both.
 */
export function paperRefusal(quiz: PaperQuiz, attempt: PaperAttempt, now: Date): "hidden" | keyof typeof PAPER_MESSAGES | null {
  if (quiz.status === "draft") return "hidden";
  const status = quizTimeStatus(quiz, now);
  if (status === "closed") return null;
  if (attemptRunning(attempt, now)) return null;
  return status === "upcoming" ? "notOpen" : "notNow";
}

/** paperRefusal as the routes answer it: 404 for a draft, 403 with the reason otherwise. */
export function assertStudentMayHavePaper(quiz: PaperQuiz, attempt: PaperAttempt, now: Date): void {
  const refusal = paperRefusal(quiz, attempt, now);
  if (refusal === "hidden") throw notFound("Quiz not found");
  if (refusal !== null) throw forbidden(PAPER_MESSAGES[refusal]);
}

/**
 * paperRefusal(...) === null in SQL, for the quizzes row `q` and the student `studentId` at `now`: published, and
 * closed (close time strictly past, as quizTimeStatus) or with an attempt of theirs running (in progress, its
 * deadline plus the grace not passed). The level is the caller's scope (canSeeQuiz's side).
 */
export function paperForStudentSql(studentId: number, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(q.status <> 'draft' and ((q.close_time is not null and q.close_time < ${at})
    or exists (select 1 from ${attempts} pa where pa.quiz_id = q.id and pa.user_id = ${studentId} and pa.status = 'in_progress'
      and (pa.deadline is null or pa.deadline + ${`${DEADLINE_GRACE_MS} milliseconds`}::interval >= ${at}))))`;
}

/** Students see questions only once the quiz has opened (never their answers). */
export function showsQuestionsToStudent(status: "upcoming" | "active" | "closed"): boolean {
  return status !== "upcoming";
}
