import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every web source file except tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "test" ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("bundle rules", () => {
  it("imports only types from the zod-bearing @adesua/domain root outside staff-only forms, so student pages stay small", () => {
    const offenders: string[] = [];
    for (const file of sources(path.resolve(__dirname))) {
      const text = fs.readFileSync(file, "utf8");
      // Staff-only form folders are lazy chunks students never load; they may validate with the shared schemas.
      const staffOnly = /\/(staff|forms)\//.test(file);
      if (staffOnly) continue;
      for (const m of text.matchAll(/^import\s+(type\s+)?\{[^}]*\}\s+from\s+"@adesua\/domain";/gm)) {
        if (!m[1]) offenders.push(`${path.relative(__dirname, file)}: ${m[0]}`);
      }
      if (/from\s+"zod"/.test(text)) offenders.push(`${path.relative(__dirname, file)}: imports zod`);
    }
    expect(offenders).toEqual([]);
  });
});
