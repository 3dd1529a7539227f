import { describe, expect, it } from "vitest";
import { eq, isNull } from "drizzle-orm";
import { useTestApp } from "../../test/test-app";
import { buildQuiz } from "../../test/factories";
import { questions } from "./schema";
import { loadKeyedQuestions } from "../services/grading/grading.service";

const t = useTestApp();

const db = () => t.database.db;
const bankRow = { position: 0, text: "What is 2 + 2?", options: ["3", "4", "5", "6"], answer: "4", year: 2019, subject: "Mathematics", section: "A" };

describe("the questions table holds bank questions beside quiz questions (decision 009)", () => {
  it("stores a bank question without a quiz, which no quiz ever reads", async () => {
    const { quiz } = await buildQuiz(db());
    const [bank] = await db()
      .insert(questions)
      .values({ ...bankRow, topic: "Arithmetic" })
      .returning();
    expect(bank).toMatchObject({ quizId: null, year: 2019, subject: "Mathematics", section: "A", topic: "Arithmetic" });
    const quizQuestions = await loadKeyedQuestions(db(), quiz.id);
    expect(quizQuestions).toHaveLength(3);
    expect(quizQuestions.map((q) => q.id)).not.toContain(bank.id);
    expect((await db().select().from(questions).where(isNull(questions.quizId))).map((q) => q.id)).toContain(bank.id);
  });

  it("refuses a bank question without its year, subject or an A/B section", async () => {
    for (const missing of [{ year: null }, { subject: null }, { section: null }, { section: "C" }]) {
      await expect(
        db()
          .insert(questions)
          .values({ ...bankRow, ...missing }),
      ).rejects.toThrow();
    }
  });

  it("lets a quiz question name the bank row it was copied from, and keeps it when that row goes", async () => {
    const { quiz } = await buildQuiz(db(), { questions: [] });
    const [bank] = await db().insert(questions).values(bankRow).returning();
    const [copy] = await db()
      .insert(questions)
      .values({ quizId: quiz.id, position: 0, text: bank.text, options: bank.options, answer: bank.answer, sourceQuestionId: bank.id })
      .returning();
    await db().delete(questions).where(eq(questions.id, bank.id));
    const [kept] = await db().select().from(questions).where(eq(questions.id, copy.id));
    expect(kept).toMatchObject({ quizId: quiz.id, text: "What is 2 + 2?", sourceQuestionId: null });
  });
});
