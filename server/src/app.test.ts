import { describe, expect, it } from "vitest";
import { call, useTestApp } from "../test/test-app";
import { signedIn } from "../test/factories";

const t = useTestApp();

// The calendar feed is public: its secret token is the credential (calendar apps send no session).
// So are signed download links: the signature is the credential, for a minute (decision 027).
const PUBLIC = new Set(["POST /api/auth/register", "POST /api/auth/login", "GET /api/health", "GET /api/schedules/feed/:file", "GET /api/files/:id"]);
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.method !== "HEAD");

describe("route access", () => {
  it("every /api route declares an access rule, and only register, login, health, the calendar feed and signed downloads are public", () => {
    const api = apiRoutes();
    expect(api.length).toBeGreaterThan(5);
    expect(api.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(new Set(api.filter((r) => r.access === "public").map((r) => `${r.method} ${r.url}`))).toEqual(PUBLIC);
  });

  it("answers 401 for every non-public route without a session", async () => {
    for (const r of apiRoutes().filter((x) => x.access !== "public")) {
      const url = r.url.replace(/:[a-zA-Z]+/g, "1");
      const res = await call(t.app, { method: r.method as "GET", url });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.error, `${r.method} ${r.url}`).toBeTruthy();
    }
  });

  it("answers 403 to a role the route does not list, before looking at the payload", async () => {
    for (const r of apiRoutes().filter((x) => Array.isArray(x.access))) {
      const allowed = r.access as readonly string[];
      for (const role of (["student", "teacher", "admin"] as const).filter((x) => !allowed.includes(x))) {
        const u = await signedIn(t.database.db, { role });
        const res = await call(t.app, { method: r.method as "GET", url: r.url.replace(/:[a-zA-Z]+/g, "1"), token: u.token });
        expect(res.status, `${role} ${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it("answers 404 with the error shape for unknown API paths", async () => {
    const s = await signedIn(t.database.db);
    const r = await call(t.app, { method: "GET", url: "/api/nope", token: s.token });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Not found" });
  });

  it("serves the OpenAPI document", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/docs/json" });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toContain("/api/auth/login");
  });
});

describe("response headers", () => {
  it("sends Cache-Control: no-store on API answers with tokens or personal data, not on health", async () => {
    const u = await signedIn(t.database.db);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", token: u.token });
    expect(me.headers["cache-control"]).toBe("no-store");
    const login = await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: u.user.email, password: "wrong-one" } });
    expect(login.headers["cache-control"]).toBe("no-store");
    const anon = await call(t.app, { method: "GET", url: "/api/quizzes" });
    expect(anon.status).toBe(401);
    expect(anon.headers["cache-control"]).toBe("no-store");
    const health = await call(t.app, { method: "GET", url: "/api/health" });
    expect(health.headers["cache-control"]).toBeUndefined();
  });

  it("sends HSTS only when the request came over HTTPS (through a trusted proxy)", async () => {
    const plain = await call(t.app, { method: "GET", url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const viaProxy = await call(t.app, { method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    // From an address that is not a trusted proxy the header is not believed.
    const spoofed = await call(t.app, { method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" }, remoteAddress: "203.0.113.9" });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});
