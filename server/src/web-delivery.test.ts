import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

// A built web app in miniature, with the .br/.gz copies the web build writes beside each file.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-dist-"));
const asset = `const app = ${JSON.stringify("a student's first page ".repeat(100))};\n`;
const indexHtml = `<!doctype html><html lang="en"><head><title>Adesua</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(40)}</body></html>`;
const sw = `self.addEventListener("fetch", () => {}); ${"/* sw */".repeat(60)}`;
function put(rel: string, text: string) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
put("assets/index-AbCd1234.js", asset);
put("index.html", indexHtml);
put("sw.js", sw);
fs.mkdirSync(path.join(dist, ".vite"));
fs.writeFileSync(path.join(dist, ".vite/manifest.json"), '{"index.html":{}}');

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
  off = await createTestApp({ WEB_DIST: dist, COMPRESS_API: "false" });
});
afterAll(async () => {
  await t.close();
  await off.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, acceptEncoding?: string) =>
  app.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const enc = res.headers["content-encoding"];
  const raw = res.rawPayload;
  return (enc === "br" ? zlib.brotliDecompressSync(raw) : enc === "gzip" ? zlib.gunzipSync(raw) : raw).toString();
}

describe("built web app delivery", () => {
  it("sends the pre-compressed brotli file of a hashed asset, cached for a year as immutable", async () => {
    const res = await get(t, "/assets/index-AbCd1234.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(res.headers["content-length"])).toBe(fs.statSync(path.join(dist, "assets/index-AbCd1234.js.br")).size);
    expect(decoded(res)).toBe(asset);
  });

  it("falls back to gzip, then to the plain file, by what the client accepts", async () => {
    const gz = await get(t, "/assets/index-AbCd1234.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gz)).toBe(asset);
    const plain = await get(t, "/assets/index-AbCd1234.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(asset);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends index.html (at / and at any app path) and the service worker with no-cache, compressed", async () => {
    for (const url of ["/", "/index.html", "/students/dashboard/quizzes"]) {
      const res = await get(t, url, "br");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(decoded(res), url).toBe(indexHtml);
    }
    const res = await get(t, "/sw.js", "br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(decoded(res)).toBe(sw);
  });

  it("does not serve the compressed copies or the build manifest as files of their own", async () => {
    for (const url of ["/assets/index-AbCd1234.js.br", "/.vite/manifest.json"]) {
      const res = await get(t, url);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(indexHtml);
    }
  });
});

describe("API compression", () => {
  it("compresses an answer over 1 KB with brotli where accepted, and gzip otherwise", async () => {
    const br = await get(t, "/api/docs/json", "gzip, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const doc = JSON.parse(decoded(br));
    expect(doc.openapi).toBeTruthy();
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(doc)) / 3);
    const gz = await get(t, "/api/docs/json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gz))).toEqual(doc);
  });

  it("leaves small answers and clients that accept no encoding alone", async () => {
    const small = await get(t, "/api/health", "br");
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const plain = await get(t, "/api/docs/json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body).openapi).toBeTruthy();
  });

  it("COMPRESS_API=false turns API compression off; built files still go out pre-compressed", async () => {
    const api = await get(off, "/api/docs/json", "br");
    expect(api.statusCode).toBe(200);
    expect(api.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(api.body).openapi).toBeTruthy();
    const file = await get(off, "/assets/index-AbCd1234.js", "br");
    expect(file.headers["content-encoding"]).toBe("br");
  });
});
