import { describe, expect, it } from "vitest";
import helmet from "helmet";
import { call, useTestApp } from "../../test/test-app";
import { securityHeaders } from "./security-headers";

/** What helmet's middleware sets on a response, run the ordinary way (once per request, as @fastify/helmet did). */
function helmetSets(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const set: Record<string, string> = {};
  helmet(options)({} as never, { setHeader: (k: string, v: string) => void (set[k] = v), removeHeader: () => {} } as never, () => {});
  return set;
}

describe("securityHeaders", () => {
  it("gives the headers helmet's middleware sets for the same options", () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null } }, hsts: false };
    const headers = securityHeaders(options);
    expect(headers).toEqual(helmetSets(options));
    expect(headers["Content-Security-Policy"]).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
    );
    expect(headers).not.toHaveProperty("Strict-Transport-Security");
  });

  it("refuses a directive computed per request", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } })).toThrow(/per request/);
  });
});

describe("the app's security headers", () => {
  const t = useTestApp();

  it("are on API answers, refusals and unknown paths alike", async () => {
    for (const [url, status] of [
      ["/api/health", 200],
      ["/api/auth/me", 401],
      ["/api/nothing-here", 404],
    ] as const) {
      const res = await call(t.app, { method: "GET", url });
      expect(res.status, url).toBe(status);
      expect(res.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(res.headers["content-security-policy"], url).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers, url).not.toHaveProperty("strict-transport-security");
      expect(res.headers, url).not.toHaveProperty("cross-origin-embedder-policy");
    }
  });
});
