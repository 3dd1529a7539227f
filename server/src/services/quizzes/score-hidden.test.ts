import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { scoreHiddenFor } from "@adesua/domain";
import { useTestApp } from "../../../test/test-app";
import { buildQuiz } from "../../../test/factories";
import { quizzes } from "../../db/schema";
import { scoreHiddenSql } from "./quiz.service";

/**
 * Decision 041's rule exists twice: scoreHiddenFor (domain, for results) and scoreHiddenSql (for records, lists and
 * home figures). One table of cases runs through both, at the boundaries, on a real database.
 */

const T0 = Date.parse("2026-03-10T12:00:00.000Z");
type Case = { name: string; showScore: "after_attempt" | "after_close"; close: number | null; released: number | null; hidden: boolean };
const CASES: Case[] = [
  { name: "after_attempt is never hidden", showScore: "after_attempt", close: 60_000, released: null, hidden: false },
  { name: "after_close before the close is hidden", showScore: "after_close", close: 60_000, released: null, hidden: true },
  { name: "after_close at the close instant is still hidden (the quiz is still active)", showScore: "after_close", close: 0, released: null, hidden: true },
  { name: "after_close one millisecond after the close is shown", showScore: "after_close", close: -1, released: null, hidden: false },
  { name: "after_close without a close time is hidden", showScore: "after_close", close: null, released: null, hidden: true },
  { name: "after_close with released answers is shown", showScore: "after_close", close: 60_000, released: -60_000, hidden: false },
  { name: "after_close without a close time but released is shown", showScore: "after_close", close: null, released: -1, hidden: false },
];

const t = useTestApp();

describe("scoreHiddenFor and scoreHiddenSql agree", () => {
  it.each(CASES)("$name", async (c) => {
    const now = new Date(T0);
    const closeTime = c.close === null ? null : new Date(T0 + c.close);
    const answersReleasedAt = c.released === null ? null : new Date(T0 + c.released);
    expect(scoreHiddenFor({ showScore: c.showScore, closeTime, answersReleasedAt }, now)).toBe(c.hidden);
    const { quiz } = await buildQuiz(t.database.db, { showScore: c.showScore, closeTime, answersReleasedAt, openTime: null });
    const [row] = await t.database.db
      .select({ hidden: sql<boolean>`${scoreHiddenSql('"quizzes"', now.toISOString())}`.mapWith(Boolean) })
      .from(quizzes)
      .where(eq(quizzes.id, quiz.id));
    expect(row.hidden).toBe(c.hidden);
  });
});
