import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { TimedSection } from "@adesua/domain";
import { CASES_T0, PERSONAL_BEST_CASES, SAVE_CASES, STATUS_CASES } from "@adesua/domain/cases";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildQuiz, buildUser, sampleQuestions } from "../../test/factories";
import { queryPrepared } from "../db/prepared";
import { attempts, quizzes, records } from "../db/schema";
import { FINALIZE_SQL } from "./attempt.queries";
import { recomputeRecords } from "./records-recompute.service";
import { saveAnswersFast } from "./attempt-answers.service";
import { statusCondition } from "./quiz.service";

/**
 * The rules that also exist in SQL for speed, run through that SQL on a real database with the
 * domain's shared cases (domain/src/rules/cases.ts; the rules run them in rules.cases.test.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const at = (ms: number) => new Date(CASES_T0 + ms);
const maybe = (ms: number | null) => (ms === null ? null : at(ms));

describe("SAVE_ANSWERS_SQL agrees with answersSavableNow", () => {
  it.each(SAVE_CASES)("$name", async (c) => {
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
    const verdict = await saveAnswersFast(db(), viewer, attempt.id, answers, at(c.now));
    expect(verdict !== "slow").toBe(c.savable);
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
      queryPrepared(
        tx,
        "adesua_finalize_v1",
        FINALIZE_SQL,
        ["int", "int", "int", "numeric", "int", "int", "boolean", "jsonb", "timestamptz", "boolean", "int", "boolean"],
        [attempt.id, quiz.id, student.id, c.score, 0, 1, c.score !== null, "[]", at(n).toISOString(), null, n, true],
      ),
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
