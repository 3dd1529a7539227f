import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mantineCssFor } from "../build/mantine-css.ts";

const require = createRequire(import.meta.url);
const coreEsm = path.join(path.dirname(require.resolve("@mantine/core/styles/global.css")), "..", "esm");

function classMaps(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? classMaps(p) : e.name.endsWith(".module.mjs") ? [p] : [];
  });
}

describe("per-component Mantine CSS (web/build/mantine-css.ts)", () => {
  it("finds a stylesheet for every styled @mantine/core component, so none ships unstyled", () => {
    const maps = classMaps(coreEsm);
    expect(maps.length).toBeGreaterThan(80);
    for (const file of maps) {
      const css = mantineCssFor(file);
      expect(css, file).toMatch(/^@mantine\/core\/styles\/[A-Za-z]+\.css$/);
      expect(fs.existsSync(require.resolve(css!)), css!).toBe(true);
    }
    expect(mantineCssFor(path.join(coreEsm, "components/Button/Button.module.mjs"))).toBe("@mantine/core/styles/Button.css");
  });

  it("leaves every other module alone and fails loudly for a class map without a stylesheet", () => {
    expect(mantineCssFor(path.join(coreEsm, "components/Button/Button.mjs"))).toBeNull();
    expect(mantineCssFor("/app/web/src/features/attempts/components/quiz-runner.module.css")).toBeNull();
    expect(() => mantineCssFor(path.join(coreEsm, "components/Nope/Nope.module.mjs"))).toThrow(/Nope\.css does not exist/);
  });
});
