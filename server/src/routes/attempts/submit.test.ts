import { describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";

const t = useTestApp();

const db = () => t.database.db;
const student = (studentType: "jhs1" | "jhs2" | "jhs3" = "jhs1") => signedIn(db(), { role: "student", studentType });
const start = (token: string, quizId: number) => call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token });
const save = (token: string, attemptId: number, answers: { questionId: number; answer: string }[]) =>
  call(t.app, { method: "PUT", url: `/api/attempts/${attemptId}/answers`, token, payload: { answers } });

describe("POST /api/submissions/:quizId/submit", () => {
  it("submits the open attempt, or starts one when there is none", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { maxAttempts: 2 });
    const one = await call(t.app, {
      method: "POST",
      url: `/api/submissions/${quiz.id}/submit`,
      token: s.token,
      payload: { answers: [{ questionId: questions[0].id, answer: "2" }] },
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ attemptNumber: 1, correct: 1, total: 3, submission: { quizId: quiz.id } });
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [{ questionId: questions[1].id, answer: "4" }]);
    const two = await call(t.app, {
      method: "POST",
      url: `/api/submissions/${quiz.id}/submit`,
      token: s.token,
      payload: { answers: [{ questionId: questions[0].id, answer: "2" }] },
    });
    expect(two.body).toMatchObject({ attemptId: a.body.attemptId, attemptNumber: 2, correct: 2 });
    const three = await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, token: s.token, payload: { answers: [] } });
    expect(three).toMatchObject({ status: 409, body: { error: "No attempts left" } });
    const other = await student("jhs3");
    expect((await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, token: other.token, payload: { answers: [] } })).status).toBe(404);
  });

  it("refuses a bad payload, an unknown question and a bad quiz id with 400", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    const submitTo = (url: string, payload: object) => call(t.app, { method: "POST", url, token: s.token, payload });
    expect((await submitTo(`/api/submissions/${quiz.id}/submit`, { answers: "all of them" })).status).toBe(400);
    expect(await submitTo(`/api/submissions/${quiz.id}/submit`, { answers: [{ questionId: 999999, answer: "2" }] })).toMatchObject({
      status: 400,
      body: { error: "Unknown question", code: "unknown_question" },
    });
    expect((await submitTo(`/api/submissions/abc/submit`, { answers: [] })).status).toBe(400);
  });

  it("refuses anonymous callers", async () => {
    const { quiz } = await buildQuiz(db());
    expect((await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, payload: { answers: [] } })).status).toBe(401);
  });
});
