import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, isTransientOverload } from "../../lib/errors";
import { signedIn } from "../../../test/factories";
import { call, createTestApp, type TestApp } from "../../../test/test-app";

describe("isTransientOverload", () => {
  it("knows the pool's timeout and the database's try-again codes, through Drizzle's cause chain", () => {
    expect(isTransientOverload(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      isTransientOverload(Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }) })),
    ).toBe(true);
    expect(isTransientOverload(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(true);
    expect(isTransientOverload(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isTransientOverload(new TypeError("x is undefined"))).toBe(false);
    expect(isTransientOverload(null)).toBe(false);
  });
});

// The pool and its connection timeout exist on PostgreSQL only (PGlite has one session and no pool).
describe.skipIf(!process.env.DATABASE_URL)("a request that cannot get a database connection in time", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is answered 503 with Retry-After, not 500, and the server serves again once connections free up", async () => {
    const { token } = await signedIn(t.database.db);
    const pool = (t.database.db as unknown as { $client: { connect: () => Promise<{ release: () => void }>; options: { max: number } } }).$client;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const r = await call(t.app, { method: "GET", url: "/api/auth/me", token });
      expect(r.status).toBe(503);
      expect(r.headers["retry-after"]).toBe("2");
      expect(r.body).toEqual({ error: BUSY_MESSAGE, code: "server_busy" });
    } finally {
      for (const c of held) c.release();
    }
    const again = await call(t.app, { method: "GET", url: "/api/auth/me", token });
    expect(again.status).toBe(200);
  }, 20_000);
});
