import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, isNotNull } from "drizzle-orm";
import { questions, quizzes } from "../../db/schema";
import { useTestApp } from "../../../test/test-app";
import { seedIfEmpty } from "./seed.service";
import { demoBankGroups } from "./past-questions";
import { pick } from "./bece-questions";

/**
 * Issue 24: the demo's keys cycled A, B, C, D, so tapping the options in order scored 100%. For every demo quiz and
 * every bank group, these ways of answering without reading must score at most half: A, B, C, D… in order,
 * D, C, B, A… in order, and the same letter throughout.
 */
const BLIND = [
  { name: "in order A, B, C, D", letter: (i: number) => i % 4 },
  { name: "in order D, C, B, A", letter: (i: number) => 3 - (i % 4) },
  ...[0, 1, 2, 3].map((l) => ({ name: `always ${"ABCD"[l]}`, letter: () => l })),
];

/** The best blind score over the keyed questions (keys as option places; null for a question without a key). */
function bestBlindScore(keys: (number | null)[]): { name: string; share: number } {
  const keyed = keys.filter((k) => k !== null).length;
  return BLIND.map((b) => ({ name: b.name, share: keys.filter((k, i) => k !== null && k === b.letter(i)).length / keyed })).sort(
    (a, b) => b.share - a.share,
  )[0];
}

const t = useTestApp();
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
});

describe("demo answer keys", () => {
  it("never let tapping in order, or one letter throughout, score more than half of any demo quiz", async () => {
    const db = t.database.db;
    const all = await db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes);
    expect(all.length).toBeGreaterThan(10);
    for (const quiz of all) {
      const qs = await db.select().from(questions).where(eq(questions.quizId, quiz.id)).orderBy(asc(questions.position));
      // Only choices have a key among the options (the quiz of every type: its single-answer questions).
      const keys = qs.filter((q) => q.type === "single").map((q) => (q.answer === null ? null : q.options.indexOf(q.answer)));
      expect(
        keys.every((k) => k === null || k >= 0),
        quiz.title,
      ).toBe(true);
      const best = bestBlindScore(keys);
      expect(best.share, `${quiz.title}: ${best.name} scores ${Math.round(best.share * 100)}%`).toBeLessThanOrEqual(0.5);
    }
  });

  it("nor of any question-bank group a student practises", async () => {
    for (const g of demoBankGroups()) {
      const best = bestBlindScore(g.questions.map((q) => q.answer));
      expect(best.share, `${g.subject} ${g.year} ${g.section}: ${best.name}`).toBeLessThanOrEqual(0.5);
    }
    const stored = await t.database.db.select({ n: questions.id }).from(questions).where(isNotNull(questions.year));
    expect(stored.length).toBeGreaterThan(100);
  });

  it('still keys question 4 of "Term 1 Test: Numbers and Sets" wrongly on purpose (README)', async () => {
    const db = t.database.db;
    const [test] = await db.select().from(quizzes).where(eq(quizzes.title, "Term 1 Test: Numbers and Sets"));
    const qs = await db.select().from(questions).where(eq(questions.quizId, test.id)).orderBy(asc(questions.position));
    const right = pick("Mathematics", 0, 10).map((item) => item.options[item.answer]);
    expect(qs.map((q) => q.answer === right[q.position])).toEqual([true, true, true, false, true, true, true, true, true, true]);
  });
});
