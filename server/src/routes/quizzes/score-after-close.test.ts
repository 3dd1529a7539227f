import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";

/**
 * Issue 25 §3a, decision 041: a quiz that shows scores "after_close" tells a student only "Submitted" (no score,
 * no count right, no pass) on every route until it closes. Runs on PGlite (in-process or on its thread with
 * TEST_PGLITE_THREAD=1, where a submit is a procedure on the database thread) and on PostgreSQL.
 */

const t = useTestApp();

const db = () => t.database.db;
const HOUR = 3600_000;
const get = (token: string, url: string) => call(t.app, { method: "GET", url, token });
const post = (token: string, url: string, payload?: object) => call(t.app, { method: "POST", url, token, payload: payload as never });

/** A quiz for `level` with two keyed questions; the student answers both right. */
async function sitting(over: Partial<typeof quizzes.$inferInsert> = {}) {
  const level = "jhs2" as const;
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  const student = await signedIn(db(), { role: "student", studentType: level });
  const { quiz, questions } = await buildQuiz(db(), {
    courseId: course.id,
    teacherId: teacher.user.id,
    studentType: level,
    showScore: "after_close",
    closeTime: new Date(Date.now() + 2 * HOUR),
    maxAttempts: 3,
    questions: [
      { text: "1 + 1", options: ["2", "3"], answer: "2" },
      { text: "2 + 2", options: ["4", "5"], answer: "4" },
    ],
    ...over,
  });
  const right = questions.map((q) => ({ questionId: q.id, answer: q.answer! }));
  return { teacher, student, quiz, right };
}

/** What a student must not learn while the score is hidden: nothing that counts right answers. */
function expectHidden(result: Record<string, any>) {
  expect(result).toMatchObject({ scoreHidden: true, score: null, correct: null, passed: null, review: null });
  if (result.submission) expect(result.submission).toMatchObject({ score: null, correct: null });
}

describe("a quiz that shows scores after it closes", () => {
  it("says only Submitted on submit, on reading the attempt, in records, in the quiz list and detail, and keeps it out of the home average", async () => {
    const { teacher, student, quiz, right } = await sitting();
    const started = await post(student.token, `/api/quizzes/${quiz.id}/attempts`);
    expect(started.status).toBe(201);
    const submitted = await post(student.token, `/api/attempts/${started.body.attemptId}/submit`, { answers: right });
    expect(submitted.status).toBe(200);
    expectHidden(submitted.body);
    expect(submitted.body.scoreShownFrom).toBe(quiz.closeTime!.toISOString());
    expect(submitted.body.total).toBe(2);

    const read = await get(student.token, `/api/attempts/${started.body.attemptId}`);
    expect(read.status).toBe(200);
    expectHidden(read.body.result);
    expectHidden((await get(student.token, `/api/quizzes/${quiz.id}/attempts/1`)).body.result);

    const records = await get(student.token, "/api/records");
    expect(records.status).toBe(200);
    const record = records.body.data.find((r: { quizId: number }) => r.quizId === quiz.id);
    expect(record).toMatchObject({ scoreHidden: true, score: null, correct: null, passed: null, isPersonalBest: false });

    const list = await get(student.token, "/api/quizzes?limit=100");
    const item = list.body.data.find((q: { id: number }) => q.id === quiz.id);
    expect(item.attemptInfo.bestScore).toBeNull();
    expect(item.hasSubmission).toBe(true);
    expect(item.showScore).toBe("after_close");
    expect((await get(student.token, `/api/quizzes/${quiz.id}`)).body.attemptInfo.bestScore).toBeNull();
    expect((await get(student.token, `/api/submissions/quiz/${quiz.id}/attempts`)).body.bestScore).toBeNull();

    const summary = await get(student.token, "/api/students/me/summary");
    expect(summary.body).toMatchObject({ completed: 1, averageScore: null });

    // Staff see the score at once.
    const staff = await get(teacher.token, `/api/records?userId=${student.user.id}`);
    expect(staff.body.data[0]).toMatchObject({ scoreHidden: false, score: 100, correct: 2, passed: true });

    // Once the quiz has closed, the student sees it everywhere.
    t.clock.set(new Date(quiz.closeTime!.getTime() + 60_000));
    try {
      const after = await get(student.token, `/api/attempts/${started.body.attemptId}`);
      expect(after.body.result).toMatchObject({ scoreHidden: false, scoreShownFrom: null, score: 100, correct: 2, passed: true });
      expect(after.body.result.submission).toMatchObject({ score: 100, correct: 2 });
      expect((await get(student.token, "/api/records")).body.data[0]).toMatchObject({ scoreHidden: false, score: 100, correct: 2 });
      expect((await get(student.token, `/api/quizzes/${quiz.id}`)).body.attemptInfo.bestScore).toBe(100);
      expect((await get(student.token, "/api/students/me/summary")).body.averageScore).toBe(100);
    } finally {
      t.clock.set(null);
    }
  });

  it("hides the score on the spec's submit route too (POST /submissions/{quizId}/submit)", async () => {
    const { student, quiz, right } = await sitting();
    expect((await post(student.token, `/api/quizzes/${quiz.id}/attempts`)).status).toBe(201);
    const r = await post(student.token, `/api/submissions/${quiz.id}/submit`, { answers: right });
    expect(r.status).toBe(200);
    expectHidden(r.body);
  });

  it("shows the score once the teacher releases the answers, and to staff trying the quiz", async () => {
    const { teacher, student, quiz, right } = await sitting({ closeTime: null });
    const started = await post(student.token, `/api/quizzes/${quiz.id}/attempts`);
    const r = await post(student.token, `/api/attempts/${started.body.attemptId}/submit`, { answers: right });
    expectHidden(r.body);
    // A quiz that never closes keeps the score until the answers are released.
    expect(r.body.scoreShownFrom).toBeNull();
    expect((await post(teacher.token, `/api/quizzes/${quiz.id}/release-answers`)).status).toBe(200);
    expect((await get(student.token, `/api/attempts/${started.body.attemptId}`)).body.result).toMatchObject({ scoreHidden: false, score: 100 });

    const preview = await post(teacher.token, `/api/quizzes/${quiz.id}/attempts`);
    const mine = await post(teacher.token, `/api/attempts/${preview.body.attemptId}/submit`, { answers: right });
    expect(mine.body).toMatchObject({ scoreHidden: false, score: 100, correct: 2 });
  });

  it("shows the score at once by default (after_attempt, the spec)", async () => {
    const { student, quiz, right } = await sitting({ showScore: "after_attempt" });
    const started = await post(student.token, `/api/quizzes/${quiz.id}/attempts`);
    const r = await post(student.token, `/api/attempts/${started.body.attemptId}/submit`, { answers: right });
    expect(r.body).toMatchObject({ scoreHidden: false, scoreShownFrom: null, score: 100, correct: 2, passed: true });
  });
});

describe("showScore on the quiz forms", () => {
  it("is after_attempt when left out, takes after_close, keeps its value on a PUT without it, and refuses anything else", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id });
    const questions = JSON.stringify([{ text: "2 + 2 = ?", options: ["3", "4"], answer: "4" }]);
    const base = { title: "Exam", courseId: course.id, studentType: "jhs1", questions };
    const plain = await post(teacher.token, "/api/quizzes", form(base));
    expect(plain.body.showScore).toBe("after_attempt");
    const exam = await post(teacher.token, "/api/quizzes", form({ ...base, showScore: "after_close", closeTime: new Date(Date.now() + HOUR).toISOString() }));
    expect(exam.status).toBe(201);
    expect(exam.body.showScore).toBe("after_close");
    const put = await call(t.app, {
      method: "PUT",
      url: `/api/quizzes/${exam.body.id}`,
      token: teacher.token,
      payload: { title: "Exam 2", courseId: course.id, studentType: "jhs1" },
    });
    expect(put.body).toMatchObject({ title: "Exam 2", showScore: "after_close" });
    const bad = await post(teacher.token, "/api/quizzes/from-questions", {
      title: "X",
      courseId: course.id,
      studentType: "jhs1",
      questions: JSON.parse(questions),
      showScore: "never",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("showScore must be after_attempt or after_close");
    const [row] = await db().select({ showScore: quizzes.showScore }).from(quizzes).where(eq(quizzes.id, exam.body.id));
    expect(row.showScore).toBe("after_close");
  });
});
