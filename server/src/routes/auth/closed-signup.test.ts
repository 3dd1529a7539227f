import { afterAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { loginFailures } from "../../db/schema";
import { purgeOldFailures } from "../../services/auth/auth.service";
import { loadConfig } from "../../config";
import { call, createTestApp, type TestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";

/**
 * Issue 25 §3b, decision 041: student sign-up is closed by default under NODE_ENV=production and once a class
 * list has been imported (an admin may reopen it), and successful sign-ups from one address are limited per hour
 * (SIGNUP_PER_HOUR, default 20; 0 turns the limit off). Each app is its own database.
 */

const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

const CLOSED = "Sign-up is closed. Ask your school's administrator for an account.";
let n = 0;
const register = (t: TestApp, role: "student" | "teacher" = "student", ip = "198.51.100.7") =>
  call(t.app, {
    method: "POST",
    url: "/api/auth/register",
    headers: { "x-forwarded-for": ip },
    payload: { name: `New ${role} ${++n}`, email: `signup${n}.${process.pid}@example.com`, password: "abcdefgh", role },
  });
const settings = (t: TestApp, token: string) => call(t.app, { method: "GET", url: "/api/settings", token });
const choose = (t: TestApp, token: string, open: boolean) => call(t.app, { method: "PUT", url: "/api/settings", token, payload: { studentSignupOpen: open } });

describe("student sign-up by default", () => {
  it("is open on a school server outside production, and GET /api/settings says the default applies", async () => {
    const t = await app();
    const admin = await signedIn(t.database.db, { role: "admin" });
    expect((await settings(t, admin.token)).body).toEqual({ studentSignupOpen: true, studentSignupChosenAt: null, studentSignupDefault: "open" });
    expect((await register(t)).status).toBe(201);
  });

  it("is closed under NODE_ENV=production until an admin opens it; teachers may still sign up (pending)", async () => {
    const t = await app({ NODE_ENV: "production" });
    const admin = await signedIn(t.database.db, { role: "admin" });
    expect((await settings(t, admin.token)).body).toMatchObject({ studentSignupOpen: false, studentSignupChosenAt: null, studentSignupDefault: "production" });
    expect(await register(t)).toMatchObject({ status: 403, body: { error: CLOSED } });
    expect((await register(t, "teacher")).status).toBe(201);

    const opened = await choose(t, admin.token, true);
    expect(opened.status).toBe(200);
    expect(opened.body.studentSignupOpen).toBe(true);
    expect(Date.parse(opened.body.studentSignupChosenAt)).not.toBeNaN();
    expect((await register(t)).status).toBe(201);
    expect((await settings(t, admin.token)).body.studentSignupOpen).toBe(true);
  });

  it("closes once a class list has been imported, unless an admin has chosen", async () => {
    const t = await app();
    const admin = await signedIn(t.database.db, { role: "admin" });
    expect((await register(t)).status).toBe(201);
    const list = Buffer.from(`Full Name,Class\r\nKofi Mensah ${process.pid},JHS 1B\r\n`);
    const imported = await call(t.app, {
      method: "POST",
      url: "/api/users/import",
      token: admin.token,
      payload: form({}, { file: { name: "jhs1.csv", bytes: list, type: "text/csv" } }) as never,
    });
    expect(imported.status).toBe(201);
    expect((await settings(t, admin.token)).body).toMatchObject({ studentSignupOpen: false, studentSignupDefault: "class_list" });
    expect(await register(t)).toMatchObject({ status: 403, body: { error: CLOSED } });
    // The admin's choice wins over the default from then on.
    expect((await choose(t, admin.token, true)).body.studentSignupOpen).toBe(true);
    expect((await register(t)).status).toBe(201);
  });
});

describe("sign-ups from one address", () => {
  it("are limited to SIGNUP_PER_HOUR an hour with 429 and Retry-After; other addresses and taken emails do not use them up", async () => {
    const t = await app({ SIGNUP_PER_HOUR: "3" });
    for (let i = 0; i < 3; i++) expect((await register(t, i === 2 ? "teacher" : "student")).status).toBe(201);
    const over = await register(t);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Too many accounts were made from your network/);
    const retry = Number(over.headers["retry-after"]);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    expect((await register(t, "student", "198.51.100.8")).status).toBe(201);
    // A refused (taken) email gives its claim back.
    const taken = await call(t.app, {
      method: "POST",
      url: "/api/auth/register",
      headers: { "x-forwarded-for": "198.51.100.9" },
      payload: { name: "Dup", email: `signup${n}.${process.pid}@example.com`, password: "abcdefgh", role: "student" },
    });
    expect(taken.status).toBe(409);
    const claims = await t.database.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.address, "198.51.100.9"), eq(loginFailures.kind, "signup")));
    expect(claims).toHaveLength(0);
    // An hour later the address may sign up again; the purge keeps the hour's claims until then.
    await purgeOldFailures(t.database.db, new Date(Date.now() + 30 * 60_000));
    expect((await register(t)).status).toBe(429);
    t.clock.set(new Date(Date.now() + 3601_000));
    try {
      expect((await register(t)).status).toBe(201);
    } finally {
      t.clock.set(null);
    }
  });

  it("does not count sign-ups as failed sign-ins of the address", async () => {
    const t = await app({ SIGNUP_PER_HOUR: "0" });
    // 105 sign-ups from one address (more than the 100 failures an address may have) all succeed with the limit off.
    for (let i = 0; i < 105; i++) expect((await register(t, "student", "198.51.100.20")).status, `sign-up ${i}`).toBe(201);
    const login = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-forwarded-for": "198.51.100.20" },
      payload: { email: "nobody@example.com", password: "wrong-password" },
    });
    expect(login.status).toBe(401);
  });

  it("reads SIGNUP_PER_HOUR as a whole number (default 20) and refuses anything else", () => {
    expect(loadConfig({}).signupPerHour).toBe(20);
    expect(loadConfig({ SIGNUP_PER_HOUR: "0" }).signupPerHour).toBe(0);
    expect(() => loadConfig({ SIGNUP_PER_HOUR: "many" })).toThrow(/SIGNUP_PER_HOUR must be a whole number/);
  });
});
