import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLogs, loginFailures, sessions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildUser, signedIn, TEST_PASSWORD } from "../../../test/factories";
import { expectAdminOnly } from "../../../test/roles";

const t = useTestApp({ SESSION_TTL_HOURS: "12" });

const register = (payload: Record<string, unknown>) => call(t.app, { method: "POST", url: "/api/auth/register", payload });
const login = (email: string, password: string) => call(t.app, { method: "POST", url: "/api/auth/login", payload: { email, password } });

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"password(Hash)?"\s*:/i);
  expect(text).not.toContain("$argon2");
}

describe("POST /api/auth/register", () => {
  it("creates a student with the default level jhs1 and answers 201 without secrets", async () => {
    const r = await register({ name: "Akua Mensah", email: "  Akua.Mensah@School.GH ", password: "abcdefgh", role: "student" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Akua Mensah", email: "akua.mensah@school.gh", role: "student", studentType: "jhs1" });
    expect(Object.keys(r.body).sort()).toEqual([
      "createdAt",
      "email",
      "hasPassword",
      "id",
      "mustChangePassword",
      "name",
      "role",
      "status",
      "stream",
      "studentType",
      "username",
    ]);
    expectNoSecrets(r.body);
  });

  it("keeps the chosen level for a student and none for a teacher", async () => {
    const s = await register({ name: "S", email: "lvl3@school.gh", password: "abcdefgh", role: "student", studentType: "jhs3" });
    expect(s.body.studentType).toBe("jhs3");
    const tch = await register({ name: "T", email: "teach@school.gh", password: "abcdefgh", role: "teacher", studentType: "jhs2" });
    expect(tch.status).toBe(201);
    expect(tch.body.studentType).toBeNull();
  });

  it("refuses the admin role and unknown roles with 400", async () => {
    for (const role of ["admin", "superuser", ""]) {
      const r = await register({ name: "X", email: `r${role}@school.gh`, password: "abcdefgh", role });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Role must be student or teacher");
    }
  });

  it("refuses a taken email with 409, whatever its case", async () => {
    await register({ name: "A", email: "dup@school.gh", password: "abcdefgh", role: "student" });
    const r = await register({ name: "B", email: "DUP@school.gh", password: "abcdefgh", role: "student" });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: "Email is already registered" });
  });

  it("counts 409 answers per client address like failed sign-ins; successful sign-ups are not failures", async () => {
    const headers = { "x-forwarded-for": "203.0.113.50" };
    const reg = (email: string) =>
      call(t.app, { method: "POST", url: "/api/auth/register", headers, payload: { name: "P", email, password: "abcdefgh", role: "student" } });
    expect((await reg("probe-target@school.gh")).status).toBe(201);
    for (let i = 0; i < 100; i++) expect((await reg("probe-target@school.gh")).status).toBe(409);
    const r = await reg("probe-target@school.gh");
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    // A school keeps registering new students from the same address (within SIGNUP_PER_HOUR: closed-signup.test.ts).
    for (let i = 0; i < 5; i++) expect((await reg(`new-student-${i}@school.gh`)).status).toBe(201);
  });

  it("refuses short passwords, missing names and bad emails with a message naming the field", async () => {
    expect((await register({ name: "A", email: "p@school.gh", password: "short", role: "student" })).body.error).toBe("Password must be at least 8 characters");
    expect((await register({ name: "  ", email: "n@school.gh", password: "abcdefgh", role: "student" })).body.error).toBe("Name is required");
    const bad = await register({ name: "A", email: "not-an-email", password: "abcdefgh", role: "student" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Email is not a valid address");
    expect((await register({ name: "A", email: "x@school.gh", password: "abcdefgh", role: "student", studentType: "jhs9" })).status).toBe(400);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const r = await call(t.app, { method: "POST", url: "/api/auth/register", payload: "{nope", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBeTruthy();
  });
});

describe("POST /api/auth/login", () => {
  it("returns a token and the user, and the token opens /auth/me", async () => {
    const u = await buildUser(t.database.db, { role: "teacher" });
    const r = await login(u.email.toUpperCase(), TEST_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: u.id, role: "teacher" });
    expectNoSecrets(r.body);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", token: r.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(u.id);
    expectNoSecrets(me.body);
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    const u = await buildUser(t.database.db);
    const a = await login(u.email, "wrong-password");
    const b = await login("nobody@school.gh", "wrong-password");
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual({ error: "Invalid email or password" });
    expect(b.body).toEqual(a.body);
  });

  it("requires email and password", async () => {
    expect((await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: "a@b.c" } })).body.error).toBe("Password is required");
    expect((await call(t.app, { method: "POST", url: "/api/auth/login", payload: { password: "x" } })).body.error).toBe("Email is required");
  });

  const from = (address: string) => ({ "x-forwarded-for": address });
  const loginFrom = (address: string, email: string, password: string) =>
    call(t.app, { method: "POST", url: "/api/auth/login", payload: { email, password }, headers: from(address) });

  it("throttles an account from one address after 10 failures with 429 and Retry-After, but not its owner elsewhere", async () => {
    const u = await buildUser(t.database.db);
    for (let i = 0; i < 10; i++) expect((await loginFrom("203.0.113.10", u.email, "nope-nope")).status).toBe(401);
    const r = await loginFrom("203.0.113.10", u.email, TEST_PASSWORD);
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(r.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    // The owner, on another network with no recent failures, signs in: no lockout of a victim.
    expect((await loginFrom("198.51.100.7", u.email, TEST_PASSWORD)).status).toBe(200);
    // Another account from the attacker's address is not affected either.
    const other = await buildUser(t.database.db);
    expect((await loginFrom("203.0.113.10", other.email, TEST_PASSWORD)).status).toBe(200);
    // After the window the address may try again.
    t.clock.set(new Date(Date.now() + 16 * 60 * 1000));
    expect((await loginFrom("203.0.113.10", u.email, TEST_PASSWORD)).status).toBe(200);
    t.clock.set(null);
  });

  it("throttles an address after 100 failed sign-ins across any accounts (password spraying)", async () => {
    for (let i = 0; i < 100; i++) expect((await loginFrom("203.0.113.20", `spray${i}@school.gh`, "Password1")).status).toBe(401);
    const r = await loginFrom("203.0.113.20", "spray-next@school.gh", "Password1");
    expect(r.status).toBe(429);
    expect(r.body.error).toMatch(/^Too many failed sign-in attempts from your network/);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    const u = await buildUser(t.database.db);
    expect((await loginFrom("203.0.113.21", u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("never throttles a school behind one address: 60 students mistype once, then all sign in", async () => {
    const students = await Promise.all(Array.from({ length: 60 }, () => buildUser(t.database.db)));
    for (const s of students) expect((await loginFrom("203.0.113.30", s.email, "mistyped!")).status).toBe(401);
    for (const s of students) expect((await loginFrom("203.0.113.30", s.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("runs no more password checks than the limit under 40 parallel wrong passwords", async () => {
    const u = await buildUser(t.database.db);
    const rs = await Promise.all(Array.from({ length: 40 }, () => loginFrom("203.0.113.40", u.email, "wrong-guess")));
    const statuses = rs.map((r) => r.status);
    // Every 401 is one password check; every other answer was refused before checking.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, u.email));
    expect(rows).toHaveLength(10);
  });

  it("records the login in the audit trail", async () => {
    const u = await buildUser(t.database.db);
    await login(u.email, TEST_PASSWORD);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.userId, u.id));
    expect(rows.map((r) => r.action)).toContain("login");
  });
});

describe("sessions", () => {
  it("refuses /auth/me without a token, with a bad token and with a malformed header", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/auth/me" })).status).toBe(401);
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: "garbage" })).status).toBe(401);
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  it("logout revokes that session only", async () => {
    const u = await buildUser(t.database.db);
    const a = (await login(u.email, TEST_PASSWORD)).body.token;
    const b = (await login(u.email, TEST_PASSWORD)).body.token;
    expect((await call(t.app, { method: "POST", url: "/api/auth/logout", token: a })).status).toBe(200);
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: a })).status).toBe(401);
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: b })).status).toBe(200);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.userId, u.id));
    expect(logs.map((l) => l.action)).toContain("logout");
  });

  it("expires sessions after SESSION_TTL_HOURS", async () => {
    const u = await buildUser(t.database.db);
    const token = (await login(u.email, TEST_PASSWORD)).body.token;
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const hours = (s.expiresAt.getTime() - s.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(12, 1);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.id));
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token })).status).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const u = await buildUser(t.database.db);
    const token = (await login(u.email, TEST_PASSWORD)).body.token;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});

describe("POST /api/auth/impersonate/:userId", () => {
  it("gives an admin a session as the student that records the admin and ends within an hour", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const student = await buildUser(t.database.db, { role: "student", studentType: "jhs2" });
    const r = await call(t.app, { method: "POST", url: `/api/auth/impersonate/${student.id}`, token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: student.id, role: "student" });
    expectNoSecrets(r.body);
    expect(new Date(r.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", token: r.body.token });
    expect(me.body.id).toBe(student.id);
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.userId, student.id));
    expect(s.impersonatorId).toBe(admin.user.id);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "impersonate"));
    expect(logs.some((l) => l.userId === admin.user.id && l.entityId === String(student.id))).toBe(true);
    // Actions in the impersonated session carry the admin as impersonator.
    await call(t.app, { method: "POST", url: "/api/auth/logout", token: r.body.token });
    const out = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "logout"));
    expect(out.some((l) => l.userId === student.id && l.impersonatorId === admin.user.id)).toBe(true);
  });

  const impersonate = async (adminToken: string) => {
    const student = await buildUser(t.database.db, { role: "student" });
    const r = await call(t.app, { method: "POST", url: `/api/auth/impersonate/${student.id}`, token: adminToken });
    expect(r.status).toBe(200);
    expect((await call(t.app, { method: "GET", url: "/api/auth/me", token: r.body.token })).status).toBe(200);
    return r.body as { token: string; expiresAt: string };
  };
  const works = async (token: string) => (await call(t.app, { method: "GET", url: "/api/auth/me", token })).status === 200;

  it("ends the impersonation session when the admin logs out", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const other = (await login(admin.user.email, TEST_PASSWORD)).body.token;
    const imp = await impersonate(admin.token);
    const fromOther = await impersonate(other);
    expect((await call(t.app, { method: "POST", url: "/api/auth/logout", token: admin.token })).status).toBe(200);
    expect(await works(imp.token)).toBe(false);
    // Only the impersonations of the session that logged out end.
    expect(await works(fromOther.token)).toBe(true);
  });

  it("ends the impersonation sessions an admin made when the admin's password is changed", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const imp = await impersonate(admin.token);
    const other = await signedIn(t.database.db, { role: "admin" });
    const r = await call(t.app, { method: "PUT", url: `/api/users/${admin.user.id}`, token: other.token, payload: { password: "a-new-password" } });
    expect(r.status).toBe(200);
    expect(await works(admin.token)).toBe(false);
    expect(await works(imp.token)).toBe(false);
    expect(await works(other.token)).toBe(true);
  });

  it("never lets an impersonation session outlive the admin session that made it", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    const [adminSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.user.id));
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, adminSession.id));
    const imp = await impersonate(admin.token);
    expect(new Date(imp.expiresAt).getTime()).toBeLessThanOrEqual(soon.getTime());
    const [child] = await t.database.db.select().from(sessions).where(eq(sessions.parentSessionId, adminSession.id));
    expect(child.expiresAt.getTime()).toBeLessThanOrEqual(soon.getTime());
    // Sessions are never extended, so once the admin session has expired the impersonation has too.
  });

  it("refuses to impersonate another admin", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const other = await buildUser(t.database.db, { role: "admin" });
    const r = await call(t.app, { method: "POST", url: `/api/auth/impersonate/${other.id}`, token: admin.token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("An admin cannot impersonate another admin");
  });

  it("refuses teachers, students and anonymous callers, and 404s an unknown user", async () => {
    const target = await buildUser(t.database.db);
    await expectAdminOnly(t, { method: "POST", url: `/api/auth/impersonate/${target.id}` });
    expect((await call(t.app, { method: "POST", url: `/api/auth/impersonate/${target.id}` })).status).toBe(401);
    const admin = await signedIn(t.database.db, { role: "admin" });
    expect((await call(t.app, { method: "POST", url: `/api/auth/impersonate/999999`, token: admin.token })).status).toBe(404);
    const bad = await call(t.app, { method: "POST", url: `/api/auth/impersonate/abc`, token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("userId must be a positive number");
  });
});
