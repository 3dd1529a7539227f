import { describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, sampleQuestions, signedIn } from "../../../test/factories";
import { attemptWith } from "../../../test/grading";

const t = useTestApp();

const db = () => t.database.db;
const summary = (token?: string) => call(t.app, { method: "GET", url: "/api/students/me/summary", token });

describe("GET /api/students/me/summary", () => {
  it("counts the level's quizzes, the distinct quizzes with a record, the rest, and the mean record score", async () => {
    const s = await signedIn(db(), { role: "student", studentType: "jhs3" });
    const other = await signedIn(db(), { role: "student", studentType: "jhs3" });
    const before = await summary(s.token);
    expect(before).toMatchObject({ status: 200, body: { completed: 0, averageScore: null } });
    expect(before.body.pending).toBe(before.body.totalQuizzes);

    const a = await buildQuiz(db(), { studentType: "jhs3", questions: sampleQuestions(4), maxAttempts: 3 });
    const b = await buildQuiz(db(), { studentType: "jhs3", questions: sampleQuestions(3) });
    await buildQuiz(db(), { studentType: "jhs3" });
    await buildQuiz(db(), { studentType: "jhs1" });
    const ids = (qs: { id: number }[]) => qs.map((q) => q.id);
    expect((await attemptWith(t.app, s.token, a.quiz.id, ids(a.questions), 1)).body.score).toBe(25);
    expect((await attemptWith(t.app, s.token, a.quiz.id, ids(a.questions), 4)).body.score).toBe(100);
    expect((await attemptWith(t.app, s.token, b.quiz.id, ids(b.questions), 2)).body.score).toBe(66.67);
    // Another student's records never count.
    await attemptWith(t.app, other.token, b.quiz.id, ids(b.questions), 0);

    const after = await summary(s.token);
    expect(after.status).toBe(200);
    // The same total as the student's quiz list (decision 007: Total = meta.total of GET /quizzes).
    const list = await call(t.app, { method: "GET", url: "/api/quizzes?limit=1", token: s.token });
    expect(after.body).toEqual({
      totalQuizzes: list.body.meta.total,
      completed: 2,
      pending: list.body.meta.total - 2,
      averageScore: 63.89, // (25 + 100 + 66.67) / 3
      subjects: expect.any(Array), // per course: student-subjects.test.ts
    });
    expect(after.body.totalQuizzes).toBe(before.body.totalQuizzes + 3);
  });

  it("is for students only: 401 without a session, 403 for teachers and admins", async () => {
    expect((await summary()).status).toBe(401);
    for (const role of ["teacher", "admin"] as const) {
      const staff = await signedIn(db(), { role });
      expect((await summary(staff.token)).status, role).toBe(403);
    }
  });
});
