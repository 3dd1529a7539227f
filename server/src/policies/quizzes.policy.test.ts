import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "@adesua/domain";
import { HttpError } from "../lib/errors";
import { PAPER_CASES, PAPER_T0 } from "./quiz-paper.cases";
import {
  assertCanCreateQuizzes,
  assertStudentMayHavePaper,
  paperRefusal,
  assertCanManageQuiz,
  assertCanSeeQuiz,
  assertCanUseCourse,
  canSeeQuiz,
  quizScope,
  seesAnswers,
  showsQuestionsToStudent,
  teacherOfNewQuiz,
} from "./quizzes.policy";

const ME = 7;
const viewer = (role: Role) => ({ id: ME, role, studentType: role === "student" ? ("jhs2" as const) : null });
const quiz = (studentType: string, teacherId: number | null, courseTeacherId: number | null) => ({
  quiz: { studentType, teacherId },
  course: { teacherId: courseTeacherId },
});

const madeByMe = quiz("jhs1", ME, 9);
const inMyCourse = quiz("jhs1", 9, ME);
const ofMyLevel = quiz("jhs2", 9, 9);
const someoneElses = quiz("jhs3", 9, 9);
const rows = [madeByMe, inMyCourse, ofMyLevel, someoneElses];

function status(fn: () => void): number {
  try {
    fn();
    return 200;
  } catch (e) {
    return (e as HttpError).statusCode;
  }
}

describe("quiz policy", () => {
  it("scopes students to their level, teachers to their quizzes and courses, admins to all", () => {
    expect(quizScope(viewer("student"))).toEqual({ kind: "level", studentType: "jhs2" });
    expect(quizScope(viewer("teacher"))).toEqual({ kind: "teacher", teacherId: ME });
    expect(quizScope(viewer("admin"))).toEqual({ kind: "all" });
    expect(quizScope({ id: ME, role: "student", studentType: null })).toEqual({ kind: "none" });
  });

  it("decides visibility per role, answering 404 for a hidden quiz", () => {
    const expected: Record<Role, boolean[]> = {
      student: [false, false, true, false],
      teacher: [true, true, false, false],
      admin: [true, true, true, true],
    };
    for (const role of ROLES) {
      rows.forEach((row, i) => {
        expect(canSeeQuiz(viewer(role), row), `${role} ${i}`).toBe(expected[role][i]);
        expect(
          status(() => assertCanSeeQuiz(viewer(role), row)),
          `${role} ${i}`,
        ).toBe(expected[role][i] ? 200 : 404);
      });
    }
    expect(canSeeQuiz({ id: ME, role: "student", studentType: null }, ofMyLevel)).toBe(false);
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
