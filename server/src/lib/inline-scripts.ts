import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in the web build's index.html:
 * the route preloader (web/build/route-preload.ts) runs inline so the first page's chunks and calls leave
 * while the HTML is parsed. Only these exact scripts may run inline; any other inline script stays
 * refused. Read once at start-up: a new build comes with a restart. Empty without a build.
 */
export function inlineScriptSources(webDist: string | null | undefined): string[] {
  if (!webDist) return [];
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, "index.html"), "utf8");
  } catch {
    return [];
  }
  const sources: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc\s*=/.test(m[1] ?? "") || !m[2]) continue;
    sources.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return sources;
}
