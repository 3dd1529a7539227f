import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { attempts, courses, records, submissions, users } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { expectAdminOnly } from "../../../test/roles";

const t = useTestApp();

describe("GET /api/admin/dashboard/stats", () => {
  it("answers the figures of a known school, counted by the database", async () => {
    const db = t.database.db;
    const admin = await signedIn(db, { role: "admin", name: "Head Teacher" });
    const teacher = await buildUser(db, { role: "teacher", name: "Ama Teacher" });
    const s1 = await buildUser(db, { role: "student" });
    const s2 = await buildUser(db, { role: "student" });
    const away = await buildUser(db, { role: "student" });
    // Signed in 8 days ago: not active. s1 signed in yesterday: active. The admin just signed in.
    await db
      .update(users)
      .set({ lastSignInAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(users.id, away.id));
    await db
      .update(users)
      .set({ lastSignInAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(users.id, s1.id));
    const course = await buildCourse(db, { teacherId: teacher.id });
    await buildCourse(db, { teacherId: null });
    const { quiz } = await buildQuiz(db, { courseId: course.id, teacherId: teacher.id });
    await buildQuiz(db, { courseId: course.id, teacherId: teacher.id });
    let n = 0;
    for (const s of [s1, s2, s1]) {
      const [a] = await db.insert(attempts).values({ quizId: quiz.id, userId: s.id, attemptNumber: ++n, status: "submitted" }).returning();
      const [sub] = await db.insert(submissions).values({ attemptId: a.id, quizId: quiz.id, userId: s.id, score: 50, correct: 1, total: 2 }).returning();
      await db.insert(records).values({ userId: s.id, quizId: quiz.id, submissionId: sub.id, score: 50, correct: 1, total: 2, passed: true });
    }
    // A record entered by hand, without a submission.
    await db.insert(records).values({ userId: s2.id, quizId: quiz.id, score: 70, passed: true });
    await recordAudit(db, { entityType: "course", entityId: course.id, action: "create", actor: { userId: teacher.id, impersonatorId: null } });
    await recordAudit(db, { entityType: "quiz", entityId: quiz.id, action: "update", actor: { userId: admin.user.id, impersonatorId: null } });
    await recordAudit(db, { entityType: "user", entityId: 999, action: "delete", actor: { userId: null, impersonatorId: null } });

    const r = await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats", token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.overview).toEqual({ totalUsers: 5, totalCourses: 2, totalQuizzes: 2, totalSubmissions: 3, totalRecords: 4, activeUsers: 2 });
    expect(r.body.data.userDistribution).toEqual({ admin: 1, teacher: 1, student: 3 });
    expect(r.body.data.recentActivity.slice(0, 3)).toEqual([
      { type: "user", user: "System", action: "delete", time: expect.any(String) },
      { type: "quiz", user: "Head Teacher", action: "update", time: expect.any(String) },
      { type: "course", user: "Ama Teacher", action: "create", time: expect.any(String) },
    ]);
    const h = r.body.data.systemHealth;
    expect(h).toMatchObject({ server: "online", database: "connected", databaseKind: t.databaseUrl ? "postgres" : "pglite" });
    expect(h.storage).toBeGreaterThan(0);
    expect(h.storage).toBeLessThanOrEqual(100);
    expect(h.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("keeps the submission and record counts exact through inserts, bulk inserts and cascading deletes", async () => {
    const db = t.database.db;
    const admin = await signedIn(db, { role: "admin" });
    const stats = async () => (await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats", token: admin.token })).body.data.overview;
    const direct = async () => ({
      subs: (await db.select({ n: sql<number>`count(*)::int` }).from(submissions))[0].n,
      recs: (await db.select({ n: sql<number>`count(*)::int` }).from(records))[0].n,
    });
    const before = await stats();
    expect(before.totalSubmissions).toBe((await direct()).subs);
    const teacher = await buildUser(db, { role: "teacher" });
    const { quiz } = await buildQuiz(db, { teacherId: teacher.id });
    const students = await Promise.all([1, 2, 3, 4].map(() => buildUser(db)));
    await db.insert(submissions).values(students.map((s) => ({ quizId: quiz.id, userId: s.id, score: 60, correct: 3, total: 5 })));
    await db.insert(records).values(students.map((s) => ({ userId: s.id, quizId: quiz.id, score: 60 })));
    const mid = await stats();
    expect(mid.totalSubmissions).toBe(before.totalSubmissions + 4);
    expect(mid.totalRecords).toBe(before.totalRecords + 4);
    // Deleting the quiz's course removes its submissions and records by cascade: the counts follow.
    await db.delete(courses).where(eq(courses.id, quiz.courseId));
    const after = await stats();
    expect(after.totalSubmissions).toBe(before.totalSubmissions);
    expect(after.totalRecords).toBe(before.totalRecords);
    expect(await direct()).toEqual({ subs: after.totalSubmissions, recs: after.totalRecords });
  });

  it("counts a password sign-in as activity, not an admin acting as the user", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const student = await buildUser(t.database.db, { role: "student" });
    const before = (await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats", token: admin.token })).body.data.overview.activeUsers;
    const imp = await call(t.app, { method: "POST", url: `/api/auth/impersonate/${student.id}`, token: admin.token });
    expect(imp.status).toBe(200);
    const mid = (await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats", token: admin.token })).body.data.overview.activeUsers;
    expect(mid).toBe(before);
    const login = await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: student.email, password: "correct-horse-1" } });
    expect(login.status).toBe(200);
    const after = (await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats", token: admin.token })).body.data.overview.activeUsers;
    expect(after).toBe(before + 1);
  });

  it("is the admin's only", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/admin/dashboard/stats" });
    expect((await call(t.app, { method: "GET", url: "/api/admin/dashboard/stats" })).status).toBe(401);
  });
});
