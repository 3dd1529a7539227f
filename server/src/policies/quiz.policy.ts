import { QUIZ_MESSAGES, quizTimeStatus, type StudentType } from "@adesua/domain";
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

/**
 * A quiz's content (its questions, its paper as a PDF) reaches a student only once the quiz has
 * opened: before openTime → 403 "Quiz is not open yet". Staff always may.
 */
export function assertCanReadQuizContent(viewer: Viewer, quiz: { openTime: Date | null; closeTime: Date | null }, now: Date): void {
  if (viewer.role === "student" && !showsQuestionsToStudent(quizTimeStatus(quiz, now))) throw forbidden("Quiz is not open yet");
}

/** Students see questions only once the quiz has opened (never their answers). */
export function showsQuestionsToStudent(status: "upcoming" | "active" | "closed"): boolean {
  return status !== "upcoming";
}
