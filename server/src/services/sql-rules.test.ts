import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { TimedSection } from "@adesua/domain";
import { CASES_T0, PERSONAL_BEST_CASES, SAVE_CASES, STATUS_CASES, type SaveCase } from "@adesua/domain/cases";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildQuiz, buildUser, sampleQuestions, signedIn } from "../../test/factories";
import { hashToken } from "../auth/sessions";
import { queryPrepared } from "../db/prepared";
import { attemptAnswers, attempts, quizzes, records, sessions, users } from "../db/schema";
import { FINALIZE_SQL, FINALIZE_TYPES, HOT_NAMES } from "./attempts/attempt.queries";
import { recomputeRecords } from "./grading/records-recompute.service";
import { saveAnswersFast } from "./attempts/attempt-answers.service";
import { saveAnswersBatch } from "./attempts/attempt-save-batch";
import { statusCondition } from "./quizzes/quiz.service";

/**
 * The rules that also exist in SQL for speed, run through that SQL on a real database with the
 * domain's shared cases (domain/src/rules/cases.ts; the rules run them in rules.cases.test.ts).
 * The quiz visibility rules (teacher-quiz, student-level) have their own table beside their policy:
 * policies/quizzes.cases.ts, run through the row check and the SQL in quizzes.policy.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const at = (ms: number) => new Date(CASES_T0 + ms);
const maybe = (ms: number | null) => (ms === null ? null : at(ms));

/** A case's attempt and answers on the database, ready to save. */
async function saveCase(c: SaveCase) {
  const student = await buildUser(db(), { role: "student" });
  const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(6), timedSections: c.sections as TimedSection[] });
  const { questions: elsewhere } = await buildQuiz(db());
  const [attempt] = await db()
    .insert(attempts)
    .values({
      quizId: quiz.id,
      userId: student.id,
      attemptNumber: 1,
      status: c.status,
      startedAt: at(0),
      deadline: maybe(c.deadline),
      currentSection: c.currentSection,
      sectionStartedAt: c.sections.length ? at(c.sectionStartedAt) : null,
      submittedAt: c.status === "submitted" ? at(0) : null,
    })
    .returning();
  const answers = c.questions.map((i) => ({ questionId: i === null ? elsewhere[0].id : questions[i].id, answer: "A" }));
  const viewer = { id: student.id, role: "student" as const, studentType: "jhs1" as const };
  return { viewer, attempt, answers, request: { attemptId: attempt.id, caller: { userId: student.id }, answers, now: at(c.now) } };
}

/** How many answers the attempt holds. */
const storedCount = async (attemptId: number) => (await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).length;

describe("SAVE_ANSWERS_SQL agrees with answersSavableNow", () => {
  it.each(SAVE_CASES)("$name", async (c) => {
    const { viewer, attempt, answers } = await saveCase(c);
    const verdict = await saveAnswersFast(db(), viewer, attempt.id, answers, at(c.now));
    expect(verdict !== "slow").toBe(c.savable);
    expect(await storedCount(attempt.id)).toBe(c.savable ? answers.length : 0);
  });
});

describe("a save that checks its session in its own statement (decision 038)", () => {
  /** A signed-in student's open attempt, and a save of one answer by token, alone and in a batch. */
  async function tokenSave(change: (s: { userId: number; token: string }) => Promise<void> = async () => {}) {
    const { user, token } = await signedIn(db(), { role: "student" });
    const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(3) });
    const [attempt] = await db()
      .insert(attempts)
      .values({ quizId: quiz.id, userId: user.id, attemptNumber: 1, status: "in_progress", startedAt: new Date() })
      .returning();
    await change({ userId: user.id, token });
    const answers = [{ questionId: questions[0].id, answer: "A" }];
    const alone = await saveAnswersFast(db(), { tokenHash: hashToken(token) }, attempt.id, answers, new Date());
    const [batched] = await saveAnswersBatch(db(), [{ attemptId: attempt.id, caller: { tokenHash: hashToken(token) }, answers, now: new Date() }]);
    return { alone: alone !== "slow", batched: batched.ok, stored: await storedCount(attempt.id) };
  }
  const tokenOf = (token: string) => eq(sessions.tokenHash, hashToken(token));

  it("saves with the owner's live session", async () => {
    expect(await tokenSave()).toEqual({ alone: true, batched: true, stored: 1 });
  });

  it("says no, saving nothing, to another student's, an unknown, a revoked and an expired session", async () => {
    const other = await signedIn(db(), { role: "student" });
    const cases: ((s: { userId: number; token: string }) => Promise<void>)[] = [
      async (s) => void (await db().update(sessions).set({ userId: other.user.id }).where(tokenOf(s.token))),
      async (s) =>
        void (await db()
          .update(sessions)
          .set({ tokenHash: hashToken("not-a-token") })
          .where(tokenOf(s.token))),
      async (s) => void (await db().update(sessions).set({ revokedAt: new Date() }).where(tokenOf(s.token))),
      async (s) =>
        void (await db()
          .update(sessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(tokenOf(s.token))),
    ];
    for (const change of cases) expect(await tokenSave(change)).toEqual({ alone: false, batched: false, stored: 0 });
  });

  it("says no to a user who may not act yet (pending, or a one-time password to replace), unless an admin impersonates", async () => {
    const admin = await buildUser(db(), { role: "admin" });
    const pending = async (s: { userId: number }) => void (await db().update(users).set({ status: "pending" }).where(eq(users.id, s.userId)));
    const mustChange = async (s: { userId: number }) => void (await db().update(users).set({ mustChangePassword: true }).where(eq(users.id, s.userId)));
    expect(await tokenSave(pending)).toEqual({ alone: false, batched: false, stored: 0 });
    expect(await tokenSave(mustChange)).toEqual({ alone: false, batched: false, stored: 0 });
    const impersonated = async (s: { userId: number; token: string }) => {
      await mustChange(s);
      await db().update(sessions).set({ impersonatorId: admin.id }).where(tokenOf(s.token));
    };
    expect(await tokenSave(impersonated)).toEqual({ alone: true, batched: true, stored: 1 });
  });
});

describe("SAVE_ANSWERS_BATCH_SQL (group commit) agrees with answersSavableNow", () => {
  it.each(SAVE_CASES)("$name, in a batch of its own", async (c) => {
    const { attempt, answers, request } = await saveCase(c);
    expect(await saveAnswersBatch(db(), [request])).toEqual([{ ok: c.savable }]);
    expect(await storedCount(attempt.id)).toBe(c.savable ? answers.length : 0);
  });

  it("every case in one batch, in both orders, plus an attempt that does not exist", async () => {
    for (const order of [SAVE_CASES, [...SAVE_CASES].reverse()]) {
      const made = [];
      for (const c of order) made.push(await saveCase(c));
      const missing = { attemptId: 999_999_999, caller: { userId: made[0].viewer.id }, answers: made[0].answers, now: at(0) };
      const verdicts = await saveAnswersBatch(db(), [...made.map((m) => m.request), missing]);
      expect(verdicts).toEqual([...order.map((c) => ({ ok: c.savable })), { ok: false }]);
      for (const [i, c] of order.entries()) expect(await storedCount(made[i].attempt.id), c.name).toBe(c.savable ? made[i].answers.length : 0);
    }
  });
});

describe("statusCondition agrees with quizTimeStatus", () => {
  it.each(STATUS_CASES)("$name", async (c) => {
    const { quiz } = await buildQuiz(db(), { openTime: maybe(c.openTime), closeTime: maybe(c.closeTime) });
    const matches = [];
    for (const status of ["upcoming", "active", "closed"] as const) {
      const rows = await db()
        .select({ id: quizzes.id })
        .from(quizzes)
        .where(and(eq(quizzes.id, quiz.id), statusCondition(status, at(c.now))));
      if (rows.length) matches.push(status);
    }
    expect(matches).toEqual([c.status]);
  });
});

describe("FINALIZE_SQL's personal best agrees with isPersonalBest", () => {
  it.each(PERSONAL_BEST_CASES)("$name", async (c) => {
    const student = await buildUser(db(), { role: "student" });
    const { quiz } = await buildQuiz(db(), { maxAttempts: null });
    for (const [i, score] of c.earlier.entries()) {
      await db()
        .insert(records)
        .values({ userId: student.id, quizId: quiz.id, score, correct: 0, total: 1, passed: null, userAttempts: i + 1, createdAt: at(i) });
    }
    const n = c.earlier.length + 1;
    const [attempt] = await db()
      .insert(attempts)
      .values({ quizId: quiz.id, userId: student.id, attemptNumber: n, status: "in_progress", startedAt: at(n) })
      .returning();
    // Inside a transaction, as submitAttempt runs it.
    await db().transaction((tx) =>
      queryPrepared(tx, HOT_NAMES.finalize, FINALIZE_SQL, FINALIZE_TYPES, [
        attempt.id,
        quiz.id,
        student.id,
        c.score,
        0,
        1,
        c.score !== null,
        "[]",
        at(n).toISOString(),
        null,
        n,
        true,
        student.id,
        null,
        "[]",
      ]),
    );
    const [mine] = await db()
      .select({ best: records.isPersonalBest })
      .from(records)
      .where(and(eq(records.userId, student.id), eq(records.userAttempts, n)));
    expect(mine.best).toBe(c.best);
  });
});

describe("recomputeRecords' personal best agrees with isPersonalBest", () => {
  it.each(PERSONAL_BEST_CASES)("$name", async (c) => {
    const student = await buildUser(db(), { role: "student" });
    const { quiz } = await buildQuiz(db(), { maxAttempts: null });
    // Every record entered with the wrong flag, out of order of id: the recompute follows created_at.
    const scores = [...c.earlier, c.score];
    for (const [i, score] of [...scores.entries()].reverse()) {
      await db()
        .insert(records)
        .values({
          userId: student.id,
          quizId: quiz.id,
          score,
          correct: 0,
          total: 1,
          passed: null,
          isPersonalBest: !c.best,
          userAttempts: i + 1,
          createdAt: at(i),
        });
    }
    await db().transaction((tx) => recomputeRecords(tx, { quizId: quiz.id, userId: student.id }));
    const [mine] = await db()
      .select({ best: records.isPersonalBest })
      .from(records)
      .where(and(eq(records.userId, student.id), eq(records.userAttempts, scores.length)));
    expect(mine.best).toBe(c.best);
  });
});
