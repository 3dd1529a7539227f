import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../test/test-app";
import { signedIn } from "../test/factories";
import { jsonDepthExceeds, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from "./lib/json-depth";

/**
 * Issue 25 item 5: a JSON body nested about 8,000 levels deep (16 KB) answered 500 on 48 routes, login and
 * register included (a recursive text check ran out of stack). Such a body is refused with 400 before any
 * handler or check runs.
 */

let t: TestApp;
let tokens: Record<"admin" | "teacher" | "student", string>;
const deep = (levels: number, inner = "1") => "[".repeat(levels) + inner + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tokens = {
    admin: (await signedIn(db, { role: "admin" })).token,
    teacher: (await signedIn(db, { role: "teacher" })).token,
    student: (await signedIn(db, { role: "student" })).token,
  };
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, payload: string, token?: string, method: "POST" | "PUT" | "PATCH" = "POST") =>
  call(t.app, { method, url, token, payload, headers: { "content-type": "application/json" } });

describe("JSON nested too deeply (issue 25 item 5)", () => {
  it("refuses an 8,000-level body on login and register with 400, not 500", async () => {
    for (const body of [deep(8000), `{"email":${deep(8000, '"a"')},"password":"x"}`, deepObject(8000)]) {
      expect(await post("/api/auth/login", body)).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
      expect(await post("/api/auth/register", body)).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
    }
  });

  it("refuses it on the signed-in routes that take JSON too (settings, practice, change password, questions)", async () => {
    expect(await post("/api/settings", deepObject(8000), tokens.admin, "PUT")).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
    expect(await post("/api/practice", deep(8000), tokens.student)).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
    expect(await post("/api/auth/change-password", deepObject(100), tokens.student)).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
    expect(await post("/api/questions", deep(65), tokens.teacher)).toMatchObject({ status: 400, body: { error: TOO_DEEP_MESSAGE } });
  });

  it("never answers 500 to a deep body on any route of the OpenAPI document that takes JSON", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const failures: string[] = [];
    let refused = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.requestBody?.content?.["application/json"]) continue;
        const url = path.replace(/\{\w+\}/g, "1");
        for (const role of ["admin", "teacher", "student"] as const) {
          const r = await post(url, deep(8000), tokens[role], method.toUpperCase() as "POST");
          // Access is decided before the body is read (401/403/404); otherwise the body is refused.
          if (r.status >= 500 || (r.status === 400 && r.body?.error !== TOO_DEEP_MESSAGE) || r.status < 400)
            failures.push(`${method.toUpperCase()} ${path} as ${role} → ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
          if (r.status === 400) refused++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(40);
  });

  it("still takes ordinary JSON, brackets inside strings and 64 levels included", async () => {
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: "[".repeat(500) + '\\"{'.repeat(300) }))).toBe(false);
    const r = await post("/api/auth/login", JSON.stringify({ email: "[[[[[[@x.y", password: "{".repeat(200) }));
    expect(r.status).toBe(401);
    expect(await post("/api/auth/login", "{not json")).toMatchObject({ status: 400, body: { error: "Request body is not valid JSON" } });
    expect(await post("/api/auth/login", '{"__proto__":{"x":1}}')).toMatchObject({ status: 400 });
  });
});
