import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 25 item 1, shown in a child process (never in the shared test runner): the 320 KB .docx that
 * unpacks to 315 MB, read the way schedules/parse read it before the guard (mammoth in a worker thread with
 * the pool's own 256 MB heap limit), kills the whole process — a worker's resourceLimits is no defence. The
 * same file through the guarded pool is refused with 413 and the process carries on.
 */

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const here = (p: string) => JSON.stringify(new URL(p, import.meta.url).href);

function runChild(lines: string[], reader: string[] = []) {
  // Inside the repository (removed after), so the child finds the project's packages.
  const dir = fs.mkdtempSync(path.join(fileURLToPath(new URL(".", import.meta.url)), ".bomb-child-"));
  const script = path.join(dir, "child.mts");
  fs.writeFileSync(script, lines.join("\n"));
  fs.writeFileSync(script.replace(/\.mts$/, "-reader.mts"), reader.join("\n"));
  try {
    return spawnSync(process.execPath, ["--import", tsx, script], { encoding: "utf8", timeout: 90_000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a zip bomb in a child process", () => {
  it("unguarded (the circular reader in a 256 MB worker, as schedules/parse ran it): the whole process dies", () => {
    const r = runChild(
      [
        `import { Piscina } from "piscina";`,
        `import { docxBomb } from ${here("../../test/bombs.ts")};`,
        `const pool = new Piscina({ filename: new URL("./" + import.meta.url.split("/").pop().replace(".mts", "-reader.mts"), import.meta.url).href, execArgv: process.execArgv, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 } });`,
        `pool.on("error", () => {});`,
        `const answer = await pool.run(docxBomb(315)).then((m) => "read " + m, (e) => "worker failed " + (e.code ?? e.message));`,
        `console.log(answer);`,
        `await pool.destroy();`,
      ],
      [
        `import { parseCircularFile } from ${here("../schedule/index.ts")};`,
        `export default async function read(bytes: Uint8Array) { return (await parseCircularFile(bytes, { now: new Date() })).title.length; }`,
      ],
    );
    // The issue saw the process abort 3 times of 3 (a fatal V8 out-of-memory while flattening the 315 MB text
    // for a regular expression, exit 134); a worker that merely died would have let this child exit 0.
    console.log(`unguarded: status ${r.status} signal ${r.signal} ${(r.stderr.match(/FATAL ERROR[^\n]*/) ?? [""])[0]} ${r.stdout.trim()}`);
    expect(r.status === 134 || r.signal === "SIGABRT" || /FATAL ERROR/.test(r.stderr)).toBe(true);
  }, 120_000);

  it("guarded (the document pool): 413 for that file, and the process carries on", () => {
    const r = runChild([
      `import { docxBomb } from ${here("../../test/bombs.ts")};`,
      `import { DocumentPool } from ${here("./pool.ts")};`,
      `const pool = new DocumentPool({ maxThreads: 1 });`,
      `const started = Date.now();`,
      `const refused = await pool.parseCircular(docxBomb(315, { lie: true }), new Date()).then(() => "read", (e) => e.status);`,
      `console.log(JSON.stringify({ refused, ms: Date.now() - started, probe: await pool.probe() }));`,
      `await pool.close();`,
    ]);
    expect(r.status, r.stderr.slice(0, 500)).toBe(0);
    const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
    console.log(`guarded: ${r.stdout.trim()}`);
    expect(out.refused).toBe(413);
    expect(out.probe.isMainThread).toBe(false);
  }, 120_000);
});
