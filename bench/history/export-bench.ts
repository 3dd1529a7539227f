/**
 * The Excel export of the 100,000-submission school (issue 12: 200 quizzes with student details in under
 * 3 s, under 100 MB of extra memory). Starts the app as its own process on a history database, asks for
 * quiz_performance.xlsx of every quiz with student details as the admin (and the CSV likewise), reads the
 * answer to the end, and samples the app process's resident memory (/proc/<pid>/status VmRSS) every 20 ms.
 * The file is then opened with exceljs to count its rows.
 *
 *   node --import tsx bench/history/export-bench.ts --db postgres --reuse adesua_history_ab12cd34
 *   node --import tsx bench/history/export-bench.ts --db pglite --reuse /tmp/adesua-history-xyz
 *
 * The database must already hold the history (fill one with `npm run bench:history -- --keep`).
 * Writes bench/results/history-export-<db>.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { migrateDatabase, openDatabase } from "../../server/src/db/client";
import { historyContext, isSeeded } from "./seed";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const { values: args } = parseArgs({
  options: { db: { type: "string", default: "postgres" }, reuse: { type: "string" }, runs: { type: "string", default: "3" } },
});
if (!args.reuse) throw new Error("--reuse NAME|DIR: a database that already holds the history");

const pgUrl = () => {
  const u = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  u.pathname = `/${args.reuse}`;
  return u.toString();
};
const env: Record<string, string> = args.db === "pglite" ? { DATA_DIR: path.resolve(args.reuse) } : { DATABASE_URL: pgUrl() };
const open = () =>
  args.db === "pglite"
    ? openDatabase({ databaseUrl: null, pgliteDir: path.join(path.resolve(args.reuse!), "db") })
    : openDatabase({ databaseUrl: pgUrl(), pgliteDir: null });

const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

function startApp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/src/main.ts")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", LOG_LEVEL: "warn", BACKUP_EVERY_HOURS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("Adesua is running") && resolve(child));
    child.on("exit", (code) => reject(new Error(`the app exited with ${code}`)));
  });
}

type Run = { format: string; ms: number; bytes: number; rssBeforeMb: number; rssPeakMb: number; extraMb: number };

async function measure(pid: number, url: string, token: string, format: string, keep?: string): Promise<Run> {
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  const out = keep ? fs.createWriteStream(keep) : null;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    out?.write(chunk);
  }
  const ms = Math.round(performance.now() - t0);
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pid));
  await new Promise((r) => (out ? out.end(r) : r(null)));
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return { format, ms, bytes, rssBeforeMb: mb(before), rssPeakMb: mb(peak), extraMb: mb(peak - before) };
}

const database = await open();
await migrateDatabase(database);
if (!(await isSeeded(database))) throw new Error(`${args.reuse} holds no history`);
const ctx = await historyContext(database);
const ids = (await database.db.execute<{ id: number }>(sql`select id from quizzes order by id`)).rows.map((r) => Number(r.id));
await database.close();

const port = 20000 + Math.floor(Math.random() * 20000);
const app = await startApp(port);
const base = `http://127.0.0.1:${port}/api/performance/export?quizIds=${ids.join(",")}&includeStudentDetails=true`;
const file = path.join(os.tmpdir(), `quiz_performance-${process.pid}.xlsx`);
const runs: Run[] = [];
try {
  for (let i = 0; i < Number(args.runs); i++) {
    runs.push(await measure(app.pid!, `${base}&format=excel`, ctx.tokens.admin, "excel", i === 0 ? file : undefined));
    runs.push(await measure(app.pid!, `${base}&format=csv`, ctx.tokens.admin, "csv"));
  }
} finally {
  app.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
}
const wb = new ExcelJS.Workbook();
await wb.xlsx.readFile(file);
const sheets = wb.worksheets.map((w) => ({ name: w.name, rows: w.actualRowCount }));
fs.rmSync(file, { force: true });
for (const r of runs)
  console.log(
    `${r.format.padEnd(6)} ${String(r.ms).padStart(6)} ms  ${(r.bytes / 1e6).toFixed(1)} MB  RSS ${r.rssBeforeMb} → ${r.rssPeakMb} MB (+${r.extraMb} MB)`,
  );
console.log(`Workbook: ${sheets.map((s) => `${s.name} ${s.rows} rows`).join(", ")}; load average ${os.loadavg()[0].toFixed(1)}`);
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/history-export-${args.db}.json`),
  JSON.stringify({ at: new Date().toISOString(), db: args.db, quizzes: ids.length, sheets, loadAvg: os.loadavg()[0], runs }, null, 2),
);
