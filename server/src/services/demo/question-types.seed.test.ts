import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { QUESTION_TYPES } from "@adesua/domain";
import { questions, quizzes, users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { call, useTestApp } from "../../../test/test-app";
import { DEMO_STUDENTS, DEMO_TEACHERS, seedIfEmpty } from "./seed.service";
import { MIXED_TYPES_DEMO_QUIZ, TYPED_BANK_GROUP } from "./question-types.seed";

const t = useTestApp();
const tokenOf = async (email: string) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await createSession(t.database.db, u.id, 3600_000)).token;
};
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
});

describe("the demo quiz of every question type (issue 27)", () => {
  it("is open now with no close time for JHS 1, holds every type, and a JHS 1 student can take it", async () => {
    const db = t.database.db;
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.title, MIXED_TYPES_DEMO_QUIZ));
    expect(quiz).toMatchObject({ studentType: "jhs1", closeTime: null, maxAttempts: null });
    expect(quiz.openTime!.getTime()).toBeLessThan(Date.now());
    const qs = await db.select().from(questions).where(eq(questions.quizId, quiz.id)).orderBy(questions.position);
    expect(new Set(qs.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(qs.find((q) => q.type === "multiple")!.details.scoring).toBe("partial");
    expect(qs.find((q) => q.type === "short")!.details.accepted).toHaveLength(2);
    expect(qs.find((q) => q.type === "numerical")!.details).toMatchObject({ value: 7.5, tolerance: 0.1, unit: "kg" });
    expect(qs.find((q) => q.type === "written")!.details.parts!.map((p) => p.label)).toEqual(["a", "b"]);
    expect(qs.find((q) => q.text === "Evaluate 2^3 × 2")!.equations).toEqual([{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }]);

    const student = await tokenOf(DEMO_STUDENTS[0].email);
    const listed = await call(t.app, { method: "GET", url: "/api/quizzes?limit=100", token: student });
    expect(listed.body.data.map((q: { title: string }) => q.title)).toContain(MIXED_TYPES_DEMO_QUIZ);
    const a = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: student });
    expect([200, 201]).toContain(a.status);
    expect(a.raw).not.toContain("one half");
    expect(a.raw).not.toContain("Give the method mark");
  });

  it("gives the Mathematics teacher three scripts whose written answers wait for marks", async () => {
    const db = t.database.db;
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.title, MIXED_TYPES_DEMO_QUIZ));
    const r = await call(t.app, { method: "GET", url: `/api/submissions/${quiz.id}/ungraded`, token: await tokenOf(DEMO_TEACHERS[0].email) });
    expect(r.status).toBe(200);
    // Auto-marked: 1 + 2 + 1 + 1 + 2 + 1 = 8 marks. Akua all right; Fiifi: true/false and short (3 right and 8 wrong: no partial marks); Adjoa: single, numerical, equation, half the multiple.
    expect(r.body.data.map((s: { user: { name: string }; score: number }) => [s.user.name, s.score])).toEqual([
      ["Akua Nyarko", 100],
      ["Fiifi Baidoo", 25],
      ["Adjoa Tetteh", 62.5],
    ]);
    const written = r.body.data[0].answers.find((x: { type: string }) => x.type === "written");
    expect(written).toMatchObject({ needsGrading: true, earned: null, marks: 4, parts: [{ label: "a", answer: "3 × 4.50 = GH₵ 13.50" }, { label: "b" }] });
  });

  it("puts typed questions in one bank group for practice", async () => {
    const rows = await t.database.db
      .select({ type: questions.type })
      .from(questions)
      .where(and(isNull(questions.quizId), eq(questions.year, TYPED_BANK_GROUP.year), eq(questions.subject, TYPED_BANK_GROUP.subject)));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["true_false", "short", "numerical", "multiple", "written"]));
  });
});
