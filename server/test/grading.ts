import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../src/db/client";
import { auditLogs, records } from "../src/db/schema";
import { call } from "./test-app";
import { buildCourse, buildQuiz, signedIn } from "./factories";

/**
 * A quiz for grading tests: two keyed questions (keys "x" and "p") and two without a key, made in a
 * course its own teacher teaches. Passing score 50.
 */
export async function gradingQuiz(db: Db, over: { passingScore?: number; maxAttempts?: number | null } = {}) {
  const teacher = await signedIn(db, { role: "teacher" });
  const course = await buildCourse(db, { teacherId: teacher.user.id });
  const { quiz, questions } = await buildQuiz(db, {
    courseId: course.id,
    teacherId: teacher.user.id,
    passingScore: over.passingScore ?? 50,
    maxAttempts: over.maxAttempts === undefined ? null : over.maxAttempts,
    questions: [
      { text: "Keyed one", options: ["x", "y"], answer: "x" },
      { text: "Keyed two", options: ["p", "q"], answer: "p" },
      { text: "Open one: which is fairer?", options: ["yes", "no"], answer: null },
      { text: "Open two: explain", options: ["a", "b"], answer: null },
    ],
  });
  const [k1, k2, o1, o2] = questions.map((q) => q.id);
  return { teacher, course, quiz, ids: { k1, k2, o1, o2 } };
}

/** Starts and submits an attempt with these answers; answers the submit's body. */
export async function submitAnswers(app: FastifyInstance, token: string, quizId: number, answers: { questionId: number; answer: string }[]) {
  const a = await call(app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token });
  if (a.status !== 201 && a.status !== 200) throw new Error(`start: ${a.status} ${a.raw}`);
  const r = await call(app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/submit`, token, payload: { answers } });
  if (r.status !== 200) throw new Error(`submit: ${r.status} ${r.raw}`);
  return r.body;
}

/**
 * One attempt on a quiz answering the first `right` questions "A" and the rest "B" (sampleQuestions' key is option A),
 * in the order given (question rows or their ids); answers the submit's response.
 */
export async function attemptWith(app: FastifyInstance, token: string, quizId: number, questions: readonly (number | { id: number })[], right: number) {
  const a = await call(app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token });
  const answers = questions.map((q, i) => ({ questionId: typeof q === "number" ? q : q.id, answer: i < right ? "A" : "B" }));
  return call(app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/submit`, token, payload: { answers } });
}

/** A student's records of a quiz, oldest first. */
export const recordsOf = (db: Db, userId: number, quizId: number) =>
  db
    .select()
    .from(records)
    .where(and(eq(records.userId, userId), eq(records.quizId, quizId)))
    .orderBy(records.createdAt, records.id);

/** The newest audit entries of one entity. */
export const auditOf = (db: Db, entityType: string, entityId: number) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, String(entityId))))
    .orderBy(desc(auditLogs.id));
