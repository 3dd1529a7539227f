import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AttemptSessionSchema, type AttemptSession } from "@adesua/domain";
import { questions as questionsTable } from "../../db/schema";
import { hashToken } from "../../auth/sessions";
import { onDatabase } from "../../services/attempts/procedures";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { buildQuiz, sampleQuestions, signedIn } from "../../../test/factories";
import { forgetHeldQuestions, questionsHeld, startReplyJson } from "./start-reply";

/** The start's answer written from parts: the quiz's questions kept as JSON by their version (decision 057). */
const t = useTestApp();
afterEach(() => forgetHeldQuestions());
const db = () => t.database.db;
const student = () => signedIn(db(), { role: "student", studentType: "jhs1" });

async function start(quizId: number): Promise<AttemptSession> {
  const s = await student();
  const r = await call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token: s.token });
  expect(r.status).toBe(201);
  expectSchema(AttemptSessionSchema, r.body);
  return r.body as AttemptSession;
}

describe("POST /api/quizzes/:id/attempts, questions held by version", () => {
  it("gives a second student the questions the first start wrote, unchanged", async () => {
    const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(5) });
    const first = await start(quiz.id);
    expect(first.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    const had = questionsHeld(quiz.id);
    expect(JSON.parse(had!.json)).toEqual(first.questions);
    // The student's view only: no question carries its key.
    for (const q of JSON.parse(had!.json) as Record<string, unknown>[]) expect(Object.keys(q)).not.toContain("answer");
    const second = await start(quiz.id);
    expect(second.attemptId).not.toBe(first.attemptId);
    expect(second.questions).toEqual(first.questions);
  });

  it("leaves the questions out only when the caller holds their version", async () => {
    const { quiz } = await buildQuiz(db(), { questions: sampleQuestions(3) });
    const now = new Date();
    const a = await student();
    const written = await onDatabase(db(), "startByToken", { tokenHash: hashToken(a.token), quizId: quiz.id, now, questionsHeld: null });
    expect(written).toMatchObject({ created: true, questionsLeftOut: false });
    expect(written!.session.questions).toHaveLength(3);
    const b = await student();
    const stale = await onDatabase(db(), "startByToken", { tokenHash: hashToken(b.token), quizId: quiz.id, now, questionsHeld: written!.questionsVersion - 1 });
    expect(stale).toMatchObject({ questionsLeftOut: false, questionsVersion: written!.questionsVersion });
    expect(stale!.session.questions).toHaveLength(3);
    const c = await student();
    const left = await onDatabase(db(), "startByToken", { tokenHash: hashToken(c.token), quizId: quiz.id, now, questionsHeld: written!.questionsVersion });
    expect(left).toMatchObject({ created: true, questionsLeftOut: true, questionsVersion: written!.questionsVersion });
    expect(left!.session.questions).toEqual([]);
  });

  it("serves an edited question's new text at once: the edit moves the version on", async () => {
    const { quiz, questions } = await buildQuiz(db(), { questions: sampleQuestions(3) });
    const before = await start(quiz.id);
    const version = questionsHeld(quiz.id)!.version;
    await db().update(questionsTable).set({ text: "What is the capital of Ghana?" }).where(eq(questionsTable.id, questions[1].id));
    const after = await start(quiz.id);
    expect(after.questions[1].text).toBe("What is the capital of Ghana?");
    expect(after.questions[0]).toEqual(before.questions[0]);
    expect(questionsHeld(quiz.id)!.version).toBeGreaterThan(version);
    expect(JSON.parse(questionsHeld(quiz.id)!.json)).toEqual(after.questions);
  });

  it("refuses to write a session whose questions were left out but are not held here", () => {
    const session = { attemptId: 1, questions: [] } as unknown as AttemptSession;
    expect(() => startReplyJson(7, null, { created: true, session, questionsVersion: 3, questionsLeftOut: true })).toThrow("not held here");
    expect(() => startReplyJson(7, { version: 2, json: "[]" }, { created: true, session, questionsVersion: 3, questionsLeftOut: true })).toThrow();
  });
});
