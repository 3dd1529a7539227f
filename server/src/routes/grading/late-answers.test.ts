import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEADLINE_GRACE_MS, LATE_ANSWERS } from "@adesua/domain";
import { attemptAnswers, attempts, lateAnswers, submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, sampleQuestions, signedIn } from "../../../test/factories";
import { auditOf, recordsOf } from "../../../test/grading";

/** Decision 044: answers that reach the server after an attempt's time was up are kept, flagged, and decided by the teacher. */

const t = useTestApp();
afterEach(() => t.clock.set(null));

const MIN = 60_000;
const db = () => t.database.db;
type Answer = { questionId: number; answer: string; givenAt?: string };
const start = (token: string, quizId: number) => call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token });
const read = (token: string, attemptId: number) => call(t.app, { method: "GET", url: `/api/attempts/${attemptId}`, token });
const save = (token: string, attemptId: number, answers: Answer[]) =>
  call(t.app, { method: "PUT", url: `/api/attempts/${attemptId}/answers`, token, payload: { answers } });
const submit = (token: string, attemptId: number, answers: Answer[] = []) =>
  call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/submit`, token, payload: { answers } });
const ofQuiz = (token: string | undefined, quizId: number) => call(t.app, { method: "GET", url: `/api/quizzes/${quizId}/late-answers`, token });
const ofSubmission = (token: string | undefined, id: number) => call(t.app, { method: "GET", url: `/api/submissions/${id}/late-answers`, token });
const decide = (token: string | undefined, id: number, what: "accept" | "leave", payload?: object) =>
  call(t.app, { method: "POST", url: `/api/submissions/${id}/late-answers/${what}`, token, ...(payload ? { payload } : {}) });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/**
 * A 10-minute quiz of four questions (keys "2", "4", "6", "8") in a course its teacher teaches; a student starts at T0 and
 * saves question 1 right in time; the clock is then past the deadline and its grace.
 */
async function lateAttempt(T0: Date) {
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  const { quiz, questions } = await buildQuiz(db(), { courseId: course.id, teacherId: teacher.user.id, timeLimit: 10, questions: sampleQuestions(4) });
  const student = await signedIn(db(), { role: "student", studentType: "jhs1" });
  t.clock.set(T0);
  const a = await start(student.token, quiz.id);
  expect(a.status).toBe(201);
  const attemptId = a.body.attemptId as number;
  const deadline = new Date(a.body.deadline);
  expect((await save(student.token, attemptId, [{ questionId: questions[0].id, answer: "2" }])).status).toBe(200);
  t.clock.set(at(deadline, DEADLINE_GRACE_MS + 60_000));
  const q = questions.map((x) => x.id);
  return { teacher, course, quiz, q, student, attemptId, deadline };
}

const submissionOf = async (attemptId: number) => (await db().select().from(submissions).where(eq(submissions.attemptId, attemptId)))[0];
const lateRows = (attemptId: number) => db().select().from(lateAnswers).where(eq(lateAnswers.attemptId, attemptId)).orderBy(lateAnswers.questionId);

describe("late answers: PUT /api/attempts/{id}/answers after the time was up", () => {
  it("keeps answers given in time by the phone but received late, flagged, without counting them, and tells the student", async () => {
    const x = await lateAttempt(new Date("2031-01-10T09:00:00Z"));
    const givenAt = at(x.deadline, -90_000).toISOString();
    const r = await save(x.student.token, x.attemptId, [
      { questionId: x.q[1], answer: "4", givenAt },
      { questionId: x.q[2], answer: "6", givenAt },
      { questionId: x.q[3], answer: "9" },
    ]);
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ saved: 0, kept: "late", keptCount: 3, code: "late_answers_kept", message: LATE_ANSWERS.kept });

    // The attempt was submitted when its time ran out, with what it had then: 1 of 4.
    const [att] = await db().select().from(attempts).where(eq(attempts.id, x.attemptId));
    expect(att).toMatchObject({ status: "submitted", submittedAt: x.deadline });
    const sub = await submissionOf(x.attemptId);
    expect(sub).toMatchObject({ correct: 1, total: 4, score: 25 });
    expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, x.attemptId))).toHaveLength(1);

    const rows = await lateRows(x.attemptId);
    expect(rows.map((l) => [l.questionId, l.answer, l.givenAt?.toISOString() ?? null, l.decision])).toEqual([
      [x.q[1], "4", givenAt, null],
      [x.q[2], "6", givenAt, null],
      [x.q[3], "9", null, null],
    ]);

    // The student's result says so, and the score has not moved.
    const got = await read(x.student.token, x.attemptId);
    expect(got.body.result).toMatchObject({ correct: 1, lateAnswers: { pending: 3, accepted: 0, left: 0 } });
  });

  it("replaces a waiting late answer with a later resend, keeps the first times for the same answer again, and refuses for time an answer that already counts", async () => {
    const x = await lateAttempt(new Date("2031-01-11T09:00:00Z"));
    expect((await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "5" }])).status).toBe(202);
    const [first] = await lateRows(x.attemptId);
    t.clock.set(at(x.deadline, 2 * MIN));
    expect((await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "5" }])).status).toBe(202);
    expect((await lateRows(x.attemptId))[0].receivedAt).toEqual(first.receivedAt);
    t.clock.set(at(x.deadline, 3 * MIN));
    expect((await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "4" }])).status).toBe(202);
    const [now] = await lateRows(x.attemptId);
    expect(now).toMatchObject({ id: first.id, answer: "4", decision: null });
    expect(now.receivedAt.getTime()).toBeGreaterThan(first.receivedAt.getTime());
    expect(await lateRows(x.attemptId)).toHaveLength(1);

    // Question 1's answer was stored in time: sending it again is not late, and nothing else is in the request.
    expect(await save(x.student.token, x.attemptId, [{ questionId: x.q[0], answer: "2" }])).toMatchObject({ status: 409, body: { code: "time_up" } });
    expect(await lateRows(x.attemptId)).toHaveLength(1);
  });

  it("refuses a question of another quiz (400) and a malformed givenAt (400), keeping nothing", async () => {
    const x = await lateAttempt(new Date("2031-01-12T09:00:00Z"));
    const other = await buildQuiz(db());
    expect(await save(x.student.token, x.attemptId, [{ questionId: other.questions[0].id, answer: "2" }])).toMatchObject({
      status: 400,
      body: { error: "Unknown question", code: "unknown_question" },
    });
    const bad = await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "4", givenAt: "yesterday" }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/givenAt/);
    const badType = await call(t.app, {
      method: "PUT",
      url: `/api/attempts/${x.attemptId}/answers`,
      token: x.student.token,
      payload: { answers: [{ questionId: x.q[1], answer: "4", givenAt: 12 }] },
    });
    expect(badType.status).toBe(400);
    expect(await lateRows(x.attemptId)).toHaveLength(0);
  });

  it("refuses another student's attempt as before (404), and keeps nothing for a teacher's preview", async () => {
    const x = await lateAttempt(new Date("2031-01-13T09:00:00Z"));
    const someone = await signedIn(db(), { role: "student", studentType: "jhs1" });
    expect((await save(someone.token, x.attemptId, [{ questionId: x.q[1], answer: "4" }])).status).toBe(404);

    t.clock.set(new Date("2031-01-13T12:00:00Z"));
    const p = await start(x.teacher.token, x.quiz.id);
    expect(p.body.preview).toBe(true);
    t.clock.set(at(new Date(p.body.deadline), DEADLINE_GRACE_MS + 1000));
    expect(await save(x.teacher.token, p.body.attemptId, [{ questionId: x.q[1], answer: "4" }])).toMatchObject({ status: 409, body: { code: "time_up" } });
    expect(await lateRows(p.body.attemptId)).toHaveLength(0);
  });

  it("keeps the answers a submit carries after the time was up, and its result says so", async () => {
    const x = await lateAttempt(new Date("2031-01-14T09:00:00Z"));
    const other = await buildQuiz(db());
    const r = await submit(x.student.token, x.attemptId, [
      { questionId: x.q[0], answer: "2" },
      { questionId: x.q[1], answer: "4" },
      { questionId: other.questions[0].id, answer: "2" },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ correct: 1, lateAnswers: { pending: 1, accepted: 0, left: 0 } });
    expect((await lateRows(x.attemptId)).map((l) => l.questionId)).toEqual([x.q[1]]);
    // A submit in time says nothing of late answers.
    const y = await signedIn(db(), { role: "student", studentType: "jhs1" });
    t.clock.set(new Date("2031-01-14T12:00:00Z"));
    const b = await start(y.token, x.quiz.id);
    const inTime = await submit(y.token, b.body.attemptId, [{ questionId: x.q[1], answer: "4" }]);
    expect(inTime.body).not.toHaveProperty("lateAnswers");
  });
});

describe("late answers: POST /api/submissions/{quizId}/submit after the time was up", () => {
  it("returns the attempt the time closed and keeps the answers it carries as late answers", async () => {
    const x = await lateAttempt(new Date("2031-01-19T09:00:00Z"));
    const r = await call(t.app, {
      method: "POST",
      url: `/api/submissions/${x.quiz.id}/submit`,
      token: x.student.token,
      payload: { answers: [{ questionId: x.q[2], answer: "6" }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ attemptId: x.attemptId, correct: 1, lateAnswers: { pending: 1, accepted: 0, left: 0 } });
    expect((await lateRows(x.attemptId)).map((l) => [l.questionId, l.answer])).toEqual([[x.q[2], "6"]]);
  });
});

describe("late answers: the teacher's grading screen", () => {
  it("lists a quiz's late answers with when the phone gave them and when they arrived, for its teacher and admins", async () => {
    const x = await lateAttempt(new Date("2031-01-15T09:00:00Z"));
    const givenAt = at(x.deadline, -30_000).toISOString();
    await save(x.student.token, x.attemptId, [
      { questionId: x.q[2], answer: "6", givenAt },
      { questionId: x.q[1], answer: "5", givenAt: at(x.deadline, 60_000).toISOString() },
    ]);
    const sub = await submissionOf(x.attemptId);
    const r = await ofQuiz(x.teacher.token, x.quiz.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ quiz: { id: x.quiz.id, title: x.quiz.title }, pending: 2 });
    expect(r.body.data).toHaveLength(1);
    const s = r.body.data[0];
    expect(s).toMatchObject({
      submissionId: sub.id,
      attemptId: x.attemptId,
      user: { id: x.student.user.id, name: x.student.user.name },
      deadline: x.deadline.toISOString(),
      submittedAt: x.deadline.toISOString(),
      score: 25,
      correct: 1,
      total: 4,
      pending: 2,
    });
    expect(s.answers).toEqual([
      expect.objectContaining({ questionId: x.q[1], number: 2, answer: "5", correct: false, correctAnswer: "4", givenInTime: false, decision: "pending" }),
      expect.objectContaining({
        questionId: x.q[2],
        number: 3,
        answer: "6",
        correct: true,
        countedAnswer: null,
        givenAt,
        givenInTime: true,
        decision: "pending",
        decidedBy: null,
      }),
    ]);
    expect(typeof s.answers[0].receivedAt).toBe("string");
    const one = await ofSubmission(x.teacher.token, sub.id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(s);
    const admin = await signedIn(db(), { role: "admin" });
    expect((await ofQuiz(admin.token, x.quiz.id)).body.pending).toBe(2);
    expect((await ofSubmission(admin.token, sub.id)).status).toBe(200);
  });

  it("accepts late answers: they count, the submission and the record are re-graded, and the audit keeps the score before and after", async () => {
    const x = await lateAttempt(new Date("2031-01-16T09:00:00Z"));
    await save(x.student.token, x.attemptId, [
      { questionId: x.q[1], answer: "4" },
      { questionId: x.q[2], answer: "6" },
      { questionId: x.q[3], answer: "9" },
    ]);
    const sub = await submissionOf(x.attemptId);
    const r = await decide(x.teacher.token, sub.id, "accept", { questionIds: [x.q[1], x.q[2]] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      decided: 2,
      before: { score: 25, correct: 1, total: 4 },
      after: { score: 75, correct: 3, total: 4, graded: true },
      submission: { pending: 1, score: 75, correct: 3 },
    });
    expect(r.body.submission.answers.find((a: { questionId: number }) => a.questionId === x.q[1])).toMatchObject({
      decision: "accepted",
      countedAnswer: "4",
      decidedBy: { id: x.teacher.user.id, name: x.teacher.user.name },
    });
    expect(await submissionOf(x.attemptId)).toMatchObject({ score: 75, correct: 3 });
    const [rec] = await recordsOf(db(), x.student.user.id, x.quiz.id);
    expect(rec).toMatchObject({ score: 75, correct: 3 });
    const saved = await db()
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, x.attemptId), eq(attemptAnswers.questionId, x.q[1])));
    expect(saved[0].answer).toBe("4");
    const [entry] = await auditOf(db(), "submission", sub.id);
    expect(entry).toMatchObject({ action: "regrade", userId: x.teacher.user.id });
    expect(entry.before).toMatchObject({ score: 25, correct: 1 });
    expect(entry.after).toMatchObject({ score: 75, correct: 3 });
    expect((entry.after as { lateAnswersAccepted: { questionId: number }[] }).lateAnswersAccepted.map((a) => a.questionId)).toEqual([x.q[1], x.q[2]]);

    // Through the audit log's own API too.
    const admin = await signedIn(db(), { role: "admin" });
    const log = await call(t.app, { method: "GET", url: `/api/logs?action=regrade&sortBy=createdAt&sortOrder=desc&limit=200`, token: admin.token });
    expect(log.status).toBe(200);
    const mine = log.body.data.find((l: { entityType: string; entityId: string }) => l.entityType === "submission" && l.entityId === String(sub.id));
    expect(mine).toMatchObject({ action: "regrade", before: { score: 25 }, after: { score: 75 } });

    // The student sees it decided.
    expect((await read(x.student.token, x.attemptId)).body.result).toMatchObject({ score: 75, lateAnswers: { pending: 1, accepted: 2, left: 0 } });

    // A resend after the decision: the same answer counts already (time up as before); a different one is refused, nothing changes.
    expect(await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "4" }])).toMatchObject({ status: 409, body: { code: "time_up" } });
    expect(await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "5" }])).toMatchObject({
      status: 409,
      body: { error: LATE_ANSWERS.decided, code: LATE_ANSWERS.decidedCode },
    });
    expect((await lateRows(x.attemptId)).find((l) => l.questionId === x.q[1])).toMatchObject({ answer: "4", decision: "accepted" });
  });

  it("leaves late answers: kept, not counted, audited; nothing left to decide then answers 409", async () => {
    const x = await lateAttempt(new Date("2031-01-17T09:00:00Z"));
    await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "4" }]);
    const sub = await submissionOf(x.attemptId);
    const r = await decide(x.teacher.token, sub.id, "leave");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ decided: 1, before: { score: 25 }, after: { score: 25 }, submission: { pending: 0 } });
    expect((await lateRows(x.attemptId))[0]).toMatchObject({ decision: "left", decidedBy: x.teacher.user.id });
    expect(await submissionOf(x.attemptId)).toMatchObject({ score: 25, correct: 1 });
    const [entry] = await auditOf(db(), "submission", sub.id);
    expect(entry).toMatchObject({ action: "reject" });
    expect(JSON.stringify(entry.after)).toContain("lateAnswersLeft");
    expect(await decide(x.teacher.token, sub.id, "accept")).toMatchObject({ status: 409, body: { error: LATE_ANSWERS.nothingPending } });
    expect((await read(x.student.token, x.attemptId)).body.result.lateAnswers).toEqual({ pending: 0, accepted: 0, left: 1 });
  });

  it("refuses students (403), teachers of other courses (403), anonymous callers (401), unknown ids (404) and malformed input (400)", async () => {
    const x = await lateAttempt(new Date("2031-01-18T09:00:00Z"));
    await save(x.student.token, x.attemptId, [{ questionId: x.q[1], answer: "4" }]);
    const sub = await submissionOf(x.attemptId);
    const other = await signedIn(db(), { role: "teacher" });
    for (const token of [x.student.token, other.token]) {
      expect((await ofQuiz(token, x.quiz.id)).status).toBe(403);
      expect((await ofSubmission(token, sub.id)).status).toBe(403);
      expect((await decide(token, sub.id, "accept")).status).toBe(403);
      expect((await decide(token, sub.id, "leave")).status).toBe(403);
    }
    expect((await ofQuiz(undefined, x.quiz.id)).status).toBe(401);
    expect((await decide(undefined, sub.id, "accept")).status).toBe(401);
    expect((await ofQuiz(x.teacher.token, 999_999)).status).toBe(404);
    expect((await ofSubmission(x.teacher.token, 999_999)).status).toBe(404);
    expect((await decide(x.teacher.token, 999_999, "accept")).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: "/api/submissions/abc/late-answers", token: x.teacher.token })).status).toBe(400);
    for (const payload of [{ questionIds: [] }, { questionIds: "all" }, { questionIds: [0] }, { questionIds: [x.q[1], x.q[1]] }]) {
      expect((await decide(x.teacher.token, sub.id, "accept", payload)).status).toBe(400);
    }
    // A question with no late answer waiting.
    expect(await decide(x.teacher.token, sub.id, "accept", { questionIds: [x.q[2]] })).toMatchObject({ status: 400, body: { error: LATE_ANSWERS.notPending } });
    expect((await lateRows(x.attemptId))[0].decision).toBeNull();
  });
});
