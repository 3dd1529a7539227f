import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { quizzes, users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { call, useTestApp } from "../../../test/test-app";
import { DEMO_TEACHERS, seedIfEmpty } from "./seed.service";
import { GRADING_DEMO_QUIZ } from "./grading.seed";

const t = useTestApp();
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
});

describe("demo grading work", () => {
  it("gives the demo Mathematics teacher a closed class test with two submissions waiting for a grade", async () => {
    const [teacher] = await t.database.db.select().from(users).where(eq(users.email, DEMO_TEACHERS[0].email));
    const [quiz] = await t.database.db.select().from(quizzes).where(eq(quizzes.title, GRADING_DEMO_QUIZ));
    const { token } = await createSession(t.database.db, teacher.id, 3600_000);
    const r = await call(t.app, { method: "GET", url: `/api/submissions/${quiz.id}/ungraded`, token });
    expect(r.status).toBe(200);
    expect(
      r.body.data.map((s: { user: { name: string }; score: number; ungradedAnswers: unknown[] }) => [s.user.name, s.score, s.ungradedAnswers.length]),
    ).toEqual([
      ["Kwabena Ofori", 66.67, 2],
      ["Adwoa Sarpong", 66.67, 2],
    ]);
    const list = await call(t.app, { method: "GET", url: `/api/records/all?quizId=${quiz.id}`, token });
    expect(list.body.data.every((rec: { passed: boolean | null }) => rec.passed === null)).toBe(true);
  });
});
