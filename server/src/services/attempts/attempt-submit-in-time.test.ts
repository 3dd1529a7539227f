import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pg from "pg";
import { attemptAnswers, attempts, records, submissions } from "../../db/schema";
import { hashToken } from "../../auth/sessions";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { submitInTimeByToken } from "./attempt-submit-in-time";

const t = useTestApp();
const onPostgres = !!process.env.DATABASE_URL;
const db = () => t.database.db;

async function started(timeLimit = 20) {
  const s = await signedIn(db(), { role: "student", studentType: "jhs1" });
  const { quiz, questions } = await buildQuiz(db(), { timeLimit });
  const r = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
  expect(r.status).toBe(201);
  return { s, quiz, questions, attemptId: r.body.attemptId as number };
}

const save = (token: string, attemptId: number, questionId: number, answer: string) =>
  call(t.app, { method: "PUT", url: `/api/attempts/${attemptId}/answers`, token, payload: { answers: [{ questionId, answer }] } });

describe.skipIf(!onPostgres)("a submit in time without a transaction (PostgreSQL)", () => {
  it("submits an open attempt in time with what was saved, once, and leaves the rest to the transaction's path", async () => {
    const { s, questions, attemptId } = await started();
    expect((await save(s.token, attemptId, questions[0].id, questions[0].answer!)).status).toBe(200);
    expect(await submitInTimeByToken(db(), hashToken("not a session"), attemptId, new Date(), true)).toBeNull();
    const result = await submitInTimeByToken(db(), hashToken(s.token), attemptId, new Date(), true);
    expect(result).toMatchObject({ attemptId, correct: 1, total: questions.length });
    expect(result!.submission).toMatchObject({ attemptId, correct: 1 });
    // Submitted now: the path steps aside, and the route answers the same result again.
    expect(await submitInTimeByToken(db(), hashToken(s.token), attemptId, new Date(), true)).toBeUndefined();
    const again = await call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/submit`, token: s.token, payload: {} });
    expect(again.body).toMatchObject({ attemptId, correct: 1, submission: { id: result!.submission!.id } });
    expect(await db().select().from(submissions).where(eq(submissions.attemptId, attemptId))).toHaveLength(1);
    expect(await db().select().from(records).where(eq(records.submissionId, result!.submission!.id))).toHaveLength(1);
  });

  it("steps aside for an attempt whose time is up, which the transaction's path submits at its deadline", async () => {
    const { s, attemptId } = await started(1);
    const late = new Date(Date.now() + 5 * 60_000);
    expect(await submitInTimeByToken(db(), hashToken(s.token), attemptId, late, true)).toBeUndefined();
    const [row] = await db().select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row.status).toBe("in_progress");
  });

  it("counts a save that commits while the submit waits for the attempt's lock", async () => {
    const { s, questions, attemptId } = await started();
    expect((await save(s.token, attemptId, questions[0].id, questions[0].answer!)).status).toBe(200);
    // A save in flight: it holds the attempt FOR SHARE (as the save statement does) and has written its answer, not yet committed.
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select 1 from attempts where id = $1 for share", [attemptId]);
      await other.query("insert into attempt_answers (attempt_id, question_id, answer, saved_at) values ($1, $2, $3, now())", [
        attemptId,
        questions[1].id,
        questions[1].answer,
      ]);
      let finished = false;
      const submit = call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/submit`, token: s.token, payload: {} }).then((r) => {
        finished = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(finished, "the submit waits for the save's lock").toBe(false);
      await other.query("commit");
      const r = await submit;
      expect(r.status).toBe(200);
      // The answer read before the lock was one; the one committed while it waited is counted too.
      expect(r.body).toMatchObject({ attemptId, correct: 2, total: questions.length });
      const [sub] = await db().select().from(submissions).where(eq(submissions.attemptId, attemptId));
      expect(sub.correct).toBe(2);
      expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).toHaveLength(2);
    } finally {
      await other.end();
    }
  });
});
