import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { pgliteThreadOf } from "../../db/prepared";
import { attempts, submissions } from "../../db/schema";
import { call } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";

/**
 * Decision 056: on PGlite's own thread a start with nothing to settle and a submit in time without answers run as two
 * statements with the database held between them, no transaction; everything else keeps the transaction's path.
 */
describe.skipIf(!!process.env.DATABASE_URL)("the exam's start and submit on PGlite's thread", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const transactions = async () => (await pgliteThreadOf(database.db)!.stats()).transactions;

  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteLoad: new Blob([fs.readFileSync(inject("pgliteDump"))]),
      pgliteThread: true,
    });
    app = await buildApp({ database, config: loadConfig({ DATA_DIR: "/tmp", SEED_DEMO: "false" }) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("start and submit in time without a transaction, with the same answers as the transaction's path", async () => {
    const s = await signedIn(database.db, { role: "student", studentType: "jhs1" });
    const { quiz, questions } = await buildQuiz(database.db, { timeLimit: 20, maxAttempts: 2 });
    const before = await transactions();
    const started = await call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ quizId: quiz.id, attemptNumber: 1, status: "in_progress", answers: [] });
    expect(started.body.questions).toHaveLength(questions.length);
    const id = started.body.attemptId as number;
    for (const q of questions.slice(0, 2)) {
      const r = await call(app, {
        method: "PUT",
        url: `/api/attempts/${id}/answers`,
        token: s.token,
        payload: { answers: [{ questionId: q.id, answer: q.answer! }] },
      });
      expect(r.status).toBe(200);
    }
    const done = await call(app, { method: "POST", url: `/api/attempts/${id}/submit`, token: s.token, payload: {} });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ attemptId: id, correct: 2, total: questions.length, canAttemptAgain: true });
    expect(await transactions()).toBe(before);

    // A resumed attempt and a submit carrying an answer take the transaction's path, as before.
    const second = await call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(second.status).toBe(201);
    const resumed = await call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.attemptId).toBe(second.body.attemptId);
    const last = await call(app, {
      method: "POST",
      url: `/api/attempts/${second.body.attemptId}/submit`,
      token: s.token,
      payload: { answers: [{ questionId: questions[0].id, answer: questions[0].answer! }] },
    });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ attemptNumber: 2, correct: 1, canAttemptAgain: false });
    expect(await transactions()).toBe(before + 2);
    // Two attempts are all the quiz allows: the third start is refused, and nothing was stored twice.
    const third = await call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(third.status).toBe(409);
    const subs = await database.db.select().from(submissions).where(eq(submissions.quizId, quiz.id));
    expect(subs.map((x) => x.correct).sort()).toEqual([1, 2]);
  });

  it("starts once when one student starts many times at once, and submits once when the submits race", async () => {
    const s = await signedIn(database.db, { role: "student", studentType: "jhs1" });
    const { quiz } = await buildQuiz(database.db, { timeLimit: 20 });
    const starts = await Promise.all(Array.from({ length: 12 }, () => call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token })));
    expect(starts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(starts.filter((r) => r.status === 200)).toHaveLength(11);
    expect(new Set(starts.map((r) => r.body.attemptId)).size).toBe(1);
    const rows = await database.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, s.user.id)));
    expect(rows).toHaveLength(1);
    const id = starts[0].body.attemptId as number;
    const submits = await Promise.all(
      Array.from({ length: 6 }, () => call(app, { method: "POST", url: `/api/attempts/${id}/submit`, token: s.token, payload: {} })),
    );
    expect(submits.map((r) => r.status)).toEqual(submits.map(() => 200));
    expect(new Set(submits.map((r) => r.body.submission?.id)).size).toBe(1);
    expect(await database.db.select().from(submissions).where(eq(submissions.attemptId, id))).toHaveLength(1);
  });
});
