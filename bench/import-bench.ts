/**
 * Class-list import benchmark (issue 14): a 1,000-row CSV (700 students without an email, who get
 * sign-in names, 300 with one; three levels) POSTed to /api/users/import over HTTP, against the real
 * server started as its own process (`node --import tsx server/src/main.ts`), timed from the first
 * byte sent to the last byte of the answer (the slips). Three runs with fresh names; the median is the figure.
 *
 *   node --import tsx bench/import-bench.ts [--db pglite|postgres] [--rows 1000] [--runs 3] [--stream]
 *
 * --stream asks for the NDJSON progress answer the web app uses (same work, progress lines on the way).
 * PostgreSQL: a fresh database adesua_bench_<random> on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Writes bench/results/import-bench-<db>.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { startServer } from "../e2e/server-process";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const dbKind = arg("db", "pglite");
if (dbKind !== "pglite" && dbKind !== "postgres") throw new Error("--db must be pglite or postgres");
const ROWS = Number(arg("rows", "1000"));
const RUNS = Number(arg("runs", "3"));
const stream = args.includes("--stream");
const ADMIN = { email: "bench.admin@adesua.test", password: "bench-admin-password" };
const FIRST = ["Kofi", "Ama", "Kwame", "Abena", "Yaw", "Akosua", "Kwabena", "Adwoa", "Kojo", "Efua", "Kwesi", "Esi"];
const LAST = ["Mensah", "Owusu", "Boateng", "Asante", "Appiah", "Darko", "Amoah", "Ofori", "Sarpong", "Antwi"];

function classList(run: number): Buffer {
  const lines = ["Full Name,Email,Class"];
  for (let i = 0; i < ROWS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} R${run}N${i}`;
    const email = i % 10 < 3 ? `pupil${i}.run${run}@bench.test` : "";
    lines.push(`${name},${email},JHS ${1 + (i % 3)}`);
  }
  return Buffer.from(lines.join("\r\n") + "\r\n");
}

async function pgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) throw new Error("The benchmark only talks to a local PostgreSQL");
  const name = `adesua_bench_${randomBytes(4).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const pg = dbKind === "postgres" ? await pgDatabase() : null;
const server = await startServer({ SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(pg ? { DATABASE_URL: pg.url } : {}) });
const runs: { ms: number; created: number; loadAvg1: number }[] = [];
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  // One small import first, so the document worker and the database are warm (as on a running server).
  const warm = new FormData();
  warm.append("file", new Blob([Buffer.from("name,level\r\nWarm Up,jhs1\r\n")], { type: "text/csv" }), "warm.csv");
  await fetch(`${server.url}/api/users/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: warm });
  for (let run = 1; run <= RUNS; run++) {
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(classList(run))], { type: "text/csv" }), `class-list-${run}.csv`);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/users/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, ...(stream ? { accept: "application/x-ndjson" } : {}) },
      body: fd,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 201) throw new Error(`import answered ${res.status}: ${text.slice(0, 500)}`);
    const body = stream ? JSON.parse(text.trim().split("\n").at(-1)!) : JSON.parse(text);
    if (body.created !== ROWS) throw new Error(`expected ${ROWS} users, got ${JSON.stringify(body).slice(0, 300)}`);
    runs.push({ ms: Math.round(ms), created: body.created, loadAvg1: Number(os.loadavg()[0].toFixed(2)) });
    console.log(`run ${run}: ${ROWS} rows in ${Math.round(ms)} ms (load average ${os.loadavg()[0].toFixed(2)})`);
  }
} finally {
  await server.stop();
  await pg?.drop();
}
const sorted = [...runs].sort((a, b) => a.ms - b.ms);
const result = {
  benchmark: "users import",
  db: dbKind,
  rows: ROWS,
  streamed: stream,
  medianMs: sorted[Math.floor(sorted.length / 2)].ms,
  runs,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  node: process.version,
  date: new Date().toISOString(),
};
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results", `import-bench-${dbKind}.json`), JSON.stringify(result, null, 2) + "\n");
console.log(JSON.stringify(result, null, 2));
