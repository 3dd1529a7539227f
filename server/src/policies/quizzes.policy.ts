import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { DEADLINE_GRACE_MS, isPastDeadline, QUIZ_MESSAGES, quizTimeStatus, type StudentType } from "@adesua/domain";
import { attempts, courses, quizzes } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

import type { Viewer } from "../lib/viewer";

/** What a quiz needs for a visibility decision. */
/** `status`: "draft" or "published" (decision 040); a row read without it counts as published. */
export type QuizAccessRow = { quiz: { studentType: string; teacherId: number | null; status?: string }; course: { teacherId: number | null } };

/**
 * Which quizzes a viewer sees (decisions 003, 040), the rule every quiz read follows: students the published
 * quizzes of their own level (the student-level rule), teachers the quizzes they made or whose course they teach
 * (the teacher-quiz rule), admins all; a student without a level none. It exists here twice, and nowhere else:
 * the row check `canSeeQuiz` (a loaded row) and the SQL scope `quizScopeSql` (with its two rules `levelQuizSql` and
 * `taughtQuizSql`, for Drizzle's builders and for hand-written SQL alike). One table of cases, quizzes.cases.ts,
 * runs through both in quizzes.policy.test.ts, and through every SQL form the services use.
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
      // A draft is its staff's alone until published (decision 040).
      return quiz.quiz.studentType === scope.studentType && quiz.quiz.status !== "draft";
    case "teacher":
      return quiz.quiz.teacherId === scope.teacherId || quiz.course.teacherId === scope.teacherId;
    case "none":
      return false;
  }
}

/** A value of an SQL scope: a number or text, or an SQL expression (a prepared statement's placeholder, `$1`). */
type Param<T> = T | SQLWrapper;

/**
 * The columns the teacher-quiz rule reads, as SQL expressions: the quiz's teacher, and either its course's teacher
 * (`courseTeacherId`, courses joined) or its course id (`courseId`: the teacher's courses are then a sub-select, two
 * index lookups and no join). The same expressions serve Drizzle's builders (the schema's columns) and hand-written
 * SQL (aliases, `quizColumnsOf`), so one function serves every query.
 */
export type TaughtQuizColumns = { teacherId: SQLWrapper } & ({ courseTeacherId: SQLWrapper } | { courseId: SQLWrapper });
/** The columns the student-level rule reads: the quiz's level and status. */
export type LevelQuizColumns = { studentType: SQLWrapper; status: SQLWrapper };
export type QuizColumns = TaughtQuizColumns & LevelQuizColumns;

const QUIZ_OWN = { teacherId: quizzes.teacherId, studentType: quizzes.studentType, status: quizzes.status };
/** The schema's columns, courses joined to the quiz. */
export const QUIZ_AND_COURSE: QuizColumns = { ...QUIZ_OWN, courseTeacherId: courses.teacherId };
/** The schema's columns of `quizzes` alone (no join). */
export const QUIZ_ALONE: QuizColumns = { ...QUIZ_OWN, courseId: quizzes.courseId };

/** The columns of hand-written SQL: the quizzes row under the alias `quiz`, its course under `course` when joined. */
export function quizColumnsOf(quiz: string, course?: string): QuizColumns {
  const col = (c: string) => sql.raw(`${quiz}.${c}`);
  const own = { teacherId: col("teacher_id"), studentType: col("student_type"), status: col("status") };
  return course ? { ...own, courseTeacherId: sql.raw(`${course}.teacher_id`) } : { ...own, courseId: col("course_id") };
}

/** The teacher-quiz rule in SQL (canSeeQuiz's "teacher"): a quiz the teacher made, or of a course they teach. */
export function taughtQuizSql(teacherId: Param<number>, cols: TaughtQuizColumns = QUIZ_AND_COURSE): SQL {
  const ofTheirCourse =
    "courseTeacherId" in cols
      ? sql`${cols.courseTeacherId} = ${teacherId}`
      : sql`${cols.courseId} in (select ${courses.id} from ${courses} where ${courses.teacherId} = ${teacherId})`;
  return sql`(${cols.teacherId} = ${teacherId} or ${ofTheirCourse})`;
}

/** The student-level rule in SQL (canSeeQuiz's "level"): a published quiz of the level; none without a level. */
export function levelQuizSql(level: Param<string> | null, cols: LevelQuizColumns = QUIZ_AND_COURSE): SQL {
  if (level === null) return sql`false`;
  return sql`(${cols.studentType} = ${level} and ${cols.status} <> 'draft')`;
}

/** A QuizScope whose values may be SQL expressions (the placeholders of a prepared statement). */
export type QuizScopeParams =
  { kind: "all" } | { kind: "level"; studentType: Param<string> } | { kind: "teacher"; teacherId: Param<number> } | { kind: "none" };

/** canSeeQuiz in SQL, for a where clause: undefined (no filter) for admins, false for a student without a level. */
export function quizScopeSql(scope: QuizScopeParams, cols: QuizColumns = QUIZ_AND_COURSE): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "level":
      return levelQuizSql(scope.studentType, cols);
    case "teacher":
      return taughtQuizSql(scope.teacherId, cols);
    case "none":
      return sql`false`;
  }
}

/**
 * The teacher-quiz rule as the text of fixed SQL (statements run by queryPrepared on hot paths): `teacher` is the
 * parameter (`$1`), `quiz` and `course` the aliases as for quizColumnsOf.
 */
export function taughtQuizText(teacher: string, quiz: string, course?: string): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(taughtQuizSql(sql.raw(teacher), quizColumnsOf(quiz, course)));
  if (params.length > 0) throw new Error("Fixed SQL takes no bound values");
  return text;
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
 * quizzes.policy.test.ts run through both.
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
