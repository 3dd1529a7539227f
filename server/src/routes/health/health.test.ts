import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers without a session and reveals no secrets", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/health" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", database: { status: "ok" }, storage: { status: "ok" } });
    expect(r.raw).not.toMatch(/postgres(ql)?:\/\//);
    expect(r.raw).not.toContain(t.app.config.dataDir);
  });
});
