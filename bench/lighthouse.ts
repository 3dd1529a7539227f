/**
 * Lighthouse on the student pages, like a cheap phone on mobile data: Lighthouse's mobile emulation
 * (Moto G Power screen, 4x CPU slowdown) with simulated slow 4G throttling, in Debian Chromium.
 *
 *   npm run bench:lighthouse                      # builds if needed, starts the app on a free port with a fresh demo database
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3000   # against a build that is already running (demo data)
 *   [--runs 3] [--only login] [--json bench/results/lighthouse.json] [--reports /tmp/lh-reports]
 *
 * Pages: the login page (signed out), then, signed in as the demo student kwesi.amoah@adesua.school,
 * the student home, the quiz list and the attempt screen of a quiz open to him. Every run starts
 * cold: Lighthouse clears the HTTP cache, the service worker and Cache Storage first (the sign-in
 * token and the cached user in localStorage stay, as on a phone where the student has signed in). With --runs N each
 * figure is the median of its runs (every run is printed too).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import puppeteer from "puppeteer-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "1" },
    only: { type: "string" },
    json: { type: "string" },
    // Also write each full Lighthouse report (JSON) into this folder, to look at what Lighthouse saw.
    reports: { type: "string" },
  },
});

const STUDENT = { email: "kwesi.amoah@adesua.school", password: "adesua-demo" };
// The web app keeps the session token and the signed-in user under these localStorage keys
// (web/src/lib/storage.ts), as it does after every sign-in.
const TOKEN_KEY = "token";
const USER_KEY = "user";
// Root-safe Debian Chromium flags; chrome-launcher adds its own defaults and a fresh user-data-dir.
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function startApp(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-lh-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "true", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("running on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the app exited (${code}) before it started:\n${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, dataDir };
}

async function api<T>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Row = {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's observed (unthrottled) timings of the same load on this machine, for comparison. */
  observedFcp: number;
  observedLcp: number;
  bytes: number;
  requests: number;
};

function median<T>(xs: T[], by: (x: T) => number): T {
  return [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];
}

async function main() {
  const started = args.url ? null : await startApp();
  const base = (args.url ?? started!.base).replace(/\/$/, "");
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-lh-chrome-"));
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, userDataDir });
  const rows: Row[] = [];
  const allRuns: Row[] = [];
  const audits: Record<string, unknown> = {};
  try {
    const { token, user } = await api<{ token: string; user: unknown }>(base, "POST", "/auth/login", null, STUDENT);
    const quizzes = await api<{ data: { id: number; status: string; timedSections: unknown[]; attemptInfo?: { canAttempt?: boolean } }[] }>(
      base,
      "GET",
      "/quizzes?page=1&limit=50",
      token,
    );
    const open = quizzes.data.find((q) => q.status === "active" && q.attemptInfo?.canAttempt !== false);
    if (!open) throw new Error("no quiz is open to the demo student: cannot measure the attempt screen");

    const pages = [
      { page: "login", url: "/login", signedIn: false },
      { page: "student home", url: "/students/dashboard", signedIn: true },
      { page: "quiz list", url: "/students/dashboard/quizzes", signedIn: true },
      { page: "attempt screen", url: `/students/dashboard/quizzes/${open.id}/attempt?start=1`, signedIn: true },
    ].filter((p) => !args.only || p.page.startsWith(args.only));

    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const setToken = async (value: string | null) => {
      const tab = await browser.newPage();
      await tab.goto(`${base}/favicon.svg`);
      await tab.evaluate(
        (entries) => {
          // Runs in the page: its localStorage (typed here without the DOM library).
          const ls = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void; clear(): void } }).localStorage;
          ls.clear();
          for (const [k, v] of entries) ls.setItem(k, v);
        },
        value === null
          ? []
          : [
              [TOKEN_KEY, value],
              [USER_KEY, JSON.stringify(user)],
            ],
      );
      await tab.close();
    };

    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      formFactor: "mobile",
      throttlingMethod: "simulate",
    };
    for (const p of pages) {
      await setToken(p.signedIn ? token : null);
      const runs: Row[] = [];
      for (let i = 0, failed = 0; i < Number(args.runs); i++) {
        const result = await lighthouse(`${base}${p.url}`, flags);
        const lhr = result!.lhr;
        // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): run that one again, twice at most.
        if (lhr.runtimeError && ++failed <= 2) {
          console.error(`${p.page} run ${i + 1}: ${lhr.runtimeError.code}, running it again`);
          i--;
          continue;
        }
        if (args.reports) {
          fs.mkdirSync(args.reports, { recursive: true });
          fs.writeFileSync(path.join(args.reports, `${p.page.replace(/ /g, "-")}-${i + 1}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`${p.page}: ${lhr.runtimeError.message}`);
        const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const observed =
          ((lhr.audits["metrics"]?.details as { items?: Record<string, number>[] } | undefined)?.items ?? [])[0] ?? ({} as Record<string, number>);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        // The attempt screen is reached from the pre-start screen's Start (?start=1): the first run starts the attempt, later ones resume it.
        if (finalPath !== new URL(p.url, base).pathname)
          throw new Error(`${p.page}: Lighthouse ended on ${finalPath}, not ${p.url} (was the student signed out?)`);
        runs.push({
          page: p.page,
          url: p.url,
          performance: lhr.categories.performance.score ?? 0,
          accessibility: lhr.categories.accessibility.score ?? 0,
          fcp: num("first-contentful-paint"),
          lcp: num("largest-contentful-paint"),
          tbt: num("total-blocking-time"),
          cls: num("cumulative-layout-shift"),
          observedFcp: observed.observedFirstContentfulPaint ?? NaN,
          observedLcp: observed.observedLargestContentfulPaint ?? NaN,
          bytes: num("total-byte-weight"),
          requests: ((lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items ?? []).length,
        });
        // What Lighthouse would fix on this page (failed accessibility audits, main opportunities).
        audits[`${p.page} #${i + 1}`] = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
          .map((a) => `${a.id}: ${a.displayValue ?? a.score}`);
      }
      // Each figure is the median of its own runs (so a page's row may mix runs); every run is printed too.
      const med = (k: keyof Row) => median(runs, (r) => r[k] as number)[k] as number;
      for (const r of runs) allRuns.push(r);
      rows.push({
        page: p.page,
        url: p.url,
        performance: med("performance"),
        accessibility: med("accessibility"),
        fcp: med("fcp"),
        lcp: med("lcp"),
        tbt: med("tbt"),
        cls: med("cls"),
        bytes: med("bytes"),
        requests: med("requests"),
        observedFcp: med("observedFcp"),
        observedLcp: med("observedLcp"),
      });
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    if (started) {
      started.child.kill("SIGTERM");
      fs.rmSync(started.dataDir, { recursive: true, force: true });
    }
  }

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, ${base}, ${args.runs} run(s) per page (median shown)\n`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} (1 / 5 / 15 min) at the end\n`,
  );
  console.log("| page | performance | accessibility | FCP | LCP | TBT | CLS | bytes | requests | observed FCP | observed LCP |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.requests} | ${s(r.observedFcp)} | ${s(r.observedLcp)} |`,
    );
  }
  console.log("\nEvery run:");
  for (const r of allRuns)
    console.log(
      `  ${r.page}: perf ${r.performance.toFixed(2)}, FCP ${s(r.fcp)}, LCP ${s(r.lcp)}, TBT ${Math.round(r.tbt)} ms, observed FCP ${s(r.observedFcp)} / LCP ${s(r.observedLcp)}`,
    );
  console.log("\nAudits below 0.9:");
  for (const [k, v] of Object.entries(audits)) console.log(`  ${k}: ${(v as string[]).join("; ") || "none"}`);
  if (args.json)
    fs.writeFileSync(
      path.resolve(args.json),
      `${JSON.stringify({ at: new Date().toISOString(), loadavg: os.loadavg(), base, runs: Number(args.runs), rows, allRuns }, null, 2)}\n`,
    );

  const misses = rows.flatMap((r) => [
    ...(r.performance < 0.95 ? [`${r.page}: performance ${r.performance.toFixed(2)} < 0.95`] : []),
    ...(r.accessibility < 0.95 ? [`${r.page}: accessibility ${r.accessibility.toFixed(2)} < 0.95`] : []),
    ...(r.fcp >= 2000 ? [`${r.page}: FCP ${s(r.fcp)} ≥ 2 s`] : []),
    ...(r.lcp >= 2500 ? [`${r.page}: LCP ${s(r.lcp)} ≥ 2.5 s`] : []),
  ]);
  console.log(
    misses.length ? `\nTargets missed:\n  ${misses.join("\n  ")}` : "\nAll targets met (performance ≥ 0.95, accessibility ≥ 0.95, FCP < 2 s, LCP < 2.5 s).",
  );
  process.exitCode = misses.length ? 1 : 0;
}

const LIGHTHOUSE_VERSION = (JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;

await main();
