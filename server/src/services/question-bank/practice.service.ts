import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  answerMatches,
  BANK_MESSAGES,
  describeAnswer,
  describeKey,
  isAutoMarked,
  markAnswer,
  type PracticeResult,
  type PracticeSubject,
  type PracticeSummary,
} from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { practiceResults, type QuestionRow } from "../../db/schema";
import type { PracticeAnswerRow } from "../../db/schema-practice";
import { badRequest, notFound } from "../../lib/errors";
import { pageWindow } from "../../lib/pagination";
import { bankQuestionsByIds, type BankReader } from "./question-bank.service";
import { presentPracticeResult, presentPracticeSummary } from "./practice.presenter";

/** Practice of bank questions, graded here (decision 019): never a quiz, an attempt or a submission. */

/**
 * One practised question marked by its type (`markAnswer`): earned over its marks, the key described. Written answers
 * and questions without a key are not marked (earned null): the student compares a written answer with the scheme.
 */
export function practisedAnswer(q: QuestionRow, answer: string | null): PracticeAnswerRow {
  const type = q.type ?? "single";
  const auto = isAutoMarked(q);
  const m = markAnswer(q, answer, answerMatches);
  const earned = auto ? (m.earned ?? 0) : null;
  const parts = type === "written" ? (q.details.parts ?? []).map((p) => ({ label: p.label, marks: p.marks, scheme: p.scheme ?? "" })) : [];
  return {
    questionId: q.id,
    answer,
    correctAnswer: !auto ? null : type === "single" || type === "true_false" ? q.answer : describeKey(q),
    correct: earned !== null && earned >= m.available,
    type,
    earned,
    available: m.available,
    key: auto ? describeKey(q) : null,
    answerText: answer === null ? null : describeAnswer(q, answer),
    scheme: type === "written" ? (q.details.scheme ?? null) : null,
    parts,
  };
}

export type PracticeValues = {
  questionIds: number[];
  answers: { questionId: number; answer: string | null }[];
  timeTakenSeconds?: number;
  retryOf?: number;
};

/**
 * Grades a finished practice against the bank's keys and saves it for the user. For a student, a question of a
 * quiz they could still take answers 404 like an unknown id (issue 25, decision 043): its key would be that quiz's.
 */
export async function gradePractice(db: Queryable, userId: number, input: PracticeValues, reader: BankReader): Promise<PracticeResult> {
  const ids = [...new Set(input.questionIds)];
  if (ids.length !== input.questionIds.length) throw badRequest("Each question can be practised once per practice");
  // A question a student may not read now (a quiz they could still take holds it) is as unknown as a missing one.
  const rows = await bankQuestionsByIds(db, ids, reader);
  if (rows.length !== ids.length) throw notFound(BANK_MESSAGES.practiceUnknown);
  if (input.retryOf !== undefined) {
    const [prev] = await db
      .select({ id: practiceResults.id })
      .from(practiceResults)
      .where(and(eq(practiceResults.id, input.retryOf), eq(practiceResults.userId, userId)))
      .limit(1);
    if (!prev) throw notFound(BANK_MESSAGES.practiceNotFound);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const given = new Map(input.answers.map((a) => [a.questionId, a.answer]));
  const answers: PracticeAnswerRow[] = ids.map((id) => practisedAnswer(byId.get(id)!, given.get(id) ?? null));
  const score = answers.filter((a) => a.correct).length;
  const marked = answers.filter((a) => a.earned !== null);
  const earned = marked.reduce((sum, a) => sum + (a.earned ?? 0), 0);
  const available = marked.reduce((sum, a) => sum + (a.available ?? 1), 0);
  const percentage = available === 0 ? 0 : Math.round((earned / available) * 10000) / 100;
  // The practice is named after its first question's group (a retry keeps its group).
  const first = byId.get(ids[0])!;
  const [saved] = await db
    .insert(practiceResults)
    .values({
      userId,
      year: first.year!,
      subject: first.subject!,
      section: first.section!,
      score,
      total: ids.length,
      percentage,
      timeTakenSeconds: input.timeTakenSeconds ?? null,
      retryOf: input.retryOf ?? null,
      answers,
    })
    .returning();
  return presentPracticeResult(saved);
}

export async function findPractice(db: Queryable, userId: number, id: number): Promise<PracticeResult> {
  const [row] = await db
    .select()
    .from(practiceResults)
    .where(and(eq(practiceResults.id, id), eq(practiceResults.userId, userId)))
    .limit(1);
  if (!row) throw notFound(BANK_MESSAGES.practiceNotFound);
  return presentPracticeResult(row);
}

/** The user's practices (newest first, one page) and the per-subject summary over all of them. */
export async function practiceHistory(
  db: Queryable,
  userId: number,
  q: { page: number; limit: number; subject?: string },
): Promise<{ results: PracticeSummary[]; total: number; subjects: PracticeSubject[] }> {
  const mine = eq(practiceResults.userId, userId);
  const where = q.subject === undefined ? mine : and(mine, sql`lower(${practiceResults.subject}) = lower(${q.subject})`);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }], subjects] = await Promise.all([
    db.select().from(practiceResults).where(where).orderBy(desc(practiceResults.createdAt), desc(practiceResults.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(practiceResults).where(where),
    db
      .select({
        subject: practiceResults.subject,
        practices: count(),
        averagePercentage: sql<number>`round(avg(${practiceResults.percentage}), 2)`.mapWith(Number),
        bestPercentage: sql<number>`max(${practiceResults.percentage})`.mapWith(Number),
        lastPercentage:
          sql<number>`(array_agg(${practiceResults.percentage} order by ${practiceResults.createdAt} desc, ${practiceResults.id} desc))[1]`.mapWith(Number),
        lastAt: sql<string>`max(${practiceResults.createdAt})`.mapWith((v: unknown) => new Date(v as string).toISOString()),
      })
      .from(practiceResults)
      .where(mine)
      .groupBy(practiceResults.subject)
      .orderBy(practiceResults.subject),
  ]);
  return { results: rows.map(presentPracticeSummary), total, subjects };
}
