import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLogs, users } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildUser, signedIn, TEST_PASSWORD } from "../../../test/factories";
import { expectAdminOnly } from "../../../test/roles";

const t = useTestApp();

const db = () => t.database.db;
const WAITING = "Your teacher account is waiting for an administrator's approval";
let n = 0;
const register = (role: "student" | "teacher", email = `signup${++n}-${Date.now()}@example.com`) =>
  call(t.app, { method: "POST", url: "/api/auth/register", payload: { name: `New ${role} ${n}`, email, password: TEST_PASSWORD, role } });
const login = (email: string) => call(t.app, { method: "POST", url: "/api/auth/login", payload: { email, password: TEST_PASSWORD } });
const decide = (token: string | undefined, id: number | string, d: "approve" | "reject") =>
  call(t.app, { method: "POST", url: `/api/users/${id}/${d}`, token });

async function pendingTeacher() {
  const r = await register("teacher");
  expect(r.status).toBe(201);
  const signedInAs = await login(r.body.email);
  expect(signedInAs.status).toBe(200);
  return { user: r.body, token: signedInAs.body.token as string };
}

describe("self-registered teachers (issue 8 item 4)", () => {
  it("are pending: they sign in, see who they are, and every staff call answers 403 until an admin approves", async () => {
    const p = await pendingTeacher();
    expect(p.user.status).toBe("pending");
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", token: p.token });
    expect(me).toMatchObject({ status: 200, body: { role: "teacher", status: "pending" } });
    const student = await signedIn(db(), { role: "student" });
    for (const [method, url, payload] of [
      ["GET", "/api/users?limit=500", undefined],
      ["GET", `/api/records?userId=${student.user.id}`, undefined],
      ["GET", "/api/quizzes", undefined],
      ["GET", "/api/courses", undefined],
      ["POST", "/api/courses", { title: "Physics for all", description: "x", studentType: "jhs1" }],
    ] as const) {
      const r = await call(t.app, { method, url, token: p.token, payload: payload as never });
      expect(r, `${method} ${url}`).toMatchObject({ status: 403, body: { error: WAITING } });
    }
    const admin = await signedIn(db(), { role: "admin" });
    const approved = await decide(admin.token, p.user.id, "approve");
    expect(approved).toMatchObject({ status: 200, body: { id: p.user.id, status: "active" } });
    expect((await call(t.app, { method: "GET", url: "/api/users", token: p.token })).status).toBe(200);
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, String(p.user.id)), eq(auditLogs.action, "approve")));
    expect(audit).toHaveLength(1);
    expect(audit[0].userId).toBe(admin.user.id);
    // Deciding twice is a conflict.
    expect(await decide(admin.token, p.user.id, "reject")).toMatchObject({ status: 409, body: { error: "This account is not waiting for approval" } });
  });

  it("a rejected teacher is signed out and cannot sign in again", async () => {
    const p = await pendingTeacher();
    const admin = await signedIn(db(), { role: "admin" });
    expect(await decide(admin.token, p.user.id, "reject")).toMatchObject({ status: 200, body: { status: "rejected" } });
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: p.token })).status).toBe(401);
    expect(await login(p.user.email)).toMatchObject({ status: 403, body: { error: "This account was not approved. Ask your school's administrator." } });
    expect(
      (
        await db()
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.entityId, String(p.user.id)), eq(auditLogs.action, "reject")))
      ).length,
    ).toBe(1);
  });

  it("lists pending teachers first for admins, and counts them", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const p = await pendingTeacher();
    const list = await call(t.app, { method: "GET", url: "/api/users?limit=500", token: admin.token });
    expect(list.body.data[0]).toMatchObject({ status: "pending" });
    expect(list.body.data.findIndex((u: { id: number }) => u.id === p.user.id)).toBeLessThan(
      list.body.data.findIndex((u: { status: string }) => u.status !== "pending"),
    );
    const count = await call(t.app, { method: "GET", url: "/api/users/pending-count", token: admin.token });
    const [{ n: expected }] = await db()
      .select({ n: (await import("drizzle-orm")).count() })
      .from(users)
      .where(and(eq(users.role, "teacher"), eq(users.status, "pending")));
    expect(count.body).toEqual({ pending: expected });
    expect(expected).toBeGreaterThan(0);
  });

  it("leaves teachers made by admins and students who sign up active", async () => {
    const made = await buildUser(db(), { role: "teacher" });
    expect(made.status).toBe("active");
    const s = await register("student");
    expect(s.body.status).toBe("active");
    const c = await buildCourse(db());
    expect(c.teacherId).not.toBeNull();
  });

  it("approve and reject answer 401 anonymous, 403 teachers and students, 404 unknown users, 400 bad ids", async () => {
    const p = await pendingTeacher();
    const teacher = await signedIn(db(), { role: "teacher" });
    const student = await signedIn(db(), { role: "student" });
    const admin = await signedIn(db(), { role: "admin" });
    for (const d of ["approve", "reject"] as const) {
      expect((await decide(undefined, p.user.id, d)).status).toBe(401);
      expect((await decide(teacher.token, p.user.id, d)).status).toBe(403);
      expect((await decide(student.token, p.user.id, d)).status).toBe(403);
      expect((await decide(p.token, p.user.id, d)).status).toBe(403);
      expect((await decide(admin.token, 999999, d)).status).toBe(404);
      expect((await decide(admin.token, "x", d)).status).toBe(400);
    }
    expect((await db().select().from(users).where(eq(users.id, p.user.id)))[0].status).toBe("pending");
  });
});

describe("GET/PUT /api/settings and closed student sign-up", () => {
  it("lets an admin close student sign-up; teachers may still sign up (pending)", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    expect(await call(t.app, { method: "GET", url: "/api/settings", token: admin.token })).toMatchObject({ status: 200, body: { studentSignupOpen: true } });
    const closed = await call(t.app, { method: "PUT", url: "/api/settings", token: admin.token, payload: { studentSignupOpen: false } });
    expect(closed).toMatchObject({ status: 200, body: { studentSignupOpen: false } });
    expect(await register("student")).toMatchObject({ status: 403, body: { error: "Sign-up is closed. Ask your school's administrator for an account." } });
    expect((await register("teacher")).status).toBe(201);
    expect((await db().select().from(auditLogs).where(eq(auditLogs.entityType, "settings"))).length).toBeGreaterThan(0);
    await call(t.app, { method: "PUT", url: "/api/settings", token: admin.token, payload: { studentSignupOpen: true } });
    expect((await register("student")).status).toBe(201);
  });

  it("answers 400 to a bad body, 401 anonymous and 403 to teachers and students", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    expect((await call(t.app, { method: "PUT", url: "/api/settings", token: admin.token, payload: { studentSignupOpen: "maybe" } })).status).toBe(400);
    expect((await call(t.app, { method: "GET", url: "/api/settings" })).status).toBe(401);
    await expectAdminOnly(t, { method: "GET", url: "/api/settings" }, { method: "PUT", url: "/api/settings", payload: { studentSignupOpen: false } });
  });
});
