import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLogs, users } from "../../db/schema";
import { call, createTestApp, useTestApp } from "../../../test/test-app";
import { buildQuiz, buildUser, signedIn, TEST_PASSWORD } from "../../../test/factories";
import { expectAdminOnly } from "../../../test/roles";

const t = useTestApp();

describe("GET /api/users", () => {
  it("lets an admin list everyone and filter by role, without secrets", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    await buildUser(t.database.db, { role: "teacher" });
    await buildUser(t.database.db, { role: "student" });
    const all = await call(t.app, { method: "GET", url: "/api/users", token: admin.token });
    expect(all.status).toBe(200);
    expect(new Set(all.body.data.map((u: { role: string }) => u.role))).toEqual(new Set(["admin", "teacher", "student"]));
    expect(all.raw).not.toContain("$argon2");
    expect(all.raw).not.toMatch(/"password/);
    const teachers = await call(t.app, { method: "GET", url: "/api/users?role=teacher", token: admin.token });
    expect(teachers.body.data.every((u: { role: string }) => u.role === "teacher")).toBe(true);
    expect(teachers.body.pagination.total).toBe(teachers.body.data.length);
  });

  it("shows a teacher only the students who took their quizzes, with names and levels but no emails (issue 8)", async () => {
    const db = t.database.db;
    const teacher = await signedIn(db, { role: "teacher" });
    const mine = await signedIn(db, { role: "student", studentType: "jhs1" });
    await signedIn(db, { role: "student", studentType: "jhs1" });
    const { quiz } = await buildQuiz(db, { teacherId: teacher.user.id });
    expect((await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: mine.token })).status).toBe(201);
    const r = await call(t.app, { method: "GET", url: "/api/users?limit=500", token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([expect.objectContaining({ id: mine.user.id, name: mine.user.name, studentType: "jhs1", email: null })]);
    expect(r.raw).not.toContain(mine.user.email);
    expect(r.body.pagination.total).toBe(1);
    const admins = await call(t.app, { method: "GET", url: "/api/users?role=admin", token: teacher.token });
    expect(admins.body.data).toEqual([]);
    // Searching by email finds nothing for a teacher.
    const byEmail = await call(t.app, { method: "GET", url: `/api/users?search=${encodeURIComponent(mine.user.email)}`, token: teacher.token });
    expect(byEmail.body.data).toEqual([]);
  });

  it("refuses students and anonymous callers", async () => {
    const s = await signedIn(t.database.db, { role: "student" });
    expect((await call(t.app, { method: "GET", url: "/api/users", token: s.token })).status).toBe(403);
    expect((await call(t.app, { method: "GET", url: "/api/users" })).status).toBe(401);
  });

  it("paginates in SQL", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const r = await call(t.app, { method: "GET", url: "/api/users?limit=2&page=1", token: admin.token });
    expect(r.body.data).toHaveLength(2);
    expect(r.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(r.body.pagination.total).toBeGreaterThan(2);
    expect((await call(t.app, { method: "GET", url: "/api/users?limit=0", token: admin.token })).status).toBe(400);
  });
});

describe("PUT /api/users/:id (password)", () => {
  it("sets a new password, revokes every session of that user and audits without the password", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const target = await buildUser(t.database.db);
    const login = await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: target.email, password: TEST_PASSWORD } });
    const r = await call(t.app, { method: "PUT", url: `/api/users/${target.id}`, token: admin.token, payload: { password: "brand-new-pass" } });
    expect(r.status).toBe(200);
    expect(r.raw).not.toContain("brand-new-pass");
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: login.body.token })).status).toBe(401);
    expect((await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: target.email, password: TEST_PASSWORD } })).status).toBe(401);
    expect((await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: target.email, password: "brand-new-pass" } })).status).toBe(200);
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(target.id)));
    expect(JSON.stringify(logs)).not.toContain("brand-new-pass");
    expect(logs.some((l) => l.action === "update")).toBe(true);
  });

  it("refuses a short password, an unknown user, teachers and students", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const target = await buildUser(t.database.db);
    expect((await call(t.app, { method: "PUT", url: `/api/users/${target.id}`, token: admin.token, payload: { password: "x" } })).status).toBe(400);
    expect((await call(t.app, { method: "PUT", url: `/api/users/99999`, token: admin.token, payload: { password: "abcdefgh" } })).status).toBe(404);
    await expectAdminOnly(t, { method: "PUT", url: `/api/users/${target.id}`, payload: { password: "abcdefgh" } });
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user and audits it", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const target = await buildUser(t.database.db);
    expect((await call(t.app, { method: "DELETE", url: `/api/users/${target.id}`, token: admin.token })).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(target.id)));
    expect(logs.some((l) => l.action === "delete")).toBe(true);
  });

  it("never deletes yourself", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const r = await call(t.app, { method: "DELETE", url: `/api/users/${admin.user.id}`, token: admin.token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("You cannot delete your own account");
  });

  it("refuses teachers and students", async () => {
    const target = await buildUser(t.database.db);
    await expectAdminOnly(t, { method: "DELETE", url: `/api/users/${target.id}` });
  });
});

describe("the last admin", () => {
  it("survives two admins deleting each other at the same moment", async () => {
    const solo = await createTestApp();
    try {
      const a = await signedIn(solo.database.db, { role: "admin" });
      const b = await signedIn(solo.database.db, { role: "admin" });
      const [ra, rb] = await Promise.all([
        call(solo.app, { method: "DELETE", url: `/api/users/${b.user.id}`, token: a.token }),
        call(solo.app, { method: "DELETE", url: `/api/users/${a.user.id}`, token: b.token }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      // One delete wins; the other either finds its caller gone (401) or the last admin protected (409).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const admins = await solo.database.db.select().from(users).where(eq(users.role, "admin"));
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});
