import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { call, createTestApp, type TestApp } from "../../../test/test-app";
import { buildQuiz, sampleQuestions, signedIn } from "../../../test/factories";
import { attemptAnswers, attempts } from "../../db/schema";
import { saveAnswersFast } from "./attempt-answers.service";
import { saveAnswersGrouped, saveGroupCommitStats } from "./attempt-save-batch";
import { isEmbedded } from "../../db/prepared";
import { saveStatements } from "./attempt-save.queries";

/**
 * Group commit of saves (decision 034) against a real database, on PGlite and on PostgreSQL
 * (SAVE_GROUP_COMMIT=true turns it on there too): batched saves store and answer exactly what the
 * same saves one by one do.
 */

let t: TestApp;
beforeAll(async () => {
  // PGlite on its own thread, as the server runs it: in the test's in-process PGlite every query runs
  // to its end before the next request gets a turn, so concurrent requests would never overlap.
  const was = process.env.TEST_PGLITE_THREAD;
  process.env.TEST_PGLITE_THREAD = "1";
  try {
    t = await createTestApp({ SAVE_GROUP_COMMIT: "true" });
  } finally {
    if (was === undefined) delete process.env.TEST_PGLITE_THREAD;
    else process.env.TEST_PGLITE_THREAD = was;
  }
});
afterAll(() => t.close());

const db = () => t.database.db;
const stats = () => ({ ...saveGroupCommitStats(db())! });
type Answer = { questionId: number; answer: string };

/** Ten students of one quiz, each with a started attempt. */
async function scenario() {
  const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(6), timeLimit: 30 });
  const students = [];
  for (let i = 0; i < 10; i++) {
    const s = await signedIn(db(), { role: "student" });
    const r = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(r.status).toBe(201);
    students.push({ id: s.user.id, token: s.token, attemptId: r.body.attemptId as number });
  }
  return { quiz, q: questions.map((x) => x.id), students };
}
type Scenario = Awaited<ReturnType<typeof scenario>>;

/** The saves of one round: most are accepted; one names an unknown question, one another student's attempt. */
function round(s: Scenario, k: number) {
  return s.students.map((st, i) => {
    if (i === 7) return { token: st.token, attemptId: st.attemptId, answers: [{ questionId: 999_999, answer: "A" }] };
    if (i === 8) return { token: st.token, attemptId: s.students[9].attemptId, answers: [{ questionId: s.q[0], answer: "A" }] };
    const answers: Answer[] = [{ questionId: s.q[(i + k) % 6], answer: "ABCD"[(i + k) % 4] }];
    if (i % 3 === 0) answers.push({ questionId: s.q[(i + k + 1) % 6], answer: "B" });
    // Student 5 sends the same answer every round: it must never be written again.
    if (i === 5) return { token: st.token, attemptId: st.attemptId, answers: [{ questionId: s.q[0], answer: "C" }] };
    return { token: st.token, attemptId: st.attemptId, answers };
  });
}

const put = (r: { token: string; attemptId: number; answers: Answer[] }) =>
  call(t.app, { method: "PUT", url: `/api/attempts/${r.attemptId}/answers`, token: r.token, payload: { answers: r.answers } });

/** What each student's attempt holds, by student and question position (comparable across scenarios). */
async function stored(s: Scenario) {
  const rows = await db()
    .select()
    .from(attemptAnswers)
    .where(
      inArray(
        attemptAnswers.attemptId,
        s.students.map((x) => x.attemptId),
      ),
    );
  const byAttempt = new Map(s.students.map((x, i) => [x.attemptId, i]));
  return rows
    .map((r) => ({ student: byAttempt.get(r.attemptId)!, question: s.q.indexOf(r.questionId), answer: r.answer, savedAt: r.savedAt.getTime() }))
    .sort((a, b) => a.student - b.student || a.question - b.question);
}

const shape = (r: { status: number; body: Record<string, unknown> }) => ({ status: r.status, body: { ...r.body, savedAt: typeof r.body.savedAt } });

describe("group commit of saves", () => {
  it("answers and stores concurrent saves of many attempts exactly as the same saves one by one", async () => {
    const together = await scenario();
    const alone = await scenario();
    const before = stats();
    let fiveFirst: number | undefined;
    for (let k = 0; k < 3; k++) {
      const concurrent = await Promise.all(round(together, k).map(put));
      const batchedSoFar = stats().batched;
      const sequential = [];
      for (const r of round(alone, k)) sequential.push(await put(r));
      // One at a time: nothing waited, so nothing was batched.
      expect(stats().batched).toBe(batchedSoFar);
      expect(concurrent.map(shape)).toEqual(sequential.map(shape));
      expect(concurrent.filter((r) => r.status === 200)).toHaveLength(8);
      expect(concurrent[7]).toMatchObject({ status: 400, body: { code: "unknown_question" } });
      expect(concurrent[8].status).toBe(404);
      if (k === 0) fiveFirst = (await stored(together)).find((x) => x.student === 5)?.savedAt;
    }
    const a = await stored(together);
    const b = await stored(alone);
    expect(a.map(({ savedAt: _, ...x }) => x)).toEqual(b.map(({ savedAt: _, ...x }) => x));
    // The same answer again writes nothing: student 5's answer keeps its first time.
    const five = a.filter((x) => x.student === 5);
    expect(five).toHaveLength(1);
    expect(fiveFirst).toBeDefined();
    expect(five[0].savedAt).toBe(fiveFirst);
    const after = stats();
    expect(after.batches).toBeGreaterThan(before.batches);
    expect(after.failedBatches).toBe(before.failedBatches);
  });

  it("keeps two saves of one attempt out of one batch and in their order", async () => {
    const s = await scenario();
    const [x, y, z] = s.students;
    const viewer = (st: { id: number }) => ({ id: st.id, role: "student" as const, studentType: "jhs1" as const });
    const save = (st: typeof x, answer: string) => saveAnswersFast(db(), viewer(st), st.attemptId, [{ questionId: s.q[0], answer }], new Date());
    const before = stats();
    // The first goes out alone; the rest wait for it and then form batches, x's saves one per batch.
    const all = [save(z, "A"), save(x, "A"), save(y, "A"), save(x, "B"), save(y, "B"), save(x, "C"), save(x, "D")];
    expect((await Promise.all(all)).every((r) => r !== "slow")).toBe(true);
    const after = stats();
    expect(after.batches - before.batches).toBe(2); // {x A, y A}, {x B, y B}, then x C alone, then x D alone
    expect(after.batched - before.batched).toBe(4);
    const rows = await stored(s);
    expect(rows.filter((r) => r.student === 0).map((r) => r.answer)).toEqual(["D"]);
    expect(rows.filter((r) => r.student === 1).map((r) => r.answer)).toEqual(["B"]);
  });

  it("holds saves sent while a transaction ends their attempts until it commits, then takes none of them", async () => {
    // On PostgreSQL the saves' row lock makes them wait; the embedded database's saves take no lock (decision 054): its
    // one session runs a transaction to its end before any other statement.
    const s = await scenario();
    const [x, y, open] = s.students;
    const viewer = (st: { id: number }) => ({ id: st.id, role: "student" as const, studentType: "jhs1" as const });
    const save = (st: typeof x) => saveAnswersFast(db(), viewer(st), st.attemptId, [{ questionId: s.q[0], answer: "A" }], new Date());
    const before = stats();
    let sent: Promise<unknown>[] = [];
    await db().transaction(async (tx) => {
      await tx
        .update(attempts)
        .set({ status: "submitted", submittedAt: new Date() })
        .where(inArray(attempts.id, [x.attemptId, y.attemptId]));
      // x's save goes out alone (one statement); y's and the open attempt's wait behind it and form a batch.
      sent = [save(x), save(y), save(open)];
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(await Promise.all(sent)).toEqual(["slow", "slow", { saved: 1, savedAt: expect.any(Date) }]);
    expect(stats().batched - before.batched).toBe(2);
    const rows = await stored(s);
    expect(rows.map((r) => r.student)).toEqual([2]);
    const [after] = await db().select().from(attempts).where(eq(attempts.id, x.attemptId));
    expect(after.status).toBe("submitted");
  });

  it("re-runs a failed batch one by one: a bad request fails alone and the others are stored", async () => {
    const s = await scenario();
    const [lead, a, bad, c] = s.students;
    const req = (st: typeof a, answers: Answer[]) => ({ attemptId: st.attemptId, caller: { userId: st.id }, answers, now: new Date() });
    const before = stats();
    // Two answers to one question in one request (the API refuses that; here it reaches the SQL): the
    // upsert cannot change one row twice, so the statement fails.
    const twice = [
      { questionId: s.q[1], answer: "A" },
      { questionId: s.q[1], answer: "B" },
    ];
    const results = await Promise.allSettled([
      saveAnswersGrouped(db(), req(lead, [{ questionId: s.q[0], answer: "A" }])),
      saveAnswersGrouped(db(), req(a, [{ questionId: s.q[2], answer: "A" }])),
      saveAnswersGrouped(db(), req(bad, twice)),
      saveAnswersGrouped(db(), req(c, [{ questionId: s.q[3], answer: "C" }])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ ok: boolean }>).value.ok)).toEqual([true, true, true]);
    expect(stats().failedBatches - before.failedBatches).toBe(1);
    const rows = await stored(s);
    expect(rows.map((r) => [r.student, r.question, r.answer])).toEqual([
      [0, 0, "A"],
      [1, 2, "A"],
      [3, 3, "C"],
    ]);
  });

  it("sends a lone save at once, as the one-statement save", async () => {
    const s = await scenario();
    const before = stats();
    const r = await put({ token: s.students[0].token, attemptId: s.students[0].attemptId, answers: [{ questionId: s.q[0], answer: "A" }] });
    expect(r.status).toBe(200);
    const after = stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.batches).toBe(before.batches);
  });

  it("looks each batched save's attempt up by its key, never by scanning the attempts table (decision 055)", async () => {
    const s = await scenario();
    const payload = s.students.slice(0, 3).map((st, i) => ({
      i,
      attempt_id: st.attemptId,
      user_id: st.id,
      token_hash: null,
      at: new Date().toISOString(),
      answers: [{ question_id: s.q[i], answer: "A" }],
    }));
    const { text } = saveStatements(isEmbedded(db())).batch;
    const literal = text.replaceAll("$1::jsonb", `'${JSON.stringify(payload)}'::jsonb`);
    const r = await db().execute(sql.raw(`explain (costs off) ${literal}`));
    const plan = (r.rows as Record<string, string>[]).map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/Index Scan using attempts_pkey on attempts/);
    expect(plan).not.toMatch(/Seq Scan on attempts/);
  });
});
