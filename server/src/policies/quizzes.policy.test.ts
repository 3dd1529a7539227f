import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { ROLES, type Role } from "@adesua/domain";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildCourse, buildQuiz, buildUser } from "../../test/factories";
import { queryPrepared } from "../db/prepared";
import { courses, quizzes } from "../db/schema";
import type { Viewer } from "../lib/viewer";
import { MY_QUIZ_IDS_SQL } from "../services/home/teacher-home.queries";
import { scopedQuizzes } from "../services/performance/scope";
import { listQuizzes } from "../services/quizzes/quiz.service";
import { quizScopeSql as reportQuizScopeSql } from "../services/reports/report-scope";
import { gradingScopeCondition } from "./grading.policy";
import { statusOf as status, viewerAs } from "./policy-test-kit";
import { PAPER_CASES, PAPER_T0 } from "./quiz-paper.cases";
import { QUIZ_VISIBILITY_CASES, VIEWERS, type QuizVisibilityCase, type Who } from "./quizzes.cases";
import {
  assertCanCreateQuizzes,
  assertStudentMayHavePaper,
  paperRefusal,
  assertCanManageQuiz,
  assertCanSeeQuiz,
  assertCanUseCourse,
  canSeeQuiz,
  QUIZ_ALONE,
  quizColumnsOf,
  quizScope,
  quizScopeSql,
  seesAnswers,
  showsQuestionsToStudent,
  teacherOfNewQuiz,
} from "./quizzes.policy";

const ME = 7;
const viewer = (role: Role) => viewerAs(role, ME, "jhs2");
const quiz = (studentType: string, teacherId: number | null, courseTeacherId: number | null) => ({
  quiz: { studentType, teacherId },
  course: { teacherId: courseTeacherId },
});

const madeByMe = quiz("jhs1", ME, 9);
const inMyCourse = quiz("jhs1", 9, ME);
const ofMyLevel = quiz("jhs2", 9, 9);
const someoneElses = quiz("jhs3", 9, 9);
const rows = [madeByMe, inMyCourse, ofMyLevel, someoneElses];

describe("quiz policy", () => {
  it("scopes students to their level, teachers to their quizzes and courses, admins to all", () => {
    expect(quizScope(viewer("student"))).toEqual({ kind: "level", studentType: "jhs2" });
    expect(quizScope(viewer("teacher"))).toEqual({ kind: "teacher", teacherId: ME });
    expect(quizScope(viewer("admin"))).toEqual({ kind: "all" });
    expect(quizScope({ id: ME, role: "student", studentType: null })).toEqual({ kind: "none" });
  });

  it("lets staff manage the quizzes they see; students get 403 even on their own level", () => {
    const expected: Record<Role, number[]> = {
      student: [403, 403, 403, 403],
      teacher: [200, 200, 404, 404],
      admin: [200, 200, 200, 200],
    };
    for (const role of ROLES)
      rows.forEach((row, i) =>
        expect(
          status(() => assertCanManageQuiz(viewer(role), row)),
          `${role} ${i}`,
        ).toBe(expected[role][i]),
      );
  });

  it("shows answers to staff only", () => {
    for (const role of ROLES) expect(seesAnswers(viewer(role))).toBe(role !== "student");
  });

  it("lets teachers create quizzes only in courses they teach, with the spec's hint when they teach none", () => {
    for (const role of ROLES) {
      const v = viewer(role);
      const expected = role === "admin" ? 200 : 403;
      expect(
        status(() => assertCanCreateQuizzes(v, 0)),
        role,
      ).toBe(expected);
      expect(
        status(() => assertCanUseCourse(v, { teacherId: 9 }, 1)),
        role,
      ).toBe(expected);
      expect(
        status(() => assertCanUseCourse(v, { teacherId: ME }, 1)),
        role,
      ).toBe(role === "student" ? 403 : 200);
    }
    expect(() => assertCanCreateQuizzes(viewer("teacher"), 0)).toThrow("You are not assigned to any course. Please contact your administrator.");
    expect(() => assertCanUseCourse(viewer("teacher"), { teacherId: 9 }, 2)).toThrow("You can only add quizzes to courses you teach");
    expect(() => assertCanCreateQuizzes(viewer("teacher"), 1)).not.toThrow();
  });

  it("gives a new quiz to the teacher who makes it, or to the course's teacher when an admin does", () => {
    expect(teacherOfNewQuiz(viewer("teacher"), { teacherId: 9 })).toBe(ME);
    expect(teacherOfNewQuiz(viewer("admin"), { teacherId: 9 })).toBe(9);
    expect(teacherOfNewQuiz(viewer("admin"), { teacherId: null })).toBeNull();
  });

  it("shows students the questions only once the quiz has opened", () => {
    expect(showsQuestionsToStudent("upcoming")).toBe(false);
    expect(showsQuestionsToStudent("active")).toBe(true);
    expect(showsQuestionsToStudent("closed")).toBe(true);
  });

  it.each(PAPER_CASES)("quiz paper rule: $name", (c) => {
    const at = (ms: number | null) => (ms === null ? null : new Date(PAPER_T0 + ms));
    const quiz = { openTime: at(c.quiz.open), closeTime: at(c.quiz.close), status: c.quiz.status };
    const attempt = c.attempt && { status: c.attempt.status, deadline: at(c.attempt.deadline) };
    const now = new Date(PAPER_T0);
    expect(paperRefusal(quiz, attempt, now)).toBe(c.expected);
    expect(status(() => assertStudentMayHavePaper(quiz, attempt, now))).toBe(c.expected === null ? 200 : c.expected === "hidden" ? 404 : 403);
  });
});

/**
 * The quiz visibility rules (the teacher-quiz rule and the student-level rule), one table of cases (quizzes.cases.ts)
 * through the row check and every SQL form of the same rule, on a real database: each case's quiz in a course of
 * its own, asked for by id.
 */
describe("quiz visibility: the row check and the SQL agree with the case table", () => {
  let t: TestApp;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const v of VIEWERS) ids.set(v.name, (await buildUser(t.database.db, { role: v.role, studentType: v.studentType })).id);
    ids.set("other", (await buildUser(t.database.db, { role: "teacher" })).id);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const viewerOf = (c: QuizVisibilityCase): Viewer => ({ id: ids.get(c.viewer.name)!, role: c.viewer.role, studentType: c.viewer.studentType });
  const idOf = (who: Who, me: number) => (who === "me" ? me : who === "other" ? ids.get("other")! : null);
  const found = async (q: SQL) => (await db().execute(q)).rows.length === 1;
  /** Whether the quiz passes `where` in a Drizzle select of quizzes with their courses joined. */
  const foundJoined = async (id: number, where: SQL | undefined) =>
    (
      await db()
        .select({ id: quizzes.id })
        .from(quizzes)
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .where(and(eq(quizzes.id, id), where))
    ).length === 1;

  /** Whether each form of the rule lets the viewer see the quiz. */
  type Forms = (v: Viewer, quiz: { id: number; courseId: number }) => Promise<boolean>;
  const SQL_FORMS: Record<string, Forms> = {
    "Drizzle, courses joined": (v, quiz) => foundJoined(quiz.id, quizScopeSql(quizScope(v))),
    "Drizzle, quizzes alone": async (v, quiz) =>
      (
        await db()
          .select({ id: quizzes.id })
          .from(quizzes)
          .where(and(eq(quizzes.id, quiz.id), quizScopeSql(quizScope(v), QUIZ_ALONE)))
      ).length === 1,
    "hand-written, q and c": (v, quiz) =>
      found(
        sql`select q.id from quizzes q join courses c on c.id = q.course_id where q.id = ${quiz.id} and ${quizScopeSql(quizScope(v), quizColumnsOf("q", "c")) ?? sql`true`}`,
      ),
    "hand-written, q alone": (v, quiz) =>
      found(sql`select q.id from quizzes q where q.id = ${quiz.id} and ${quizScopeSql(quizScope(v), quizColumnsOf("q")) ?? sql`true`}`),
    "the quiz list (prepared, placeholders)": async (v, quiz) => {
      const f = { page: 1, limit: 10, courseId: quiz.courseId, now: new Date(), studentId: v.role === "student" ? v.id : undefined };
      return (await listQuizzes(db(), quizScope(v), f)).rows.some((r) => r.quiz.id === quiz.id);
    },
  };
  /** Forms that serve staff only (students never reach them). */
  const STAFF_FORMS: Record<string, Forms> = {
    "grading's scope": (v, quiz) => foundJoined(quiz.id, gradingScopeCondition(v)),
    "performance's scope": (v, quiz) => found(sql`select q.id from quizzes q where q.id = ${quiz.id} and ${scopedQuizzes(v)}`),
    "reports' scope": (v, quiz) =>
      found(sql`select q.id from quizzes q join courses c on c.id = q.course_id where q.id = ${quiz.id} and ${reportQuizScopeSql(v)}`),
  };
  /** The teacher home's fixed text (teachers only). */
  const TEACHER_FORMS: Record<string, Forms> = {
    "the teacher home's quiz ids (fixed SQL)": async (v, quiz) => {
      const [row] = await queryPrepared(db(), "test_teacher_quiz_ids", MY_QUIZ_IDS_SQL, ["int"], [v.id]);
      const list = typeof row.ids === "string" ? row.ids.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number) : (row.ids as number[]);
      return list.includes(quiz.id);
    },
  };

  it.each(QUIZ_VISIBILITY_CASES)("$name", async (c) => {
    const v = viewerOf(c);
    const course = await buildCourse(db(), { teacherId: idOf(c.quiz.courseTeacher, v.id) });
    const { quiz } = await buildQuiz(db(), {
      courseId: course.id,
      teacherId: idOf(c.quiz.teacher, v.id),
      studentType: c.quiz.studentType,
      status: c.quiz.status,
    });
    const forms = { ...SQL_FORMS, ...(v.role === "student" ? {} : STAFF_FORMS), ...(v.role === "teacher" ? TEACHER_FORMS : {}) };
    const row = { quiz: { studentType: quiz.studentType, teacherId: quiz.teacherId, status: quiz.status }, course: { teacherId: course.teacherId } };
    const got: Record<string, boolean> = {
      canSeeQuiz: canSeeQuiz(v, row),
      "assertCanSeeQuiz (404)": status(() => assertCanSeeQuiz(v, row)) === 200,
    };
    for (const [name, form] of Object.entries(forms)) got[name] = await form(v, quiz);
    expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, c.sees])));
  });
});
