import { beforeAll, describe, expect, it } from "vitest";
import { attempts, quizzes, submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";

const t = useTestApp();
let admin: string;
let student: string;
let other: string;
let ids: number[] = [];
beforeAll(async () => {
  admin = (await signedIn(db(), { role: "admin" })).token;
  student = (await signedIn(db(), { role: "student", studentType: "jhs3" })).token;
  other = (await signedIn(db(), { role: "student", studentType: "jhs3" })).token;
  const questions = [1, 2, 3, 4].map((n) => ({ text: `${n} × 3 = ?`, options: [`${n * 3}`, `${n * 3 + 1}`, `${n * 3 + 2}`], answer: `${n * 3}` }));
  questions.push({ text: "An unkeyed one", options: ["yes", "no", "maybe"], answer: null as never });
  expect(
    (
      await call(t.app, {
        method: "POST",
        url: "/api/questions/bulk",
        token: admin,
        payload: { questions, metadata: { year: 2022, subject: "Mathematics", section: "A" } },
      })
    ).status,
  ).toBe(201);
  await call(t.app, {
    method: "POST",
    url: "/api/questions/bulk",
    token: admin,
    payload: {
      questions: [{ text: "Colour of the sky?", options: ["blue", "green"], answer: "blue" }],
      metadata: { year: 2022, subject: "Science", section: "B" },
    },
  });
  const list = await call(t.app, { method: "GET", url: "/api/questions?year=2022&subject=Mathematics&section=A", token: student });
  ids = list.body.questions.map((q: { id: number }) => q.id);
});

const db = () => t.database.db;
const practise = (token: string | undefined, payload: object) => call(t.app, { method: "POST", url: "/api/practice", token, payload });

describe("POST /api/practice", () => {
  it("grades on the server and gives back every correct answer", async () => {
    const r = await practise(student, {
      questionIds: ids,
      answers: [
        { questionId: ids[0], answer: "3" },
        { questionId: ids[1], answer: " 7 " },
        { questionId: ids[2], answer: "9" },
        { questionId: ids[4], answer: "yes" },
      ],
      timeTakenSeconds: 95,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ year: 2022, subject: "Mathematics", section: "A", score: 2, total: 5, percentage: 50, timeTakenSeconds: 95, retryOf: null });
    expect(r.body.results).toMatchObject([
      { questionId: ids[0], answer: "3", correctAnswer: "3", correct: true },
      { questionId: ids[1], answer: " 7 ", correctAnswer: "6", correct: false },
      { questionId: ids[2], answer: "9", correctAnswer: "9", correct: true },
      { questionId: ids[3], answer: null, correctAnswer: "12", correct: false },
      { questionId: ids[4], answer: "yes", correctAnswer: null, correct: false },
    ]);
    // The unkeyed question counts neither way and is not offered for a retry.
    expect(r.body.wrongQuestionIds).toEqual([ids[1], ids[3]]);

    // Retry the wrong ones.
    const retry = await practise(student, {
      questionIds: r.body.wrongQuestionIds,
      answers: [
        { questionId: ids[1], answer: "6" },
        { questionId: ids[3], answer: "12" },
      ],
      retryOf: r.body.id,
    });
    expect(retry.body).toMatchObject({ score: 2, total: 2, percentage: 100, retryOf: r.body.id, wrongQuestionIds: [] });

    // Practice never creates a quiz, an attempt or a submission.
    expect(await db().select().from(quizzes)).toHaveLength(0);
    expect(await db().select().from(attempts)).toHaveLength(0);
    expect(await db().select().from(submissions)).toHaveLength(0);
  });

  it("refuses bad input and questions outside the bank", async () => {
    expect((await practise(student, { questionIds: [], answers: [] })).body).toMatchObject({ error: "Choose between 1 and 200 questions to practise" });
    expect((await practise(student, { questionIds: [ids[0], ids[0]], answers: [] })).status).toBe(400);
    expect((await practise(student, { questionIds: [ids[0], 999999], answers: [] })).body).toMatchObject({
      error: "Some of these questions are not in the question bank",
    });
    expect((await practise(student, { questionIds: [ids[0]], answers: "x" })).status).toBe(400);
    expect((await practise(student, { questionIds: [ids[0]], answers: [], retryOf: 999999 })).status).toBe(404);
    expect((await practise(undefined, { questionIds: [ids[0]], answers: [] })).status).toBe(401);
  });
});

describe("GET /api/practice", () => {
  it("lists the caller's own results with a summary per subject", async () => {
    const sci = (await call(t.app, { method: "GET", url: "/api/questions?subject=Science", token: student })).body.questions[0].id;
    await practise(student, { questionIds: [sci], answers: [{ questionId: sci, answer: "green" }] });
    const r = await call(t.app, { method: "GET", url: "/api/practice", token: student });
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ total: 3, page: 1, limit: 20 });
    expect(r.body.results.map((x: { subject: string; percentage: number }) => [x.subject, x.percentage])).toEqual([
      ["Science", 0],
      ["Mathematics", 100],
      ["Mathematics", 50],
    ]);
    expect(r.body.subjects).toEqual([
      { subject: "Mathematics", practices: 2, averagePercentage: 75, bestPercentage: 100, lastPercentage: 100, lastAt: expect.any(String) },
      { subject: "Science", practices: 1, averagePercentage: 0, bestPercentage: 0, lastPercentage: 0, lastAt: expect.any(String) },
    ]);
    const onlyMaths = await call(t.app, { method: "GET", url: "/api/practice?subject=mathematics&limit=1", token: student });
    expect(onlyMaths.body.pagination.total).toBe(2);
    expect(onlyMaths.body.results).toHaveLength(1);

    // One result in full, for its owner only.
    const id = r.body.results[0].id;
    expect((await call(t.app, { method: "GET", url: `/api/practice/${id}`, token: student })).body).toMatchObject({ id, wrongQuestionIds: [sci] });
    expect((await call(t.app, { method: "GET", url: `/api/practice/${id}`, token: other })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: "/api/practice", token: other })).body).toMatchObject({ results: [], subjects: [] });
    expect((await call(t.app, { method: "GET", url: "/api/practice?limit=0", token: student })).status).toBe(400);
    expect((await call(t.app, { method: "GET", url: "/api/practice" })).status).toBe(401);
  });
});
