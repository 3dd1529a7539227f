import { afterEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { AttemptResultSchema, AttemptSessionSchema, DEADLINE_GRACE_MS, LateAnswersKeptSchema, SaveAnswersResponseSchema } from "@adesua/domain";
import { attemptAnswers, attempts, auditLogs, questions as questionsTable, quizzes, records, sessions, submissions, users } from "../../db/schema";
import { hashToken } from "../../auth/sessions";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { buildQuiz, sampleQuestions, signedIn, type QuestionSeed } from "../../../test/factories";
import { finalizeOverdueAttempts } from "../../services/attempts/attempt-sweep.service";
import { saveAnswersFast } from "../../services/attempts/attempt-answers.service";

const t = useTestApp();
afterEach(() => t.clock.set(null));

const MIN = 60_000;
const db = () => t.database.db;
const student = (studentType: "jhs1" | "jhs2" | "jhs3" = "jhs1") => signedIn(db(), { role: "student", studentType });
/**
 * The start's, the save's and the submit's answers are written as the routes build them, without the response schema's
 * parse (decision 056): every answer of these tests must be exactly what the schema allows, nothing more.
 */
const schemaChecked = async <R extends { status: number; body: unknown }>(r: Promise<R>, schema: typeof AttemptSessionSchema | typeof AttemptResultSchema) => {
  const res = await r;
  if (res.status === 200 || res.status === 201) expectSchema(schema, res.body);
  return res;
};
const start = (token: string, quizId: number) =>
  schemaChecked(call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token }), AttemptSessionSchema);
const read = (token: string, attemptId: number) => call(t.app, { method: "GET", url: `/api/attempts/${attemptId}`, token });
const save = async (token: string, attemptId: number, answers: { questionId: number; answer: string }[]) => {
  const res = await call(t.app, { method: "PUT", url: `/api/attempts/${attemptId}/answers`, token, payload: { answers } });
  if (res.status === 200) expectSchema(SaveAnswersResponseSchema, res.body);
  if (res.status === 202) expectSchema(LateAnswersKeptSchema, res.body);
  return res;
};
const submit = (token: string, attemptId: number, answers?: { questionId: number; answer: string }[]) =>
  schemaChecked(call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/submit`, token, payload: answers ? { answers } : {} }), AttemptResultSchema);
const next = (token: string, attemptId: number, fromSection: number) =>
  call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/sections/next`, token, payload: { fromSection } });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** The test clock keeps running, so times derived from "now" are compared to the millisecond within a second. */
const expectAt = (actual: string | Date, expected: Date) =>
  expect(Math.abs(new Date(actual).getTime() - expected.getTime()), `${new Date(actual).toISOString()} vs ${expected.toISOString()}`).toBeLessThan(1000);

describe("POST /api/quizzes/:id/attempts", () => {
  it("starts an attempt with the questions but no answers, then resumes the same one", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 20, questionsPerPage: 2 });
    const T0 = new Date("2030-01-01T09:00:00Z");
    t.clock.set(T0);
    const r = await start(s.token, quiz.id);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      quizId: quiz.id,
      attemptNumber: 1,
      status: "in_progress",
      preview: false,
      questionsPerPage: 2,
      currentSection: null,
      sections: [],
      answers: [],
      result: null,
      graceMs: DEADLINE_GRACE_MS,
    });
    expect(new Date(r.body.deadline).getTime() - new Date(r.body.startedAt).getTime()).toBe(20 * MIN);
    expect(Math.abs(new Date(r.body.serverNow).getTime() - T0.getTime())).toBeLessThan(5000);
    expect(r.body.questions.map((q: { id: number }) => q.id)).toEqual(questions.map((q) => q.id));
    for (const q of r.body.questions) expect(Object.keys(q).sort()).toEqual(["id", "imageCount", "index", "marks", "options", "text", "type"]);

    await save(s.token, r.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    const again = await start(s.token, quiz.id);
    expect(again.status).toBe(200);
    expect(again.body.attemptId).toBe(r.body.attemptId);
    expect(again.body.answers).toMatchObject([{ questionId: questions[0].id, answer: "2" }]);
    const got = await read(s.token, r.body.attemptId);
    expect(got.status).toBe(200);
    expect({ ...got.body, serverNow: null }).toEqual({ ...again.body, serverNow: null });
  });

  it("refuses a quiz of another level, an unknown quiz, before opening, after closing and when no attempts are left", async () => {
    const s = await student("jhs1");
    const other = await buildQuiz(db(), { studentType: "jhs2" });
    const r404 = await start(s.token, other.quiz.id);
    expect(r404).toMatchObject({ status: 404, body: { error: "Quiz not found" } });
    expect((await start(s.token, 999_999)).status).toBe(404);

    const now = new Date();
    const later = await buildQuiz(db(), { openTime: at(now, 60 * MIN) });
    expect(await start(s.token, later.quiz.id)).toMatchObject({ status: 403, body: { error: "Quiz is not open yet" } });
    const closed = await buildQuiz(db(), { closeTime: at(now, -MIN) });
    expect(await start(s.token, closed.quiz.id)).toMatchObject({ status: 403, body: { error: "Quiz is closed" } });

    const once = await buildQuiz(db(), { maxAttempts: 1 });
    const a = await start(s.token, once.quiz.id);
    expect((await submit(s.token, a.body.attemptId)).status).toBe(200);
    expect(await start(s.token, once.quiz.id)).toMatchObject({ status: 409, body: { error: "No attempts left" } });
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "on PostgreSQL, a start that meets a question edit still being saved starts on the edited questions (decision 053)",
    async () => {
      const s = await student();
      const { quiz, questions } = await buildQuiz(db(), {});
      const removed = questions[questions.length - 1];
      // Another student's start keeps the quiz's questions in memory, as in an exam.
      expect((await start((await student()).token, quiz.id)).status).toBe(201);
      await db().delete(attempts).where(eq(attempts.quizId, quiz.id));
      let started!: ReturnType<typeof start>;
      await db().transaction(async (tx) => {
        // An edit holds the quiz row while it removes a question; the start reads the quiz before the edit commits.
        await tx.execute(sql`select id from quizzes where id = ${quiz.id} for update`);
        await tx.delete(questionsTable).where(eq(questionsTable.id, removed.id));
        started = start(s.token, quiz.id);
        await new Promise((r) => setTimeout(r, 300));
      });
      const r = await started;
      expect(r.status).toBe(201);
      expect(r.body.questions.map((q: { id: number }) => q.id)).toEqual(questions.slice(0, -1).map((q) => q.id));
    },
  );

  it("never makes more attempts than allowed under 10 parallel starts", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db(), { maxAttempts: 2 });
    const first = await Promise.all(Array.from({ length: 10 }, () => start(s.token, quiz.id)));
    expect(first.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(first.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(first.map((r) => r.body.attemptId)).size).toBe(1);

    // Ten clients keep starting and submitting in parallel until refused: the limit still holds.
    const statuses = (
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const seen: number[] = [];
          for (let i = 0; i < 4; i++) {
            const r = await start(s.token, quiz.id);
            seen.push(r.status);
            if (r.status >= 300) break;
            seen.push((await submit(s.token, r.body.attemptId)).status);
          }
          return seen;
        }),
      )
    ).flat();
    expect(statuses.every((st) => st === 200 || st === 201 || st === 409)).toBe(true);
    expect(statuses.filter((st) => st === 201)).toHaveLength(1); // attempt 2 (attempt 1 came from the first burst)
    expect(statuses).toContain(409);
    const rows = await db()
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, s.user.id)));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.attemptNumber).sort()).toEqual([1, 2]);
    const subs = await db().select().from(submissions).where(eq(submissions.quizId, quiz.id));
    expect(subs).toHaveLength(2);
  });

  it("submits an overdue open attempt (stamped with its deadline) before starting a new one", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 5, maxAttempts: 3 });
    const T0 = new Date("2030-02-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    t.clock.set(at(T0, 30 * MIN));
    const b = await start(s.token, quiz.id);
    expect(b.status).toBe(201);
    expect(b.body.attemptNumber).toBe(2);
    const [sub] = await db().select().from(submissions).where(eq(submissions.attemptId, a.body.attemptId));
    expect(sub.createdAt.toISOString()).toBe(a.body.deadline);
    expect(sub.correct).toBe(1);
  });

  it("lets a teacher preview a quiz they manage, outside its window, leaving no submission or record", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const { quiz, questions } = await buildQuiz(db(), { teacherId: teacher.user.id, openTime: at(new Date(), 24 * 60 * MIN), maxAttempts: 1, timeLimit: 10 });
    const r = await start(teacher.token, quiz.id);
    expect(r.status).toBe(201);
    expect(r.body.preview).toBe(true);
    const res = await submit(teacher.token, r.body.attemptId, [{ questionId: questions[0].id, answer: "A" }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ submission: null, correct: 1, total: 3, canAttemptAgain: true });
    expect(res.body.review).toHaveLength(3);
    expect(await db().select().from(submissions).where(eq(submissions.quizId, quiz.id))).toHaveLength(0);
    expect(await db().select().from(records).where(eq(records.quizId, quiz.id))).toHaveLength(0);
    expect((await start(teacher.token, quiz.id)).status).toBe(201);

    const stranger = await signedIn(db(), { role: "teacher" });
    expect((await start(stranger.token, quiz.id)).status).toBe(404);
    const admin = await signedIn(db(), { role: "admin" });
    expect((await start(admin.token, quiz.id)).status).toBe(201);
  });

  it("refuses anonymous callers", async () => {
    const { quiz } = await buildQuiz(db());
    expect((await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts` })).status).toBe(401);
  });
});

describe("an attempt belongs to its student", () => {
  it("is not found for anyone else, whatever their role", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    for (const role of ["student", "teacher", "admin"] as const) {
      const other = await signedIn(db(), { role });
      expect((await read(other.token, a.body.attemptId)).status, role).toBe(404);
      expect((await save(other.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "x" }])).status, role).toBe(404);
      expect((await next(other.token, a.body.attemptId, 0)).status, role).toBe(404);
      expect((await submit(other.token, a.body.attemptId)).status, role).toBe(404);
    }
    expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.body.attemptId))).toHaveLength(0);
    expect((await read(s.token, 999_999)).status).toBe(404);
  });
});

describe("GET /api/quizzes/:id/attempts/:number", () => {
  const byNumber = (token: string | undefined, quizId: number, n: number | string) =>
    call(t.app, { method: "GET", url: `/api/quizzes/${quizId}/attempts/${n}`, token });

  it("gives the student their attempt by its number: the open one to resume, a submitted one with its result", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { maxAttempts: 3 });
    const first = await start(s.token, quiz.id);
    await save(s.token, first.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    const open = await byNumber(s.token, quiz.id, 1);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ attemptId: first.body.attemptId, attemptNumber: 1, status: "in_progress" });
    expect(open.body.answers).toHaveLength(1);
    await submit(s.token, first.body.attemptId);
    const second = await start(s.token, quiz.id);
    expect(second.body.attemptNumber).toBe(2);
    const done = await byNumber(s.token, quiz.id, 1);
    expect(done.body).toMatchObject({ attemptId: first.body.attemptId, status: "submitted" });
    expect(done.body.result).not.toBeNull();
    expect((await byNumber(s.token, quiz.id, 2)).body.attemptId).toBe(second.body.attemptId);
  });

  it("answers 404 for a number the student does not have, 400 for a bad number, 401 without a session", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    await start(s.token, quiz.id);
    const missing = await byNumber(s.token, quiz.id, 2);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Attempt not found");
    for (const role of ["student", "teacher", "admin"] as const) {
      const other = await signedIn(db(), { role });
      expect((await byNumber(other.token, quiz.id, 1)).status, role).toBe(404);
    }
    expect((await byNumber(s.token, quiz.id, "first")).status).toBe(400);
    expect((await byNumber(s.token, quiz.id, 0)).status).toBe(400);
    expect((await byNumber(undefined, quiz.id, 1)).status).toBe(401);
  });
});

describe("PUT /api/attempts/:id/answers", () => {
  it("refuses an ended session and a user who may not act yet exactly as every route does, though its statement (and the submit's) checks the session (decision 038)", async () => {
    const { quiz, questions } = await buildQuiz(db());
    const one = [{ questionId: questions[0].id, answer: "A" }];
    const startOne = async () => {
      const s = await student();
      const a = await start(s.token, quiz.id);
      return { ...s, attemptId: a.body.attemptId as number };
    };
    const ended = await startOne();
    await db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(ended.token)));
    const r401 = await save(ended.token, ended.attemptId, one);
    expect([r401.status, r401.body]).toEqual([401, { error: "Your session has ended. Please log in again." }]);
    expect((await save("not-a-token", ended.attemptId, one)).status).toBe(401);
    expect((await call(t.app, { method: "PUT", url: `/api/attempts/${ended.attemptId}/answers`, payload: { answers: one } })).status).toBe(401);

    const slip = await startOne();
    await db().update(users).set({ mustChangePassword: true }).where(eq(users.id, slip.user.id));
    const r403 = await save(slip.token, slip.attemptId, one);
    expect([r403.status, r403.body.code]).toEqual([403, "password_change_required"]);
    const pending = await startOne();
    await db().update(users).set({ status: "pending" }).where(eq(users.id, pending.user.id));
    expect((await save(pending.token, pending.attemptId, one)).status).toBe(403);
    for (const s of [ended, slip, pending]) expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, s.attemptId))).toHaveLength(0);
    // The submit checks its session in its lock's statement the same way, and refuses the same.
    const s401 = await submit(ended.token, ended.attemptId);
    expect([s401.status, s401.body]).toEqual([401, { error: "Your session has ended. Please log in again." }]);
    expect((await submit(slip.token, slip.attemptId)).body.code).toBe("password_change_required");
    expect((await submit(pending.token, pending.attemptId)).status).toBe(403);
    for (const s of [ended, slip, pending]) expect(await db().select().from(submissions).where(eq(submissions.attemptId, s.attemptId))).toHaveLength(0);
    // And the start's.
    const s401start = await start(ended.token, quiz.id);
    expect([s401start.status, s401start.body]).toEqual([401, { error: "Your session has ended. Please log in again." }]);
    expect((await start(slip.token, quiz.id)).body.code).toBe("password_change_required");
    expect((await start(pending.token, quiz.id)).status).toBe(403);
    expect((await start("not-a-token", 999_999)).status).toBe(401);

    // A live session still saves, and a refusal of the attempt itself is still explained.
    const live = await startOne();
    expect((await save(live.token, live.attemptId, one)).status).toBe(200);
    expect((await save(live.token, live.attemptId, [{ questionId: 999_999, answer: "A" }])).status).toBe(400);
  });

  it("saves per question, and saving the same answers again changes nothing", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db());
    const T0 = new Date("2030-03-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    const body = [
      { questionId: questions[0].id, answer: "2" },
      { questionId: questions[1].id, answer: "B" },
    ];
    const r1 = await save(s.token, a.body.attemptId, body);
    expect(r1).toMatchObject({ status: 200, body: { saved: 2 } });
    const rowsOf = () => db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.body.attemptId)).orderBy(attemptAnswers.questionId);
    const before = await rowsOf();
    t.clock.set(at(T0, 60_000));
    expect((await save(s.token, a.body.attemptId, body)).status).toBe(200);
    expect(await rowsOf()).toEqual(before);

    expect((await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "3" }])).status).toBe(200);
    const after = await rowsOf();
    expect(after.find((r) => r.questionId === questions[0].id)).toMatchObject({ answer: "3" });
    expect(after.find((r) => r.questionId === questions[0].id)!.savedAt.getTime()).toBeGreaterThan(before[0].savedAt.getTime());
  });

  it("refuses unknown questions and bad payloads", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    const other = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    expect(await save(s.token, a.body.attemptId, [{ questionId: other.questions[0].id, answer: "2" }])).toMatchObject({
      status: 400,
      body: { error: "Unknown question" },
    });
    expect((await save(s.token, a.body.attemptId, [])).status).toBe(400);
    expect((await save(s.token, a.body.attemptId, [{ questionId: 1, answer: "  " }])).status).toBe(400);
    expect((await save(s.token, a.body.attemptId, [{ questionId: 1, answer: "a\u0000b" }])).status).toBe(400);
    const dup = await save(s.token, a.body.attemptId, [
      { questionId: 1, answer: "a" },
      { questionId: 1, answer: "b" },
    ]);
    expect(dup.status).toBe(400);
    expect((await call(t.app, { method: "PUT", url: `/api/attempts/${a.body.attemptId}/answers`, token: s.token, payload: { answers: "x" } })).status).toBe(
      400,
    );
    expect((await call(t.app, { method: "PUT", url: `/api/attempts/abc/answers`, token: s.token, payload: { answers: [] } })).status).toBe(400);
  });

  it("stores answers with quotes, backslashes and other scripts exactly", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    const tricky = [`O'Neil \\ "quoted" '); drop table attempts; --`, "Ɔdɔ ne ɛ 😀", "\\x27 E'\\n'"];
    for (const [i, answer] of tricky.entries()) {
      expect((await save(s.token, a.body.attemptId, [{ questionId: questions[i].id, answer }])).status).toBe(200);
    }
    const rows = await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.body.attemptId)).orderBy(attemptAnswers.questionId);
    expect(rows.map((r) => r.answer)).toEqual(tricky);
  });

  it("refuses answers after submission", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    await submit(s.token, a.body.attemptId);
    expect(await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }])).toMatchObject({
      status: 409,
      body: { error: "This attempt has already been submitted" },
    });
  });
});

describe("deadlines", () => {
  it("accepts answers through the grace, then keeps later ones aside (decision 044) and submits what was saved, stamped with the deadline", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 10 });
    const T0 = new Date("2030-04-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    const deadline = new Date(a.body.deadline);
    expectAt(deadline, at(T0, 10 * MIN));
    t.clock.set(at(deadline, DEADLINE_GRACE_MS - 1000));
    expect((await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }])).status).toBe(200);
    t.clock.set(at(deadline, DEADLINE_GRACE_MS + 1000));
    // Not counted: kept as a late answer for the teacher (late-answers.test.ts).
    expect(await save(s.token, a.body.attemptId, [{ questionId: questions[1].id, answer: "4" }])).toMatchObject({
      status: 202,
      body: { saved: 0, kept: "late", code: "late_answers_kept" },
    });
    // An answer that already counts is not late: refused for time as before.
    expect(await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }])).toMatchObject({
      status: 409,
      body: { error: "Time is up", code: "time_up" },
    });

    const [att] = await db().select().from(attempts).where(eq(attempts.id, a.body.attemptId));
    expect(att.status).toBe("submitted");
    expect(att.submittedAt).toEqual(deadline);
    const got = await read(s.token, a.body.attemptId);
    expect(got.body).toMatchObject({ status: "submitted", result: { correct: 1, total: 3, submittedAt: deadline.toISOString() } });
    expect(got.body.answers).toHaveLength(1);
  });

  it("ends at the close time when the quiz closes before the time limit", async () => {
    const s = await student();
    const T0 = new Date("2030-05-01T09:00:00Z");
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 60, closeTime: at(T0, 3000) });
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    expectAt(a.body.deadline, at(T0, 3000));
    t.clock.set(at(T0, 3000 + DEADLINE_GRACE_MS + 1));
    // Too late to count: kept for the teacher (decision 044).
    expect((await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }])).status).toBe(202);
    expect(await start(s.token, quiz.id)).toMatchObject({ status: 403, body: { error: "Quiz is closed" } });
  });

  it("runs the limit from the first attempt's start when the timer is not reset", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db(), { timeLimit: 10, resetTimerOnAttempt: false, maxAttempts: 5 });
    const T0 = new Date("2030-06-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    t.clock.set(at(T0, 3 * MIN));
    await submit(s.token, a.body.attemptId);
    t.clock.set(at(T0, 4 * MIN));
    const b = await start(s.token, quiz.id);
    expect(b.status).toBe(201);
    expectAt(b.body.deadline, at(T0, 10 * MIN));
    await submit(s.token, b.body.attemptId);
    t.clock.set(at(T0, 11 * MIN));
    expect(await start(s.token, quiz.id)).toMatchObject({ status: 409, body: { error: "No time left for this quiz" } });
  });

  it("is enforced by the sweep for attempts nobody touches", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 1 });
    const T0 = new Date("2030-07-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [{ questionId: questions[2].id, answer: "A" }]);
    const statusOf = async () => (await db().select().from(attempts).where(eq(attempts.id, a.body.attemptId)))[0].status;
    await finalizeOverdueAttempts(db(), at(T0, MIN + DEADLINE_GRACE_MS - 1000));
    expect(await statusOf()).toBe("in_progress");
    expect(await finalizeOverdueAttempts(db(), at(T0, MIN + DEADLINE_GRACE_MS + 1000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toBe("submitted");
    const [sub] = await db().select().from(submissions).where(eq(submissions.attemptId, a.body.attemptId));
    expect(sub).toMatchObject({ correct: 1, total: 3, score: 33.33 });
    expectAt(sub.createdAt, at(T0, MIN));
    const [rec] = await db().select().from(records).where(eq(records.submissionId, sub.id));
    expect(rec).toMatchObject({ userId: s.user.id, passed: false, userAttempts: 1 });
    const logs = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "submission"), eq(auditLogs.entityId, String(sub.id))));
    expect(logs).toHaveLength(1);
    await finalizeOverdueAttempts(db(), at(T0, 10 * MIN));
    expect(await db().select().from(submissions).where(eq(submissions.attemptId, a.body.attemptId))).toHaveLength(1);
  });
});

describe("timed sections", () => {
  const sectioned = () =>
    buildQuiz(db(), {
      questions: sampleQuestions(6),
      timedSections: [
        { name: "A", startIndex: 0, endIndex: 1, timeLimit: 2 },
        { name: "B", startIndex: 2, endIndex: 3, timeLimit: 2 },
        { name: "C", startIndex: 4, endIndex: 5, timeLimit: 2 },
      ],
    });

  it("runs sections in order, refuses answers outside the current one and moves on once per request", async () => {
    const s = await student();
    const { quiz, questions } = await sectioned();
    const T0 = new Date("2030-08-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    const id = a.body.attemptId;
    expect(a.body.currentSection).toBe(0);
    expectAt(a.body.deadline, at(T0, 6 * MIN));
    expect(a.body.sections.map((x: { status: string }) => x.status)).toEqual(["current", "upcoming", "upcoming"]);
    expectAt(a.body.sections[0].deadline, at(T0, 2 * MIN));

    expect((await save(s.token, id, [{ questionId: questions[0].id, answer: "2" }])).status).toBe(200);
    expect(await save(s.token, id, [{ questionId: questions[2].id, answer: "6" }])).toMatchObject({
      status: 409,
      body: { error: "This section has not started yet" },
    });

    t.clock.set(at(T0, 30_000));
    const n = await next(s.token, id, 0);
    expect(n.status).toBe(200);
    expect(n.body.currentSection).toBe(1);
    expectAt(n.body.sections[1].deadline, at(T0, 30_000 + 2 * MIN));
    // Moving on early brings the end of the attempt closer.
    expectAt(n.body.deadline, at(T0, 30_000 + 4 * MIN));
    const again = await next(s.token, id, 0);
    expect(again.body.currentSection).toBe(1);

    expect(await save(s.token, id, [{ questionId: questions[1].id, answer: "4" }])).toMatchObject({
      status: 409,
      body: { error: "This section has ended", code: "section_ended" },
    });
    expect((await save(s.token, id, [{ questionId: questions[2].id, answer: "6" }])).status).toBe(200);

    // Section B runs out (plus grace): the next touch moves to C, which started when B ran out.
    t.clock.set(at(T0, 30_000 + 2 * MIN + DEADLINE_GRACE_MS + 1000));
    expect(await save(s.token, id, [{ questionId: questions[3].id, answer: "8" }])).toMatchObject({ status: 409, body: { error: "This section has ended" } });
    const got = await read(s.token, id);
    expect(got.body.currentSection).toBe(2);
    expectAt(got.body.sections[2].deadline, at(T0, 30_000 + 4 * MIN));

    // Leaving the last section submits.
    const last = await next(s.token, id, 2);
    expect(last.body.status).toBe("submitted");
    expect(last.body.result).toMatchObject({ correct: 2, total: 6 });
    expect((await next(s.token, id, 2)).body.status).toBe("submitted");
  });

  it("submits when the last section's time is over", async () => {
    const s = await student();
    const { quiz, questions } = await sectioned();
    const T0 = new Date("2030-08-02T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    t.clock.set(at(T0, 7 * MIN));
    const got = await read(s.token, a.body.attemptId);
    expect(got.body.status).toBe("submitted");
    expect(got.body.result).toMatchObject({ correct: 1, total: 6 });
    expectAt(got.body.result.submittedAt, at(T0, 6 * MIN));
  });

  it("refuses moving on in a quiz without sections", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    expect(await next(s.token, a.body.attemptId, 0)).toMatchObject({ status: 400, body: { error: "This quiz has no timed sections" } });
    expect((await call(t.app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/sections/next`, token: s.token, payload: {} })).status).toBe(400);
  });
});

describe("POST /api/attempts/:id/submit", () => {
  it("grades and shows a quiz's questions as they are now, though they are kept in memory between attempts (decision 038)", async () => {
    const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(2), maxAttempts: null });
    const first = await student();
    const a = await start(first.token, quiz.id);
    expect(a.body.questions[0].text).toBe(questions[0].text);
    await save(first.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    expect((await submit(first.token, a.body.attemptId)).body.correct).toBe(1);
    const version = async () => (await db().select({ v: quizzes.questionsVersion }).from(quizzes).where(eq(quizzes.id, quiz.id)))[0].v;
    const before = await version();

    // The text and the key change (as an edit or a key fix would): every later start and grade sees the change.
    await db().update(questionsTable).set({ text: "Changed: what is 1 + 1?", answer: "3" }).where(eq(questionsTable.id, questions[0].id));
    expect(await version()).toBeGreaterThan(before);
    const second = await student();
    const b = await start(second.token, quiz.id);
    expect(b.body.questions[0].text).toBe("Changed: what is 1 + 1?");
    expect(JSON.stringify(b.body)).not.toContain('"answer"');
    await save(second.token, b.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    expect((await submit(second.token, b.body.attemptId)).body.correct).toBe(0);

    // A question removed and one added: the next start has exactly the quiz's questions.
    const added = await buildQuiz(db(), { questions: sampleQuestions(1) });
    await db().update(questionsTable).set({ quizId: quiz.id }).where(eq(questionsTable.id, added.questions[0].id));
    await db().delete(questionsTable).where(eq(questionsTable.id, questions[1].id));
    const third = await start((await student()).token, quiz.id);
    expect(third.body.questions.map((q: { id: number }) => q.id)).toEqual([questions[0].id, added.questions[0].id]);
  });

  it("grades by option text and by letter, ignoring case and surrounding space", async () => {
    const s = await student();
    const qs: QuestionSeed[] = [
      { text: "Capital of Ghana?", options: ["Accra", "Kumasi", "Tamale", "Ho"], answer: "Accra" },
      { text: "Largest lake?", options: ["Bosumtwi", "Volta", "Tano", "Densu"], answer: "Volta" },
      { text: "2 + 2?", options: ["3", "4", "5", "6"], answer: "4" },
      { text: "Northern city?", options: ["Accra", "Kumasi", "Tamale", "Ho"], answer: "Tamale" },
    ];
    const { quiz, questions } = await buildQuiz(db(), { questions: qs, passingScore: 75 });
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [
      { questionId: questions[0].id, answer: "  accra " },
      { questionId: questions[1].id, answer: "b" },
    ]);
    const r = await submit(s.token, a.body.attemptId, [
      { questionId: questions[2].id, answer: "B" },
      { questionId: questions[3].id, answer: "Kumasi" },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ score: 75, correct: 3, total: 4, passed: true, graded: true, passingScore: 75 });
    expect(r.body.submission).toMatchObject({ attemptId: a.body.attemptId, score: 75, correct: 3, total: 4, graded: true });
  });

  it("is exactly one submission, however often and however parallel it is sent", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { maxAttempts: 3 });
    const a = await start(s.token, quiz.id);
    await save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "2" }]);
    const all = await Promise.all(Array.from({ length: 5 }, () => submit(s.token, a.body.attemptId)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(all.map((r) => r.body.submission.id));
    expect(ids.size).toBe(1);
    const later = await submit(s.token, a.body.attemptId, [{ questionId: questions[1].id, answer: "4" }]);
    expect(later.body).toEqual(all[0].body);
    expect(await db().select().from(submissions).where(eq(submissions.attemptId, a.body.attemptId))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(records)
        .where(and(eq(records.quizId, quiz.id), eq(records.userId, s.user.id))),
    ).toHaveLength(1);
  });

  it("leaves questions without a key for a teacher, scoring only the keyed ones", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), {
      questions: [
        { text: "Keyed", options: ["x", "y"], answer: "x" },
        { text: "Explain", options: ["p", "q"], answer: null },
      ],
      maxAttempts: 1,
      answersReleasedAt: new Date("2020-01-01T00:00:00Z"),
    });
    const a = await start(s.token, quiz.id);
    const r = await submit(s.token, a.body.attemptId, [
      { questionId: questions[0].id, answer: "A" },
      { questionId: questions[1].id, answer: "q" },
    ]);
    expect(r.body).toMatchObject({ score: 100, correct: 1, total: 1, passed: null, graded: false });
    const [sub] = await db().select().from(submissions).where(eq(submissions.attemptId, a.body.attemptId));
    expect(sub.ungradedAnswers).toEqual([{ questionId: questions[1].id, answer: "q" }]);
    const [rec] = await db().select().from(records).where(eq(records.submissionId, sub.id));
    expect(rec.passed).toBeNull();
    expect(r.body.review.find((x: { questionId: number }) => x.questionId === questions[1].id)).toMatchObject({
      correct: null,
      correctAnswer: null,
      yourAnswer: "q",
    });
  });

  it("has no score when no question has a key", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { questions: [{ text: "Essay", options: ["a", "b"], answer: null }] });
    const a = await start(s.token, quiz.id);
    const r = await submit(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: "a" }]);
    expect(r.body).toMatchObject({ score: null, correct: 0, total: 0, passed: null, graded: false });
  });

  it("accepts a submit without any body", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    const a = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(a.status).toBe(201);
    const r = await call(t.app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/submit`, token: s.token });
    expect(r).toMatchObject({ status: 200, body: { correct: 0, total: 3 } });
  });

  it("records the submission in the audit trail", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db());
    const a = await start(s.token, quiz.id);
    const r = await submit(s.token, a.body.attemptId);
    const logs = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "submission"), eq(auditLogs.entityId, String(r.body.submission.id))));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: "create", userId: s.user.id, impersonatorId: null, before: null });
    // What the audit entry keeps of the submission.
    const sub = r.body.submission;
    expect(logs[0].after).toEqual({
      attemptId: a.body.attemptId,
      quizId: quiz.id,
      userId: s.user.id,
      score: sub.score,
      correct: sub.correct,
      total: sub.total,
      graded: true,
    });
  });
});

/** Every string in a JSON value with the path that leads to it. */
function strings(v: unknown, path = "$"): { path: string; value: string }[] {
  if (typeof v === "string") return [{ path, value: v }];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => strings(x, `${path}.${k}`));
  return [];
}
function keys(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keys);
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]);
  return [];
}

describe("answer confidentiality", () => {
  it("sends no answer key in any response before the student may review, and the review once they may", async () => {
    const s = await student();
    const KEYS = ["ZEBRA-KEY-17", "MANGO-KEY-42", "KOLA-KEY-99"];
    const qs: QuestionSeed[] = KEYS.map((k, i) => ({ text: `Question ${i}`, options: [`decoy-${i}-a`, k, `decoy-${i}-b`], answer: k }));
    const { quiz, questions } = await buildQuiz(db(), { questions: qs, maxAttempts: 2 });
    const responses: { name: string; body: unknown }[] = [];
    const keep = async (name: string, p: Promise<{ status: number; body: unknown }>) => {
      const r = await p;
      responses.push({ name, body: r.body });
      return r as { status: number; body: any };
    };

    const a = await keep("start", start(s.token, quiz.id));
    await keep("save", save(s.token, a.body.attemptId, [{ questionId: questions[0].id, answer: KEYS[0] }]));
    await keep("save wrong", save(s.token, a.body.attemptId, [{ questionId: questions[1].id, answer: "decoy-1-a" }]));
    await keep("resume", start(s.token, quiz.id));
    await keep("read", read(s.token, a.body.attemptId));
    const first = await keep("submit", submit(s.token, a.body.attemptId, [{ questionId: questions[2].id, answer: "C" }]));
    await keep("read submitted", read(s.token, a.body.attemptId));
    await keep("records", call(t.app, { method: "GET", url: "/api/records", token: s.token }));
    expect(first.body.review).toBeNull();
    expect(first.body.canAttemptAgain).toBe(true);

    for (const r of responses) {
      // Review fields exist only inside a review item.
      const ks = keys(r.body);
      expect(ks, r.name).not.toContain("correctAnswer");
      expect(ks, r.name).not.toContain("yourAnswer");
      for (const { path, value } of strings(r.body)) {
        if (!KEYS.includes(value)) continue;
        // A key's text may appear as one of the options, or as the student's own saved answer.
        expect(path, `${r.name} ${path}`).toMatch(/^\$\.questions\[\d+\]\.options\[\d+\]$|^\$\.answers\[\d+\]\.answer$/);
      }
      // No question carries an answer or a verdict.
      for (const q of (r.body as any)?.questions ?? [])
        expect(Object.keys(q).sort(), r.name).toEqual(["id", "imageCount", "index", "marks", "options", "text", "type"]);
      expect((r.body as any)?.review ?? (r.body as any)?.result?.review ?? null, r.name).toBeNull();
    }

    // The last attempt on a quiz still open for others: the score and right count, never the key
    // (issue 8: a throwaway account that uses up its attempts must not learn the answers).
    const b = await start(s.token, quiz.id);
    const last = await submit(s.token, b.body.attemptId, [{ questionId: questions[1].id, answer: "b" }]);
    expect(last.body).toMatchObject({ canAttemptAgain: false, correct: 1, total: 3, review: null });
    for (const r of [last, await read(s.token, a.body.attemptId), await read(s.token, b.body.attemptId)]) {
      expect(keys(r.body)).not.toContain("correctAnswer");
    }

    // The teacher releases the answers: now the review comes with the correct answers.
    const teacher = await signedIn(db(), { role: "teacher" });
    const { courses } = await import("../../db/schema");
    await db().update(courses).set({ teacherId: teacher.user.id }).where(eq(courses.id, quiz.courseId));
    const released = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/release-answers`, token: teacher.token });
    expect(released.status).toBe(200);
    const again = await read(s.token, b.body.attemptId);
    // Question 1 answered "b" (right), the other two left blank.
    const yours = [null, "b", null];
    expect(again.body.result.review).toEqual(
      [0, 1, 2].map((i) => ({
        questionId: questions[i].id,
        index: i,
        text: `Question ${i}`,
        options: qs[i].options,
        yourAnswer: yours[i],
        correct: i === 1,
        earned: i === 1 ? 1 : 0,
        correctAnswer: KEYS[i],
        type: "single",
        marks: 1,
        imageCount: 0,
      })),
    );
    // The first attempt's review is now open too.
    const firstAgain = await read(s.token, a.body.attemptId);
    expect(firstAgain.body.result.review.map((x: { correct: boolean }) => x.correct)).toEqual([true, false, false]);
  });

  it("gives a throwaway account that empties its attempts on an open quiz no correct answer anywhere (issue 8)", async () => {
    const T0 = new Date("2030-10-01T09:00:00Z");
    t.clock.set(T0);
    const KEYS = ["OKRA-7", "YAM-8", "PLANTAIN-9"];
    const qs: QuestionSeed[] = KEYS.map((k, i) => ({ text: `Q${i}`, options: [`no-${i}`, k], answer: k }));
    for (const closeTime of [at(T0, 24 * 60 * MIN), null]) {
      const { quiz } = await buildQuiz(db(), { questions: qs, maxAttempts: 3, closeTime });
      const s = await student();
      const bodies: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, token: s.token, payload: { answers: [] } });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ correct: 0, total: 3, score: 0, review: null });
        bodies.push(r.body, (await read(s.token, r.body.attemptId)).body);
      }
      const refused = await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, token: s.token, payload: { answers: [] } });
      expect(refused.status).toBe(409);
      bodies.push(refused.body);
      bodies.push((await call(t.app, { method: "GET", url: `/api/quizzes/${quiz.id}`, token: s.token })).body);
      bodies.push((await call(t.app, { method: "GET", url: "/api/records", token: s.token })).body);
      bodies.push((await call(t.app, { method: "GET", url: `/api/quizzes`, token: s.token })).body);
      for (const b of bodies) {
        expect(keys(b)).not.toContain("correctAnswer");
        expect(keys(b)).not.toContain("answer");
        for (const { path, value } of strings(b)) if (KEYS.includes(value)) expect(path).toMatch(/options\[\d+\]$/);
      }
    }
  });

  it("shows a practice quiz's answers after the student's last attempt only when it is set so", async () => {
    const s = await student();
    const { quiz } = await buildQuiz(db(), { maxAttempts: 1, practice: true, showAnswers: "after_last_attempt" });
    const r = await call(t.app, { method: "POST", url: `/api/submissions/${quiz.id}/submit`, token: s.token, payload: { answers: [] } });
    expect(r.body.review).toHaveLength(3);
    const { quiz: never } = await buildQuiz(db(), { maxAttempts: 1, showAnswers: "never", closeTime: new Date("2020-01-01T00:00:00Z"), openTime: null });
    const late = await signedIn(db(), { role: "student", studentType: "jhs1" });
    // A closed quiz cannot be submitted: read the answers of one made before it closed.
    const { attempts: attemptsTable } = await import("../../db/schema");
    const [att] = await db()
      .insert(attemptsTable)
      .values({ quizId: never.id, userId: late.user.id, attemptNumber: 1, status: "in_progress", startedAt: new Date("2019-12-31T00:00:00Z") })
      .returning();
    const sub = await submit(late.token, att.id);
    expect(sub.status).toBe(200);
    expect(sub.body.review).toBeNull();
  });

  it("opens the review once the quiz has closed", async () => {
    const s = await student();
    const T0 = new Date("2030-09-01T09:00:00Z");
    const { quiz } = await buildQuiz(db(), { closeTime: at(T0, 60 * MIN) });
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    const r = await submit(s.token, a.body.attemptId);
    expect(r.body.review).toBeNull();
    t.clock.set(at(T0, 61 * MIN));
    const later = await read(s.token, a.body.attemptId);
    expect(later.body.result.review).toHaveLength(3);
    expect(later.body.result.canAttemptAgain).toBe(false);
  });
});

describe("the one-statement save", () => {
  it("saves what is allowed itself and leaves every refusal to the explaining path", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), {
      questions: sampleQuestions(4),
      timeLimit: 10,
      timedSections: [
        { name: "A", startIndex: 0, endIndex: 1, timeLimit: 2 },
        { name: "B", startIndex: 2, endIndex: 2, timeLimit: 2 },
      ],
    });
    const T0 = new Date("2030-10-01T09:00:00Z");
    t.clock.set(T0);
    const a = await start(s.token, quiz.id);
    const id = a.body.attemptId as number;
    const me = { id: s.user.id, role: "student" as const, studentType: "jhs1" as const };
    const one = (qi: number, answer = "A") => [{ questionId: questions[qi].id, answer }];
    const T = new Date(a.body.startedAt);
    expect(await saveAnswersFast(db(), me, id, one(0), at(T, 1000))).toMatchObject({ saved: 1 });
    expect(await saveAnswersFast(db(), me, id, one(3), at(T, 1000))).toMatchObject({ saved: 1 }); // in no section
    expect(await saveAnswersFast(db(), me, id, one(0), at(T, 2 * MIN + DEADLINE_GRACE_MS - 100))).toMatchObject({ saved: 1 }); // grace
    expect(await saveAnswersFast(db(), me, id, one(0), at(T, 2 * MIN + DEADLINE_GRACE_MS + 100))).toBe("slow"); // section over
    expect(await saveAnswersFast(db(), me, id, one(2), at(T, 1000))).toBe("slow"); // later section
    expect(await saveAnswersFast(db(), { ...me, id: me.id + 100_000 }, id, one(0), at(T, 1000))).toBe("slow"); // someone else
    expect(await saveAnswersFast(db(), me, id, [{ questionId: 999_999, answer: "A" }], at(T, 1000))).toBe("slow"); // unknown
    expect(await saveAnswersFast(db(), me, id, [...one(0), { questionId: 999_999, answer: "A" }], at(T, 1000))).toBe("slow"); // all or nothing
    expect(await saveAnswersFast(db(), me, 999_999, one(0), at(T, 1000))).toBe("slow"); // no attempt
    t.clock.set(at(T, 30_000));
    expect((await next(s.token, id, 0)).body.currentSection).toBe(1);
    expect(await saveAnswersFast(db(), me, id, one(2), at(T, 31_000))).toMatchObject({ saved: 1 });
    expect(await saveAnswersFast(db(), me, id, one(1), at(T, 31_000))).toBe("slow"); // ended section
    await submit(s.token, id);
    expect(await saveAnswersFast(db(), me, id, one(3), at(T, 32_000))).toBe("slow"); // submitted
    const rows = await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, id));
    expect(rows.map((r) => r.questionId).sort()).toEqual([questions[0].id, questions[2].id, questions[3].id].sort());
  });

  it("refuses after the deadline's grace", async () => {
    const s = await student();
    const { quiz, questions } = await buildQuiz(db(), { timeLimit: 1 });
    const a = await start(s.token, quiz.id);
    const me = { id: s.user.id, role: "student" as const, studentType: "jhs1" as const };
    const d = new Date(a.body.deadline);
    const one = [{ questionId: questions[0].id, answer: "A" }];
    expect(await saveAnswersFast(db(), me, a.body.attemptId, one, at(d, DEADLINE_GRACE_MS))).toMatchObject({ saved: 1 });
    expect(await saveAnswersFast(db(), me, a.body.attemptId, one, at(d, DEADLINE_GRACE_MS + 1))).toBe("slow");
  });
});
