import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, useTestApp } from "../../../test/test-app";
import { quizzes, submissions, users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { DEMO_TEACHERS, seedIfEmpty } from "./seed.service";
import { DEMO_MISKEYED_QUIZ } from "./history.seed";

/** The demo school's performance screens are not empty on first start (issue 12). */
const t = useTestApp();
let token: string;
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
  const [teacher] = await t.database.db.select().from(users).where(eq(users.email, DEMO_TEACHERS[0].email));
  token = (await createSession(t.database.db, teacher.id, 3600_000)).token;
});

describe("demo history", () => {
  it("gives every closed quiz a class of submissions", async () => {
    // Beside them, the grading demo's class test (decision 022) has two submissions waiting for a grade.
    const all = await t.database.db.select().from(submissions);
    const graded = all.filter((s) => s.graded);
    expect(graded.length).toBe(4 * 10);
    expect(graded.every((s) => s.score !== null)).toBe(true);
    // And the quiz of every question type (issue 27) three whose written answers wait for marks.
    expect(all.length - graded.length).toBe(2 + 3);
  });

  it("shows the demo teacher a dashboard with figures and the wrongly keyed question flagged", async () => {
    const dash = await call(t.app, { method: "GET", url: "/api/performance/dashboard?status=expired", token });
    const rows = dash.body.data.filter((r: { quizTitle: string }) => r.quizTitle === DEMO_MISKEYED_QUIZ);
    expect(rows.length).toBe(1);
    expect(rows[0].totalStudents).toBe(10);
    const [quiz] = await t.database.db.select().from(quizzes).where(eq(quizzes.title, DEMO_MISKEYED_QUIZ));
    const details = await call(t.app, { method: "GET", url: `/api/performance/quiz-details/${quiz.id}`, token });
    const flagged = details.body.items.filter((i: { flags: string[] }) => i.flags.includes("wrong_key"));
    expect(flagged.map((i: { number: number }) => i.number)).toEqual([4]);
    const students = await call(t.app, { method: "GET", url: "/api/performance/students", token });
    expect(students.body.pagination.total).toBe(10);
  });
});
