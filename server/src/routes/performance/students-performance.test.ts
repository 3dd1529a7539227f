import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, sampleQuestions, signedIn, buildUser } from "../../../test/factories";
import { buildScore } from "../../../test/performance";
import { auditLogs } from "../../db/schema";

/**
 * GET /performance/students and the admin's override (decision 023), on a small known school:
 * Ama: quiz A (5 questions) 40 then 80, quiz B (2 questions) 50, quiz C ungraded → standard 65,
 * highest 80, weighted (80×5 + 50×2) / 7 = 71.43. Kofi: quiz A 60. Esi: quiz D of another teacher 90.
 */
const t = useTestApp();
let admin: string, teacher: string, otherTeacher: string, student: string;
let ama: number, kofi: number, esi: number;
let courseId: number;

beforeAll(async () => {
  const db = t.database.db;
  const a = await signedIn(db, { role: "admin" });
  const tt = await signedIn(db, { role: "teacher" });
  const ot = await signedIn(db, { role: "teacher" });
  const st = await signedIn(db, { role: "student" });
  [admin, teacher, otherTeacher, student] = [a.token, tt.token, ot.token, st.token];
  const course = await buildCourse(db, { teacherId: tt.user.id, title: "Mathematics" });
  courseId = course.id;
  const course2 = await buildCourse(db, { teacherId: tt.user.id, title: "Science" });
  const { quiz: qa } = await buildQuiz(db, { courseId: course.id, teacherId: tt.user.id, title: "Fractions", questions: sampleQuestions(5) });
  const { quiz: qb } = await buildQuiz(db, { courseId: course2.id, teacherId: tt.user.id, title: "Cells", questions: sampleQuestions(2) });
  const { quiz: qc } = await buildQuiz(db, { courseId: course.id, teacherId: tt.user.id, title: "Essay", questions: sampleQuestions(1) });
  const { quiz: qd } = await buildQuiz(db, { teacherId: ot.user.id, title: "French", questions: sampleQuestions(3) });
  ama = (await buildUser(db, { name: "Ama Owusu" })).id;
  kofi = (await buildUser(db, { name: "Kofi Mensah" })).id;
  esi = (await buildUser(db, { name: "Esi Quaye" })).id;
  await buildScore(db, qa.id, ama, 40);
  await buildScore(db, qa.id, ama, 80);
  await buildScore(db, qb.id, ama, 50);
  await buildScore(db, qc.id, ama, 10, { graded: false });
  await buildScore(db, qa.id, kofi, 60);
  await buildScore(db, qd.id, esi, 90);
});

const list = (token: string, query = "") => call(t.app, { method: "GET", url: `/api/performance/students${query}`, token });
const row = (body: { data: { userId: number }[] }, id: number) => body.data.find((r) => r.userId === id) as any;

describe("GET /performance/students", () => {
  it("computes each strategy from each quiz's best graded score", async () => {
    const standard = await list(admin, "?strategy=standard");
    expect(standard.status).toBe(200);
    expect(row(standard.body, ama)).toMatchObject({
      name: "Ama Owusu",
      quizCount: 2,
      finalScore: 65,
      computedScore: 65,
      overridden: false,
      remark: null,
      quizTitles: ["Cells", "Fractions"],
      courseTitles: ["Mathematics", "Science"],
    });
    expect(row(standard.body, kofi)).toMatchObject({ finalScore: 60, quizCount: 1 });
    expect(row((await list(admin, "?strategy=highest")).body, ama).finalScore).toBe(80);
    expect(row((await list(admin, "?strategy=weighted")).body, ama).finalScore).toBe(71.43);
    // The default is the standard strategy, by name.
    const def = await list(admin);
    expect(def.body.data.map((r: { name: string }) => r.name)).toEqual(["Ama Owusu", "Esi Quaye", "Kofi Mensah"]);
    expect(def.body.pagination).toEqual({ total: 3, page: 1, limit: 20 });
  });

  it("shows a teacher only their courses' quizzes, whatever course they ask for", async () => {
    const r = await list(teacher, `?courseId=999999`);
    expect(r.body.data.map((x: { userId: number }) => x.userId).sort()).toEqual([ama, kofi].sort());
    const other = await list(otherTeacher);
    expect(other.body.data.map((x: { userId: number }) => x.userId)).toEqual([esi]);
  });

  it("filters by course (admins), score range and name, sorts and pages in SQL", async () => {
    const byCourse = await list(admin, `?courseId=${courseId}`);
    // Only Fractions counts for Ama in Mathematics: her best there is 80.
    expect(row(byCourse.body, ama)).toMatchObject({ finalScore: 80, quizCount: 1, quizTitles: ["Fractions"] });
    expect(byCourse.body.data.some((x: { userId: number }) => x.userId === esi)).toBe(false);
    const range = await list(admin, "?minScore=61&maxScore=89.5");
    expect(range.body.data.map((x: { userId: number }) => x.userId)).toEqual([ama]);
    expect((await list(admin, "?search=KOFI")).body.data.map((x: { userId: number }) => x.userId)).toEqual([kofi]);
    const sorted = await list(admin, "?sortBy=finalScore&sortOrder=desc");
    expect(sorted.body.data.map((x: { finalScore: number }) => x.finalScore)).toEqual([90, 65, 60]);
    const page2 = await list(admin, "?sortBy=finalScore&sortOrder=desc&limit=2&page=2");
    expect(page2.body.data.map((x: { userId: number }) => x.userId)).toEqual([kofi]);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, limit: 2 });
    const past = await list(admin, "?limit=2&page=5");
    expect(past.body).toEqual({ data: [], pagination: { total: 3, page: 5, limit: 2 } });
  });

  it("refuses students and malformed filters", async () => {
    expect((await list(student)).status).toBe(403);
    expect((await call(t.app, { method: "GET", url: "/api/performance/students" })).status).toBe(401);
    for (const q of ["?strategy=median", "?minScore=abc", "?minScore=101", "?minScore=80&maxScore=20", "?sortBy=email", "?courseId=0x6", "?limit=500"]) {
      const r = await list(admin, q);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error).toBe("string");
    }
    expect((await list(admin, "?minScore=80&maxScore=20")).body.error).toBe("minScore must not be above maxScore");
  });
});

describe("POST /performance/students/{userId}/override", () => {
  const override = (token: string, id: number, body: unknown) =>
    call(t.app, { method: "POST", url: `/api/performance/students/${id}/override`, token, payload: body as object });

  it("lets an admin set the final score with a remark, keeps the computed one beside it, and audits it", async () => {
    const r = await override(admin, kofi, { finalScore: 72.5, remark: "Re-sat the paper after illness" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: kofi, finalScore: 72.5, remark: "Re-sat the paper after illness" });
    const shown = row((await list(admin)).body, kofi);
    expect(shown).toMatchObject({ finalScore: 72.5, computedScore: 60, overridden: true, remark: "Re-sat the paper after illness" });
    // The override is the student's final score whatever the strategy, and the score filter reads it.
    expect(row((await list(admin, "?strategy=highest")).body, kofi).finalScore).toBe(72.5);
    expect((await list(admin, "?minScore=70&maxScore=75")).body.data.map((x: { userId: number }) => x.userId)).toEqual([kofi]);
    // Teachers see it too.
    expect(row((await list(teacher)).body, kofi)).toMatchObject({ finalScore: 72.5, overridden: true });

    const again = await override(admin, kofi, { finalScore: 70 });
    expect(again.body).toMatchObject({ finalScore: 70, remark: "" });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "performance"), eq(auditLogs.entityId, String(kofi))))
      .orderBy(auditLogs.id);
    expect(entries.map((e) => e.action)).toEqual(["override", "override"]);
    expect(entries[0].before).toBeNull();
    expect(entries[0].after).toEqual({ finalScore: 72.5, remark: "Re-sat the paper after illness", computedScore: 60 });
    expect(entries[1].before).toEqual({ finalScore: 72.5, remark: "Re-sat the paper after illness" });
    expect(entries[1].after).toMatchObject({ finalScore: 70, remark: "" });
  });

  it("is for admins only, for students that exist, with a score from 0 to 100", async () => {
    expect((await override(teacher, ama, { finalScore: 90 })).status).toBe(403);
    expect((await override(student, ama, { finalScore: 90 })).status).toBe(403);
    expect((await override(admin, 99999999, { finalScore: 90 })).status).toBe(404);
    const db = t.database.db;
    const aTeacher = await buildUser(db, { role: "teacher" });
    expect((await override(admin, aTeacher.id, { finalScore: 90 })).status).toBe(404);
    for (const body of [{}, { finalScore: 101 }, { finalScore: -1 }, { finalScore: "90" }, { finalScore: 90, remark: "x".repeat(501) }]) {
      expect((await override(admin, ama, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(row((await list(admin)).body, ama).overridden).toBe(false);
  });
});
