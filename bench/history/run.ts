/**
 * The 100,000-submission school benchmark (issues 12 and 14): fills a database with bench/history/seed.ts
 * (once: a reused database keeps its history), starts the app as its own process on it, and loads each
 * scenario of bench/history/scenarios/ with bench/history/load.ts (another process) at 10 connections.
 *
 *   npm run bench:history -- [--db postgres|pglite] [--reuse NAME|DIR] [--keep] [--duration 10] [--connections 10] [--only regex]
 *
 * PostgreSQL: a database adesua_history_<random> on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards unless --keep or --reuse (then reused next time: --reuse adesua_history_ab12cd34). A new database
 * is copied from --template (default adesua_history_template) when that exists, which skips the 1–2 minute fill:
 * make one with `--keep` and rename it (`alter database adesua_history_ab12cd34 rename to adesua_history_template`).
 * PGlite: a data folder under the system temp (kept with --keep; --reuse DIR reuses one).
 * Prints a table and writes bench/results/history-<db>.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase, type Database } from "../../server/src/db/client";
import { historyContext, isSeeded, seedHistory, type HistoryContext } from "./seed";
import type { HistoryScenario } from "./scenario";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    reuse: { type: "string" },
    keep: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    // PostgreSQL: a new database is copied from this one when it exists (an already filled history, migrated on top).
    template: { type: "string", default: "adesua_history_template" },
  },
});
const dbKind = args.db as "postgres" | "pglite";
if (dbKind !== "postgres" && dbKind !== "pglite") throw new Error("--db must be postgres or pglite");
const log = (m: string) => console.log(m);

type Target = { env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void>; label: string };

async function target(): Promise<Target> {
  if (dbKind === "pglite") {
    const dataDir = args.reuse ? path.resolve(args.reuse) : fs.mkdtempSync(path.join(os.tmpdir(), "adesua-history-"));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, "db") }),
      drop: async () => {
        if (!args.keep && !args.reuse) fs.rmSync(dataDir, { recursive: true, force: true });
      },
      label: dataDir,
    };
  }
  const base = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) throw new Error("The benchmark only talks to a local PostgreSQL");
  const name = args.reuse ?? `adesua_history_${randomBytes(4).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
  if (!exists) {
    const template = (await admin.query("select 1 from pg_database where datname = $1", [args.template])).rowCount;
    await admin.query(`create database "${name}"${template ? ` template "${args.template}"` : ""}`);
    if (template) log(`Copied the filled history from ${args.template}`);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), pgliteDir: null }),
    drop: async () => {
      if (!args.keep && !args.reuse) await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
    label: name,
  };
}

async function loadScenarios(): Promise<HistoryScenario[]> {
  const dir = path.join(here, "scenarios");
  const out: HistoryScenario[] = [];
  for (const f of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const mod = (await import(path.join(dir, f))) as { default: HistoryScenario | HistoryScenario[] };
    out.push(...(Array.isArray(mod.default) ? mod.default : [mod.default]));
  }
  return out.filter((s) => !args.only || new RegExp(args.only, "i").test(s.name));
}

function startApp(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/src/main.ts")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", LOG_LEVEL: "warn", BACKUP_EVERY_HOURS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("Adesua is running")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`the app exited with ${code}`)));
  });
}

type LoadResult = {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  avgBytes: number;
};

function load(url: string, token: string, connections: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "load.ts"), url, token, String(connections), String(seconds)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`))));
  });
}

async function main() {
  const t = await target();
  log(
    `History benchmark on ${dbKind} (${t.label}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  let ctx: HistoryContext;
  {
    const database = await t.open();
    await migrateDatabase(database);
    if (!(await isSeeded(database))) {
      log("Filling the school history (once per database)…");
      const t0 = performance.now();
      await seedHistory(database, log);
      log(`  total: ${Math.round((performance.now() - t0) / 1000)} s`);
    }
    ctx = await historyContext(database);
    await database.close();
  }
  log(
    `Rows: ${Object.entries(ctx.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
      .join(", ")}`,
  );
  const port = 20000 + Math.floor(Math.random() * 20000);
  const app = await startApp(t.env, port);
  const rows: (LoadResult & { scenario: string; path: string; loadAvg: number; missed: boolean })[] = [];
  try {
    for (const s of await loadScenarios()) {
      const p = s.path(ctx);
      const url = `http://127.0.0.1:${port}${p}`;
      await load(url, ctx.tokens[s.role], Number(args.connections), 2); // warm-up
      const r = await load(url, ctx.tokens[s.role], Number(args.connections), Number(args.duration));
      const bad = Object.entries(r.statuses).filter(([code]) => !code.startsWith("2"));
      const missed = (s.targetP95 !== undefined && r.p95 >= s.targetP95) || bad.length > 0 || r.errors > 0;
      rows.push({ scenario: s.name, path: p, ...r, loadAvg: Math.round(os.loadavg()[0] * 10) / 10, missed });
      log(
        `${missed ? "✗" : "✓"} ${s.name.padEnd(40)} p50 ${String(r.p50).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  ${String(r.reqPerSec).padStart(5)} req/s` +
          `${s.targetP95 ? `  (target p95 < ${s.targetP95})` : ""}${bad.length ? `  statuses ${JSON.stringify(r.statuses)}` : ""}`,
      );
    }
  } finally {
    app.kill("SIGTERM");
    await new Promise((r) => app.once("exit", r));
    await t.drop();
  }
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const out = path.join(root, `bench/results/history-${dbKind}.json`);
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), db: dbKind, counts: ctx.counts, connections: Number(args.connections), rows }, null, 2));
  log(`Wrote ${path.relative(root, out)}`);
  if (rows.some((r) => r.missed)) process.exitCode = 1;
}

await main();
