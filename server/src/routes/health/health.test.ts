import { describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";

const t = useTestApp();

describe("GET /api/health", () => {
  it("answers without a session and reveals no secrets", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/health" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ok", database: { status: "ok" }, storage: { status: "ok" } });
    expect(r.raw).not.toMatch(/postgres(ql)?:\/\//);
    expect(r.raw).not.toContain(t.app.config.dataDir);
  });
});
