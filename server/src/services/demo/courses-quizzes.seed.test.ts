import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { quizTimeStatus } from "@adesua/domain";
import { courses, questions, quizzes, users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { call, useTestApp } from "../../../test/test-app";
import { DEMO_STUDENTS, demoSeeders, seedIfEmpty } from "./seed.service";
import { seedCoursesAndQuizzes } from "./courses-quizzes.seed";
import { BANK, SUBJECTS } from "./bece-questions";
import { GRADING_DEMO_QUIZ } from "./grading.seed";
import { MIXED_TYPES_DEMO_QUIZ } from "./question-types.seed";

const t = useTestApp();
let seedMs = 0;
beforeAll(async () => {
  // Time this seeder alone (the demo password's hash is the rest of the demo seed's time).
  const i = demoSeeders.indexOf(seedCoursesAndQuizzes);
  demoSeeders[i] = async (db) => {
    const start = performance.now();
    await seedCoursesAndQuizzes(db);
    seedMs = performance.now() - start;
  };
  try {
    await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
  } finally {
    demoSeeders[i] = seedCoursesAndQuizzes;
  }
});

describe("demo courses and quizzes", () => {
  it("seeds quickly", () => {
    expect(seedMs).toBeGreaterThan(0);
    expect(seedMs).toBeLessThan(2000);
  });

  it("has a course with a teacher for each of the eight JHS subjects", async () => {
    const rows = await t.database.db
      .select({ title: courses.title, teacherId: courses.teacherId, role: users.role })
      .from(courses)
      .leftJoin(users, eq(users.id, courses.teacherId));
    expect(rows.map((r) => r.title).sort()).toEqual([...SUBJECTS].sort());
    for (const r of rows) expect(r.role, r.title).toBe("teacher");
  });

  it("gives every level quizzes that are open now (one with two timed sections), upcoming and closed", async () => {
    const all = await t.database.db.select().from(quizzes);
    const now = new Date();
    for (const level of ["jhs1", "jhs2", "jhs3"]) {
      const mine = all.filter((q) => q.studentType === level);
      const statuses = mine.map((q) => quizTimeStatus(q, now));
      expect(statuses, level).toContain("active");
      expect(statuses, level).toContain("upcoming");
      expect(statuses, level).toContain("closed");
      const timed = mine.filter((q) => q.timedSections.length === 2 && quizTimeStatus(q, now) === "active");
      expect(timed.length, level).toBeGreaterThanOrEqual(1);
      for (const q of mine.filter((x) => quizTimeStatus(x, now) === "active")) {
        expect(q.maxAttempts === null || q.maxAttempts === 3).toBe(true);
        expect(q.timeLimit).toBeGreaterThanOrEqual(20);
        expect(q.timeLimit).toBeLessThanOrEqual(30);
      }
    }
  });

  it("gives every quiz ten or more four-option questions whose answer is one of the options", async () => {
    // The grading demo's class test is short and has questions without a key on purpose (grading.seed.ts).
    // So is the quiz of every question type (question-types.seed.ts, tested there).
    const all = (await t.database.db.select().from(quizzes)).filter((q) => q.title !== GRADING_DEMO_QUIZ && q.title !== MIXED_TYPES_DEMO_QUIZ);
    const qs = await t.database.db.select().from(questions);
    for (const quiz of all) {
      const mine = qs.filter((q) => q.quizId === quiz.id).sort((a, b) => a.position - b.position);
      expect(mine.length, quiz.title).toBeGreaterThanOrEqual(10);
      expect(mine.map((q) => q.position)).toEqual(mine.map((_, i) => i));
      for (const q of mine) {
        expect(q.options).toHaveLength(4);
        expect(new Set(q.options).size).toBe(4);
        expect(q.options).toContain(q.answer);
      }
      for (const s of quiz.timedSections) expect(s.endIndex).toBeLessThan(mine.length);
    }
    // The bank itself: distinct options and a valid key everywhere.
    for (const subject of SUBJECTS) for (const item of BANK[subject]) expect(new Set(item.options).size, item.q).toBe(4);
  });

  it("shows a demo student only the quizzes of their level, without answers", async () => {
    const [student] = await t.database.db.select().from(users).where(eq(users.email, DEMO_STUDENTS[0].email));
    const { token } = await createSession(t.database.db, student.id, 3600_000);
    const r = await call(t.app, { method: "GET", url: "/api/quizzes?limit=100", token });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThanOrEqual(3);
    expect(r.body.data.every((q: { studentType: string }) => q.studentType === student.studentType)).toBe(true);
    const open = r.body.data.find((q: { status: string }) => q.status === "active");
    const detail = await call(t.app, { method: "GET", url: `/api/quizzes/${open.id}`, token });
    // The quiz's information only: the questions come with an attempt (issue 9).
    expect(detail.body.questionCount).toBeGreaterThanOrEqual(10);
    expect(detail.body).not.toHaveProperty("questions");
    expect(detail.raw).not.toContain('"answer"');
  });
});
