import { describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { records } from "../../db/schema";

const t = useTestApp();

const db = () => t.database.db;
const summary = (token: string) => call(t.app, { method: "GET", url: "/api/students/me/summary", token });
const hour = 3600_000;

/** Records as the attempt flow leaves them (one per submission); a null score is an answer awaiting grading. */
async function recordsOf(userId: number, quizId: number, scores: (number | null)[]) {
  await db()
    .insert(records)
    .values(scores.map((score) => ({ userId, quizId, score, correct: 0, total: 4 })));
}

describe("GET /api/students/me/summary: the average per subject", () => {
  it("averages the student's own record scores per course, by course title, and leaves out ungraded records", async () => {
    const s = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const other = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const maths = await buildCourse(db(), { title: "Mathematics" });
    const science = await buildCourse(db(), { title: "Integrated Science" });
    const english = await buildCourse(db(), { title: "English Language" });
    const m1 = await buildQuiz(db(), { courseId: maths.id, studentType: "jhs2" });
    const m2 = await buildQuiz(db(), { courseId: maths.id, studentType: "jhs2" });
    const sc = await buildQuiz(db(), { courseId: science.id, studentType: "jhs2" });
    const en = await buildQuiz(db(), { courseId: english.id, studentType: "jhs2" });
    await recordsOf(s.user.id, m1.quiz.id, [50, 100]);
    await recordsOf(s.user.id, m2.quiz.id, [66.67, null]);
    await recordsOf(s.user.id, sc.quiz.id, [40]);
    // Only an answer awaiting grading: no score, so no line.
    await recordsOf(s.user.id, en.quiz.id, [null]);
    // Another student's records never count.
    await recordsOf(other.user.id, sc.quiz.id, [100, 100]);

    const res = await summary(s.token);
    expect(res.status).toBe(200);
    expect(res.body.subjects).toEqual([
      { courseId: science.id, subject: "Integrated Science", averageScore: 40, records: 1 },
      { courseId: maths.id, subject: "Mathematics", averageScore: 72.22, records: 3 }, // (50 + 100 + 66.67) / 3
    ]);
    // The stat cards are still there beside it.
    expect(res.body).toMatchObject({ completed: expect.any(Number), averageScore: expect.any(Number) });
  });

  it("has no subjects for a student without scored records", async () => {
    const s = await signedIn(db(), { role: "student" });
    expect(await summary(s.token)).toMatchObject({ status: 200, body: { subjects: [] } });
  });

  it("leaves out scores the student may not see yet: a quiz keeping scores until it closes counts only once closed", async () => {
    const s = await signedIn(db(), { role: "student", studentType: "jhs3" });
    const course = await buildCourse(db(), { title: "Social Studies" });
    const now = Date.now();
    const open = await buildQuiz(db(), { courseId: course.id, studentType: "jhs3", showScore: "after_close", closeTime: new Date(now + hour) });
    const neverCloses = await buildQuiz(db(), { courseId: course.id, studentType: "jhs3", showScore: "after_close", closeTime: null });
    const closed = await buildQuiz(db(), { courseId: course.id, studentType: "jhs3", showScore: "after_close", closeTime: new Date(now - hour) });
    const atOnce = await buildQuiz(db(), { courseId: course.id, studentType: "jhs3", showScore: "after_attempt", closeTime: new Date(now + hour) });
    await recordsOf(s.user.id, open.quiz.id, [0]);
    await recordsOf(s.user.id, neverCloses.quiz.id, [10]);
    await recordsOf(s.user.id, closed.quiz.id, [80]);
    await recordsOf(s.user.id, atOnce.quiz.id, [60]);

    expect((await summary(s.token)).body.subjects).toEqual([{ courseId: course.id, subject: "Social Studies", averageScore: 70, records: 2 }]);
  });

  it("never counts a draft's records (a quiz unpublished after students sat it)", async () => {
    const s = await signedIn(db(), { role: "student", studentType: "jhs1" });
    const course = await buildCourse(db(), { title: "French" });
    const draft = await buildQuiz(db(), { courseId: course.id, status: "draft" });
    await recordsOf(s.user.id, draft.quiz.id, [90]);
    expect((await summary(s.token)).body.subjects).toEqual([]);
    const published = await buildQuiz(db(), { courseId: course.id });
    await recordsOf(s.user.id, published.quiz.id, [30]);
    expect((await summary(s.token)).body.subjects).toEqual([{ courseId: course.id, subject: "French", averageScore: 30, records: 1 }]);
  });

  it("is for students only: 401 without a session, 403 for teachers and admins", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/students/me/summary" })).status).toBe(401);
    for (const role of ["teacher", "admin"] as const) {
      const staff = await signedIn(db(), { role });
      expect((await summary(staff.token)).status, role).toBe(403);
    }
  });
});
