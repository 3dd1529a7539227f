import { afterEach, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, sampleQuestions, signedIn } from "../../../test/factories";
import { attemptWith } from "../../../test/grading";
import { eq } from "drizzle-orm";
import { quizzes } from "../../db/schema";

const t = useTestApp();
afterEach(() => t.clock.set(null));

const db = () => t.database.db;
const records = (token: string, query = "") => call(t.app, { method: "GET", url: `/api/records${query}`, token });

describe("GET /api/records", () => {
  it("lists the student's own records newest first, with personal bests and attempt numbers", async () => {
    const s = await signedIn(db(), { role: "student" });
    const course = await buildCourse(db(), { title: "Integrated Science" });
    const { quiz, questions } = await buildQuiz(db(), {
      courseId: course.id,
      title: "Matter",
      questions: sampleQuestions(4),
      maxAttempts: 5,
      passingScore: 60,
    });
    const ids = questions.map((q) => q.id);
    const T0 = Date.now();
    const scores = [];
    for (const [i, right] of [2, 1, 3, 3].entries()) {
      t.clock.set(new Date(T0 + i * 60_000));
      scores.push((await attemptWith(t.app, s.token, quiz.id, ids, right)).body.score);
    }
    expect(scores).toEqual([50, 25, 75, 75]);

    const r = await records(s.token);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ total: 4, page: 1, limit: 50 });
    expect(r.body.data.map((x: { userAttempts: number }) => x.userAttempts)).toEqual([4, 3, 2, 1]);
    expect(r.body.data.map((x: { isPersonalBest: boolean }) => x.isPersonalBest)).toEqual([false, true, false, true]);
    expect(r.body.data.map((x: { passed: boolean }) => x.passed)).toEqual([true, true, false, false]);
    expect(r.body.data[0]).toMatchObject({
      userId: s.user.id,
      quizId: quiz.id,
      score: 75,
      correct: 3,
      total: 4,
      quiz: { id: quiz.id, title: "Matter", maxAttempts: 5, course: { id: course.id, title: "Integrated Science" } },
    });
    expect(typeof r.body.data[0].createdAt).toBe("string");

    const page2 = await records(s.token, "?limit=3&page=2");
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0].userAttempts).toBe(1);
    expect((await records(s.token, `?quizId=${quiz.id}`)).body.pagination.total).toBe(4);
    expect((await records(s.token, "?limit=0")).status).toBe(400);
  });

  it("shows a student only their own records", async () => {
    const a = await signedIn(db(), { role: "student" });
    const b = await signedIn(db(), { role: "student" });
    const { quiz, questions } = await buildQuiz(db());
    await attemptWith(t.app, a.token, quiz.id, questions, 1);
    expect((await records(b.token)).body.data).toEqual([]);
    expect(await records(b.token, `?userId=${a.user.id}`)).toMatchObject({ status: 403, body: { error: "You can only see your own records" } });
    expect((await records(a.token, `?userId=${a.user.id}`)).body.data).toHaveLength(1);
  });

  it("lets a teacher see a student's records and an admin anyone's", async () => {
    const s = await signedIn(db(), { role: "student" });
    const { quiz, questions } = await buildQuiz(db());
    await attemptWith(t.app, s.token, quiz.id, questions, 3);
    const teacher = await signedIn(db(), { role: "teacher" });
    const admin = await signedIn(db(), { role: "admin" });
    // Teachers see only the records of their own quizzes (issue 8 item 4).
    expect((await records(teacher.token, `?userId=${s.user.id}`)).body.data).toHaveLength(0);
    const owner = await signedIn(db(), { role: "teacher" });
    await db().update(quizzes).set({ teacherId: owner.user.id }).where(eq(quizzes.id, quiz.id));
    expect((await records(owner.token, `?userId=${s.user.id}`)).body.data).toHaveLength(1);
    expect((await records(admin.token, `?userId=${s.user.id}`)).body.data).toHaveLength(1);
    expect((await records(teacher.token, `?userId=${admin.user.id}`)).status).toBe(403);
    expect((await records(admin.token, `?userId=${teacher.user.id}`)).status).toBe(200);
    expect((await records(admin.token, "?userId=999999")).status).toBe(404);
  });

  it("marks a record with an ungraded answer as not yet passed or failed", async () => {
    const s = await signedIn(db(), { role: "student" });
    const { quiz, questions } = await buildQuiz(db(), {
      questions: [
        { text: "Keyed", options: ["x", "y"], answer: "x" },
        { text: "Open", options: ["p", "q"], answer: null },
      ],
    });
    await attemptWith(t.app, s.token, quiz.id, questions, 1);
    const r = await records(s.token, `?quizId=${quiz.id}`);
    expect(r.body.data[0]).toMatchObject({ passed: null, score: 100, correct: 1, total: 1, isPersonalBest: true });
  });

  it("refuses anonymous callers", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/records" })).status).toBe(401);
  });
});
