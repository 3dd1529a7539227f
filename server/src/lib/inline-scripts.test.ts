import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineScriptSources } from "./inline-scripts";

describe("inlineScriptSources", () => {
  it("gives the sha256 source of each inline script of index.html, and none for scripts with src", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-dist-"));
    const code = '(function(){var s="$1";console.log(s)})();';
    fs.writeFileSync(
      path.join(dir, "index.html"),
      `<html><head><script>${code}</script>\n<script type="module" crossorigin src="/assets/index-x.js"></script></head><body></body></html>`,
    );
    const want = `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    expect(inlineScriptSources(dir)).toEqual([want]);
    expect(inlineScriptSources(path.join(dir, "missing"))).toEqual([]);
    expect(inlineScriptSources(null)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
