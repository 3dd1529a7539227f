/**
 * Browse benchmark (issue 15): a school's students browsing, open loop. 1,000 signed-in students
 * (spread over JHS 1–3) send a steady 300 requests a second between them, whatever the server's answer
 * time, across the four pages a student opens most: the quiz list, the course list, a quiz's detail and
 * the home summary. Latency counts from the moment a request was due, so a server that falls behind is
 * charged for the queue (no coordinated omission).
 *
 *   npm run bench:browse -- --db pglite|postgres [--rate 300] [--students 1000] [--duration 30] [--warmup 5]
 *     [--entry npm-start|main] [--server-env WORKERS=2] [--tag run1] [--pg-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The server is its own process, started as `npm start` starts it, on a fresh DATA_DIR (PGlite) or a
 * throw-away PostgreSQL database (`adesua_storm_*`, dropped afterwards); this process only sends HTTP.
 * Data: list-data.ts (500 courses, 10,000 quizzes, 100,000 questions). Target: p99 < 50 ms.
 * Writes bench/results/browse-bench-<db>[-tag].json. Traffic only to 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { hashToken } from "../server/src/auth/sessions";
import { REPO_ROOT, StormHttp, createStormDatabase, startServer, withDatabase, type ServerEntry } from "../server/test/storm";
import { fillLists } from "./list-data";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    rate: { type: "string", default: "300" },
    students: { type: "string", default: "1000" },
    duration: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
    entry: { type: "string", default: "npm-start" },
    "server-env": { type: "string", multiple: true, default: [] },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    tag: { type: "string" },
  },
});
const kind = args.db === "postgres" || args.db === "pglite" ? args.db : (() => { throw new Error("--db must be pglite or postgres"); })(); // prettier-ignore
const RATE = Number(args.rate);
const STUDENTS = Number(args.students);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const TARGET_P99 = 50;
const entry = args.entry as ServerEntry;
if (entry !== "npm-start" && entry !== "main") throw new Error("--entry must be npm-start or main");
const serverEnv = Object.fromEntries((args["server-env"] ?? []).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));

const PAGES = ["quiz list", "course list", "quiz detail", "home summary"] as const;
type Page = (typeof PAGES)[number];
type Student = { token: string; level: string };

const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const quantile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] * 10) / 10 : null;

/** Sessions for every student, made directly (no argon2 for 1,000 sign-ins), and each level's quiz ids. */
async function seed(db: Parameters<Parameters<typeof withDatabase>[1]>[0]) {
  await fillLists(db, STUDENTS);
  const rows = (await db.execute<{ id: number; level: string }>(sql`select id, student_type as level from users where role = 'student' order by id`)).rows;
  const students: Student[] = [];
  const expiresAt = new Date(Date.now() + 12 * 3600_000).toISOString();
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500).map((r) => ({ ...r, token: randomBytes(32).toString("base64url") }));
    await db.execute(
      sql`insert into sessions (token_hash, user_id, expires_at) values ${sql.join(
        part.map((p) => sql`(${hashToken(p.token)}, ${p.id}, ${expiresAt}::timestamptz)`),
        sql`, `,
      )}`,
    );
    for (const p of part) students.push({ token: p.token, level: p.level });
  }
  const quizIds: Record<string, number[]> = {};
  for (const r of (await db.execute<{ id: number; level: string }>(sql`select id, student_type as level from quizzes`)).rows)
    (quizIds[r.level] ??= []).push(r.id);
  return { students, quizIds };
}

function pathFor(page: Page, s: Student, quizIds: Record<string, number[]>): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  switch (page) {
    case "quiz list":
      return `/api/quizzes?page=${pick([1, 1, 1, 2, 3])}&limit=12`;
    case "course list":
      return `/api/courses?page=${pick([1, 1, 2])}&limit=12`;
    case "quiz detail":
      return `/api/quizzes/${pick(quizIds[s.level])}`;
    case "home summary":
      return "/api/students/me/summary";
  }
}

async function main() {
  log(`browse: ${STUDENTS} students, ${RATE} requests/s open loop, ${DURATION_S} s (+${WARMUP_S} s warm-up), ${kind}`);
  const db = await createStormDatabase(kind, args["pg-url"]);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const { students, quizIds } = await withDatabase(db, (d) => seed(d));
    log(`seeded ${students.length} students`);
    server = await startServer(db, serverEnv, [], entry);
    log(
      `server: ${
        server.output
          .join("")
          .split("\n")
          .find((l) => l.includes("running on")) ?? "started"
      } (${entry})`,
    );
    const client = new StormHttp(server.port);
    const lat: Record<Page, number[]> = { "quiz list": [], "course list": [], "quiz detail": [], "home summary": [] };
    const errors: string[] = [];
    let errorCount = 0;
    let sent = 0;
    let measuring = false;
    const inFlight = new Set<Promise<void>>();
    let maxInFlight = 0;

    const fire = (due: number) => {
      const s = students[Math.floor(Math.random() * students.length)];
      const page = PAGES[sent++ % PAGES.length];
      const counted = measuring;
      const p = client
        .request("GET", pathFor(page, s, quizIds), s.token, undefined, 10_000)
        .then(
          (r) => {
            if (!counted) return;
            if (r.status === 200) lat[page].push(performance.now() - due);
            else {
              errorCount++;
              if (errors.length < 5) errors.push(`${page}: ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
            }
          },
          (e: Error) => {
            if (!counted) return;
            errorCount++;
            if (errors.length < 5) errors.push(`${page}: ${e.message}`);
          },
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (counted) maxInFlight = Math.max(maxInFlight, inFlight.size);
    };

    /** Sends at exactly `RATE` per second for `seconds`, on a schedule that does not wait for answers. */
    const drive = async (seconds: number) => {
      const start = performance.now();
      const interval = 1000 / RATE;
      let k = 0;
      while (k < seconds * RATE) {
        const now = performance.now();
        // Everything due by now goes out now (a late timer sends the backlog, stamped with when it was due).
        while (k < seconds * RATE && start + k * interval <= now) fire(start + k++ * interval);
        await new Promise((r) => setTimeout(r, Math.max(0, start + k * interval - performance.now())));
      }
    };

    await drive(WARMUP_S);
    const cpu0 = server.cpuSeconds();
    const load0 = os.loadavg()[0];
    measuring = true;
    const t0 = performance.now();
    await drive(DURATION_S);
    measuring = false;
    await Promise.all(inFlight);
    const elapsed = (performance.now() - t0) / 1000;
    const serverCpu = (server.cpuSeconds() ?? 0) - (cpu0 ?? 0);
    client.close();

    const all = Object.values(lat)
      .flat()
      .sort((a, b) => a - b);
    const byPage = Object.fromEntries(
      PAGES.map((p) => {
        const l = [...lat[p]].sort((a, b) => a - b);
        return [p, { count: l.length, p50: quantile(l, 0.5), p90: quantile(l, 0.9), p99: quantile(l, 0.99), max: quantile(l, 1) }];
      }),
    );
    const overall = { count: all.length, p50: quantile(all, 0.5), p90: quantile(all, 0.9), p99: quantile(all, 0.99), max: quantile(all, 1) };
    const result = {
      benchmark: "browse",
      database: kind,
      entry,
      serverEnv,
      students: STUDENTS,
      ratePerSecond: RATE,
      achievedPerSecond: Math.round((all.length + errorCount) / elapsed),
      durationSeconds: DURATION_S,
      overall,
      byPage,
      errors: errorCount,
      errorSamples: errors,
      maxInFlight,
      serverCpuMsPerRequest: Math.round((serverCpu * 1000 * 100) / Math.max(1, all.length)) / 100,
      targets: { p99: TARGET_P99, met: errorCount === 0 && (overall.p99 ?? Infinity) < TARGET_P99 },
      loadAverage: { before: Math.round(load0 * 100) / 100, after: os.loadavg().map((x) => Math.round(x * 100) / 100) },
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "", node: process.version },
      at: new Date().toISOString(),
    };
    const dir = path.join(REPO_ROOT, "bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `browse-bench-${kind}${args.tag ? `-${args.tag}` : ""}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
    console.log(`\npage           count    p50     p90     p99     max (ms)`);
    for (const [p, s] of [...Object.entries(byPage), ["all", overall] as const])
      console.log(
        `${p.padEnd(13)} ${String(s.count).padStart(6)} ${String(s.p50).padStart(6)} ${String(s.p90).padStart(7)} ${String(s.p99).padStart(7)} ${String(s.max).padStart(7)}`,
      );
    console.log(
      `errors ${errorCount}${errors.length ? ` (e.g. ${errors.join(" | ")})` : ""}; ${result.achievedPerSecond} req/s sent; at most ${maxInFlight} in flight`,
    );
    console.log(
      `server CPU ${result.serverCpuMsPerRequest} ms per request; load average ${result.loadAverage.before} before, ${result.loadAverage.after.join(" ")} after`,
    );
    console.log(`target (p99 < ${TARGET_P99} ms, no errors): ${result.targets.met ? "MET" : "NOT MET"}`);
    console.log(`written ${path.relative(REPO_ROOT, file)}`);
  } finally {
    if (server) await server.stop().catch(() => {});
    await db.cleanup().catch((e) => console.error("cleanup failed:", (e as Error).message));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
