/**
 * List benchmark: 500 courses and 10,000 quizzes (100,000 questions), then
 *   GET /api/quizzes?page=1&limit=12 as a student, and
 *   GET /api/courses?search=… as a student,
 * each at 50 concurrent connections for ~10 s (autocannon in a child process) against the real app in this process.
 *
 *   node --import tsx bench/list-bench.ts [--db pglite|postgres] [--duration 10] [--connections 50] [--pool 20] [--only courses] [--explain]
 *
 * PostgreSQL: a fresh database adesua_bench_<random> on BENCH_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * Writes bench/results/list-bench-<db>.json. Traffic goes only to 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Result as AutocannonResult } from "autocannon";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { migrateDatabase, openDatabase, type Database } from "../server/src/db/client";
import { createSession } from "../server/src/auth/sessions";
import { COURSES, QUESTIONS_PER_QUIZ, QUIZZES, fillLists } from "./list-data";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const dbKind = arg("db", "pglite") as "pglite" | "postgres";
if (dbKind !== "pglite" && dbKind !== "postgres") throw new Error("--db must be pglite or postgres");
const duration = Number(arg("duration", "10"));
const connections = Number(arg("connections", "50"));
const explain = args.includes("--explain");
/** PostgreSQL pool size (the app's default is 20). */
const poolSize = Number(arg("pool", "20"));
/** Run only the scenarios whose name contains this text (e.g. --only courses). */
const only = arg("only", "");
const SEARCH = "science";

async function openBenchDatabase(tmp: string): Promise<{ database: Database; name: string | null; drop: () => Promise<void> }> {
  if (dbKind === "pglite") {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(tmp, "db") });
    return { database, name: null, drop: () => database.close() };
  }
  const base = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) throw new Error("The benchmark only talks to a local PostgreSQL");
  const name = `adesua_bench_${randomBytes(4).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, poolSize });
  return {
    database,
    name,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

type Scenario = { name: string; path: string };
type Result = {
  scenario: string;
  path: string;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  reqPerSec: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time per request of this process (the app: main thread, GC, PGlite). */
  appCpuMsPerReq: number;
  /** CPU time per request of the PostgreSQL backends serving the bench database (postgres only). */
  dbCpuMsPerReq: number | null;
  /** Load average (1 min) when the scenario ended: the machine is shared, so this puts the figures in context. */
  loadAvg: number;
};

const autocannonBin = path.join(here, "..", "node_modules", "autocannon", "autocannon.js");

/** autocannon in a child process, so this process's CPU time is the app's alone. */
function autocannonRun(url: string, token: string, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin, "-j", "-c", String(connections), "-d", String(seconds), "-H", `authorization=Bearer ${token}`, url], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/** Summed CPU milliseconds of the PostgreSQL backends connected to this database (Linux /proc). */
function dbCpuMs(dbName: string | null): number | null {
  if (!dbName) return null;
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "latin1");
      if (!cmd.includes(dbName)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "latin1");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) * tick; // utime + stime
    } catch {
      /* the process ended */
    }
  }
  return total;
}

async function run(port: number, token: string, s: Scenario, dbName: string | null): Promise<Result> {
  const url = `http://127.0.0.1:${port}${s.path}`;
  await autocannonRun(url, token, 2); // warm-up (JIT, pool, prepared statements, caches)
  const cpu0 = process.cpuUsage();
  const db0 = dbCpuMs(dbName);
  const r = await autocannonRun(url, token, duration);
  const cpu = process.cpuUsage(cpu0);
  const db1 = dbCpuMs(dbName);
  const n = Math.max(1, r.requests.total);
  return {
    scenario: s.name,
    path: s.path,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    reqPerSec: Math.round(r.requests.average),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    appCpuMsPerReq: Math.round(((cpu.user + cpu.system) / 1000 / n) * 1000) / 1000,
    dbCpuMsPerReq: db0 === null || db1 === null ? null : Math.round(((db1 - db0) / n) * 1000) / 1000,
    loadAvg: Math.round(os.loadavg()[0] * 10) / 10,
  };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-bench-"));
  const { database, name: dbName, drop } = await openBenchDatabase(tmp);
  try {
    const t0 = performance.now();
    await migrateDatabase(database);
    const { studentId } = await fillLists(database.db);
    const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const { token } = await createSession(database.db, studentId, 3600_000);
    const config = loadConfig({ DATA_DIR: tmp, SEED_DEMO: "false", LOG_LEVEL: "error" });
    const app = await buildApp({ database, config });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;

    const scenarios: Scenario[] = [
      { name: "quizzes as student", path: "/api/quizzes?page=1&limit=12" },
      { name: "courses search", path: `/api/courses?search=${SEARCH}` },
    ];
    for (const s of scenarios) {
      const res = await app.inject({ method: "GET", url: s.path, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${s.path} answered ${res.statusCode}: ${res.body}`);
      const body = res.json();
      console.log(`${s.name}: ${body.data.length} items of ${body.meta?.total ?? body.pagination?.total}`);
    }
    if (explain) await printPlans(database, studentId);

    const results: Result[] = [];
    for (const s of scenarios.filter((x) => x.name.includes(only))) results.push(await run(port, token, s, dbName));
    await app.close();

    const out = {
      db: dbKind,
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      data: { courses: COURSES, quizzes: QUIZZES, questions: QUIZZES * QUESTIONS_PER_QUIZ, fillSeconds },
      load: { connections, durationSeconds: duration, client: "autocannon in a child process", poolSize: dbKind === "postgres" ? poolSize : null },
      results,
    };
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    const file = path.join(here, "results", `list-bench-${dbKind}${only ? `-${only.replace(/\W+/g, "-")}` : ""}.json`);
    fs.writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
    console.log(
      `\n${dbKind}: ${connections} connections, ${duration} s per scenario, ${os.cpus().length} CPUs${dbKind === "postgres" ? `, pool ${poolSize}` : ""}`,
    );
    console.table(
      results.map((r) => ({
        scenario: r.scenario,
        "p50 ms": r.p50,
        "p99 ms": r.p99,
        "req/s": r.reqPerSec,
        "app CPU ms/req": r.appCpuMsPerReq,
        "db CPU ms/req": r.dbCpuMsPerReq ?? "-",
        load: r.loadAvg,
        errors: r.errors + r.non2xx,
      })),
    );
    console.log(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** EXPLAIN ANALYZE of the list queries, to see which indexes they use. */
async function printPlans(database: Database, studentId: number) {
  const plans = {
    "quiz page with total (student)": sql`explain analyze select q.id, (select count(*) from questions x where x.quiz_id = q.id),
        (select count(*) from attempts a where a.quiz_id = q.id and a.user_id = ${studentId}),
        exists(select 1 from submissions s where s.user_id = ${studentId} and s.quiz_id = q.id),
        (select count(*) from quizzes where student_type = 'jhs2')
      from quizzes q join courses c on c.id = q.course_id left join files f on f.id = q.pdf_file_id
      where q.student_type = 'jhs2' order by q.id desc limit 12`,
    "course search with total": sql`explain analyze select c.id, u.name, f.name, count(*) over ()
      from courses c left join users u on u.id = c.teacher_id left join files f on f.id = c.material_file_id
      where c.title ilike ${`%${SEARCH}%`} or c.description ilike ${`%${SEARCH}%`} order by c.title, c.id limit 12`,
  };
  for (const [name, q] of Object.entries(plans)) {
    const r = await database.db.execute<{ "QUERY PLAN": string }>(q);
    console.log(`\n-- ${name}\n${r.rows.map((x) => x["QUERY PLAN"]).join("\n")}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
