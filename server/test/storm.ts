/**
 * The exam-storm harness, shared by bench/exam-storm.ts and src/crash-safety.test.ts: a fresh
 * database (PGlite folder or a new PostgreSQL database), N students with sessions and one quiz, the
 * real server as a child process, simulated students over keep-alive HTTP, and a check in the
 * database that everything the server acknowledged is there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { inArray } from "drizzle-orm";
import { migrateDatabase, openDatabase, type Database, type Db } from "../src/db/client";
import { attemptAnswers, attempts, courses, questions, quizzes, sessions, submissions, users } from "../src/db/schema";
import { hashPassword } from "../src/auth/passwords";
import { hashToken } from "../src/auth/sessions";
import { adminUrl } from "./pg-admin";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const STORM_PASSWORD = "storm-password-1";

export type StormDb = {
  kind: "pglite" | "postgres";
  dataDir: string;
  databaseUrl: string | null;
  /** Drops the database / removes the folder. */
  cleanup: () => Promise<void>;
};

/** A fresh empty database: a temp PGlite folder, or a new database on the PostgreSQL server at `pgUrl`. */
export async function createStormDatabase(kind: "pglite" | "postgres", pgUrl = "postgres://postgres@127.0.0.1:5432/postgres"): Promise<StormDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-storm-"));
  if (kind === "pglite") {
    return { kind, dataDir, databaseUrl: null, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `adesua_storm_${randomBytes(4).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: u.toString(),
    cleanup: async () => {
      const a = new pg.Client({ connectionString: adminUrl(pgUrl) });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the database in this process (for PGlite only while the server is not running), migrated. */
export async function withDatabase<T>(s: StormDb, fn: (db: Db, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: s.databaseUrl, pgliteDir: s.databaseUrl ? null : path.join(s.dataDir, "db"), poolSize: 4 });
  try {
    await migrateDatabase(database);
    return await fn(database.db, database);
  } finally {
    await database.close();
  }
}

export type StormStudent = { id: number; email: string; token: string };
export type StormQuiz = { quizId: number; questionIds: number[]; keys: Map<number, { key: string; options: string[] }> };

const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * N students (all with one password, so a login sample can be measured) and a live session each,
 * created directly so the storm does not spend minutes in argon2; one quiz of `questionCount`
 * questions whose correct answer is always option A.
 */
export async function seedStorm(
  db: Db,
  opts: { students: number; questionCount: number; timeLimitMinutes: number | null },
): Promise<{ students: StormStudent[]; quiz: StormQuiz }> {
  const passwordHash = await hashPassword(STORM_PASSWORD);
  const tag = randomBytes(3).toString("hex");
  const [teacher] = await db
    .insert(users)
    .values({ name: "Storm Teacher", email: `teacher.${tag}@storm.test`, role: "teacher", passwordHash })
    .returning();
  const [course] = await db.insert(courses).values({ title: "Storm Mathematics", teacherId: teacher.id }).returning();
  const [quiz] = await db
    .insert(quizzes)
    .values({
      title: "Storm Exam",
      courseId: course.id,
      teacherId: teacher.id,
      studentType: "jhs1",
      timeLimit: opts.timeLimitMinutes,
      maxAttempts: 1,
      questionsPerPage: 5,
    })
    .returning();
  const qrows = await db
    .insert(questions)
    .values(
      Array.from({ length: opts.questionCount }, (_, i) => {
        const options = [`${i}-right`, `${i}-wrong-1`, `${i}-wrong-2`, `${i}-wrong-3`];
        return { quizId: quiz.id, position: i, text: `Storm question ${i + 1}`, options, answer: options[0] };
      }),
    )
    .returning();
  const students: StormStudent[] = [];
  for (const part of chunks(
    Array.from({ length: opts.students }, (_, i) => i),
    500,
  )) {
    const rows = await db
      .insert(users)
      .values(part.map((i) => ({ name: `Storm Student ${i}`, email: `s${i}.${tag}@storm.test`, role: "student", studentType: "jhs1", passwordHash })))
      .returning({ id: users.id, email: users.email });
    const tokens = rows.map(() => randomBytes(32).toString("base64url"));
    const expiresAt = new Date(Date.now() + 12 * 3600_000);
    await db.insert(sessions).values(rows.map((r, k) => ({ tokenHash: hashToken(tokens[k]), userId: r.id, expiresAt })));
    rows.forEach((r, k) => students.push({ id: r.id, email: r.email!, token: tokens[k] }));
  }
  const sorted = qrows.sort((a, b) => a.position - b.position);
  return {
    students,
    quiz: { quizId: quiz.id, questionIds: sorted.map((q) => q.id), keys: new Map(sorted.map((q) => [q.id, { key: q.answer!, options: q.options }])) },
  };
}

/** `n` teachers with live sessions, for the uploaders beside the storm (`--uploaders`). */
export async function seedUploaders(db: Db, n: number): Promise<string[]> {
  if (n === 0) return [];
  const tag = randomBytes(3).toString("hex");
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({ name: `Uploading Teacher ${i}`, email: `u${i}.${tag}@storm.test`, role: "teacher" as const, passwordHash: null })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  const expiresAt = new Date(Date.now() + 12 * 3600_000);
  await db.insert(sessions).values(rows.map((r, k) => ({ tokenHash: hashToken(tokens[k]), userId: r.id, expiresAt })));
  return tokens;
}

export type ServerProc = {
  port: number;
  pid: number;
  proc: ChildProcess;
  output: string[];
  /** SIGTERM and wait for exit. */
  stop: () => Promise<void>;
  /** SIGKILL and wait for exit: a crash. */
  kill: () => Promise<void>;
  /** CPU seconds (user + system) used so far by the server and its child processes, from /proc. */
  cpuSeconds: () => number | null;
  /** CPU seconds of the request thread (the main thread) alone; the rest is the database thread, GC and libuv. */
  mainThreadCpuSeconds: () => number | null;
  /** CPU seconds of each of the server process's threads so far, by thread id (the main thread's id is `pid`). */
  threadCpuSeconds: () => Map<number, number>;
};

/** A /proc `stat` file's parent pid and CPU seconds (user + system; USER_HZ 100 on Linux); null when it is gone. */
export function procStat(file: string): { ppid: number; cpuSeconds: number } | null {
  try {
    const f = fs.readFileSync(file, "utf8");
    const rest = f.slice(f.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(rest[1]), cpuSeconds: (Number(rest[11]) + Number(rest[12])) / 100 };
  } catch {
    return null;
  }
}

/** `--server-env KEY=VALUE` options (repeatable) as an environment. */
export function serverEnvOf(list: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    list.map((kv) => {
      const at = kv.indexOf("=");
      if (at < 1) throw new Error(`--server-env takes KEY=VALUE, got ${kv}`);
      return [kv.slice(0, at), kv.slice(at + 1)];
    }),
  );
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
  });
}

/**
 * How the server is started: `main` as `node --import tsx server/src/main.ts`; `npm-start` exactly as
 * `npm start` does (`node scripts/start.mjs`, which builds the web app first when it is missing or stale);
 * `cluster` as `npm start` without the build check (`server/src/cluster.ts`: WORKERS=N server processes).
 */
export type ServerEntry = "main" | "npm-start" | "cluster";

/**
 * Starts the real server on a free port of 127.0.0.1, as its own process. `prefix`: a command that runs node for it
 * and `exec`s it (the school box's cgroup, bench/box-cgroup.ts), so the pid is still the server's.
 */
export async function startServer(
  s: StormDb,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  entry: ServerEntry = "main",
  prefix: string[] = [],
): Promise<ServerProc> {
  const script = entry === "npm-start" ? ["scripts/start.mjs"] : ["--import", "tsx", entry === "cluster" ? "server/src/cluster.ts" : "server/src/main.ts"];
  const command = prefix.length ? [...prefix, process.execPath] : [process.execPath];
  const proc = spawn(command[0]!, [...command.slice(1), ...nodeArgs, ...script], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: s.dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: s.databaseUrl ?? "",
      NODE_ENV: "development",
      // Load runs may sign thousands of students up from this one machine (decision 041).
      SIGNUP_PER_HOUR: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    // `npm start` may build the web app first.
    const limit = entry === "npm-start" ? 600_000 : 60_000;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${limit / 1000} s:\n${output.join("")}`)), limit);
    const onData = (b: Buffer) => {
      const text = b.toString();
      output.push(text);
      if (output.length > 2000) output.splice(0, 1000);
      const m = /running on http:\/\/localhost:(\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? sig}) before listening:\n${output.join("")}`));
    });
  });
  const pid = proc.pid!;
  return {
    port,
    pid,
    proc,
    output,
    stop: async () => {
      proc.kill("SIGTERM");
      await exited(proc);
    },
    kill: async () => {
      proc.kill("SIGKILL");
      await exited(proc);
    },
    cpuSeconds: () => {
      // The process and its children (WORKERS: the server processes under the primary).
      const own = procStat(`/proc/${pid}/stat`);
      if (!own) return null;
      let total = own.cpuSeconds;
      for (const p of fs.readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
        const child = procStat(`/proc/${p}/stat`);
        if (child?.ppid === pid) total += child.cpuSeconds;
      }
      return total;
    },
    mainThreadCpuSeconds: () => procStat(`/proc/${pid}/task/${pid}/stat`)?.cpuSeconds ?? null,
    threadCpuSeconds: () => {
      const out = new Map<number, number>();
      for (const t of fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`) : []) {
        const st = procStat(`/proc/${pid}/task/${t}/stat`);
        if (st) out.set(Number(t), st.cpuSeconds);
      }
      return out;
    },
  };
}

export type HttpResult = { status: number; body: any };

/**
 * A keep-alive HTTP client standing for the students' browsers (node:http is cheaper on the shared cores than fetch).
 * Its connections are taken in turn (fifo), each kept while used at least every 4 s (under the server's 5 s keep-alive):
 * like thousands of phones, each holding its own connection, they stay spread over a cluster's server processes,
 * which are given connections in turn. Reusing the most recent first (the agent's default) sent the whole exam,
 * after the start burst, down the few connections one process happened to hold (issue 30: one of two processes idle
 * from t+13 s to t+62 s).
 */
export class StormHttp {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 8192, keepAliveMsecs: 10_000, scheduling: "fifo", timeout: 4000 });
  constructor(public port: number) {}

  request(method: string, urlPath: string, token: string | null, body?: unknown, timeoutMs = 30_000): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          host: "127.0.0.1",
          port: this.port,
          method,
          path: urlPath,
          agent: this.agent,
          headers: {
            // Like a browser: the server may answer compressed (COMPRESS_API), which is part of what the storm measures.
            "accept-encoding": "br, gzip",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(data ? { "content-type": "application/json", "content-length": String(data.length) } : {}),
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(parts);
            const enc = res.headers["content-encoding"];
            const text = (enc === "br" ? zlib.brotliDecompressSync(raw) : enc === "gzip" ? zlib.gunzipSync(raw) : raw).toString();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on("error", reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(data);
    });
  }

  close() {
    this.agent.destroy();
  }
}

export type StepName = "login" | "start" | "save" | "submit" | "probe" | "upload" | "ocr";
export type StepStats = {
  count: number;
  ok: number;
  errors: number;
  retries: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  errorSamples: string[];
};

/** Adds a latency to its bucket. */
function addTo(buckets: Map<number, number[]>, bucket: number, ms: number) {
  const x = buckets.get(bucket);
  if (x) x.push(ms);
  else buckets.set(bucket, [ms]);
}

/** [bucket, count, p50, p99] of each bucket's latencies, in bucket order. */
function bucketRows(buckets: [number, number[]][]): [number, number, number, number][] {
  return buckets
    .sort((a, b) => a[0] - b[0])
    .map(([sec, l]) => {
      const s = [...l].sort((a, b) => a - b);
      const q = (p: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]);
      return [sec, s.length, q(0.5), q(0.99)];
    });
}

export class StepRecorder {
  private readonly t0 = Date.now();
  /** Per 5-second bucket of the storm: save latencies, to see where a tail comes from. */
  private buckets = new Map<number, number[]>();
  /** Per second a start or submit was sent: its latency, to see which second of a burst a tail comes from. */
  private bursts = { start: new Map<number, number[]>(), submit: new Map<number, number[]>() };
  private lat = new Map<StepName, number[]>();
  private err = new Map<StepName, number>();
  private retries = new Map<StepName, number>();
  private samples = new Map<StepName, string[]>();

  ok(step: StepName, ms: number) {
    const l = this.lat.get(step) ?? [];
    l.push(ms);
    this.lat.set(step, l);
    if (step === "start" || step === "submit") addTo(this.bursts[step], Math.floor((Date.now() - ms - this.t0) / 1000), ms);
    if (step === "save") addTo(this.buckets, Math.floor((Date.now() - this.t0) / 5000) * 5, ms);
  }
  /** Save latency by 5-second bucket: [second, count, p50, p99]. */
  timeline(): [number, number, number, number][] {
    return bucketRows([...this.buckets.entries()]);
  }
  /** Start or submit latency by the second it was sent: [second, count, p50, p99]. */
  burstTimeline(step: "start" | "submit"): [number, number, number, number][] {
    return bucketRows([...this.bursts[step].entries()]);
  }
  error(step: StepName, what: string) {
    this.err.set(step, (this.err.get(step) ?? 0) + 1);
    const s = this.samples.get(step) ?? [];
    if (s.length < 5) s.push(what);
    this.samples.set(step, s);
  }
  retry(step: StepName) {
    this.retries.set(step, (this.retries.get(step) ?? 0) + 1);
  }
  stats(): Record<string, StepStats> {
    const out: Record<string, StepStats> = {};
    const steps = new Set<StepName>([...this.lat.keys(), ...this.err.keys()]);
    for (const step of steps) {
      const l = [...(this.lat.get(step) ?? [])].sort((a, b) => a - b);
      const q = (p: number) => (l.length ? Math.round(l[Math.min(l.length - 1, Math.ceil(p * l.length) - 1)] * 10) / 10 : null);
      const errors = this.err.get(step) ?? 0;
      out[step] = {
        count: l.length + errors,
        ok: l.length,
        errors,
        retries: this.retries.get(step) ?? 0,
        p50: q(0.5),
        p95: q(0.95),
        p99: q(0.99),
        max: l.length ? Math.round(l[l.length - 1] * 10) / 10 : null,
        errorSamples: this.samples.get(step) ?? [],
      };
    }
    return out;
  }
}

/**
 * A health probe every `everyMs` while a storm runs: how long the server takes to answer anything at all (event loop and
 * CPU starvation), recorded as the "probe" step. Errors are not counted here (the storm's own errors are). Stop it with
 * clearInterval.
 */
export function startHealthProbe(client: StormHttp, recorder: StepRecorder, everyMs = 200): ReturnType<typeof setInterval> {
  return setInterval(async () => {
    const t = performance.now();
    try {
      const r = await client.request("GET", "/api/health", null);
      if (r.status === 200) recorder.ok("probe", performance.now() - t);
    } catch {
      /* down during a crash, or counted by the storm's own errors */
    }
  }, everyMs);
}

export type StormOptions = {
  students: StormStudent[];
  quiz: StormQuiz;
  /** The whole exam, ms: starts in the first `startSpreadMs`, submits in the last `submitSpreadMs`. */
  windowMs: number;
  startSpreadMs: number;
  submitSpreadMs: number;
  /** Browser behaviour: on a network error or a 5xx, try again until the server confirms. */
  retry: boolean;
  /** Where the server is now (it changes when it is restarted). */
  http: () => StormHttp;
  recorder: StepRecorder;
};

/** What the students saw acknowledged, to be checked against the database afterwards. */
export type StormLedger = {
  attemptOf: Map<number, number>;
  /** attemptId → questionId → acknowledged answer. */
  acked: Map<number, Map<number, string>>;
  /** attemptId → the submit result's `correct`. */
  submitted: Map<number, { correct: number; total: number; submissionId: number | null }>;
  gaveUp: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const LETTERS = ["A", "B", "C", "D"];

/** Runs the storm: every student starts, saves each answer as its own request, and submits. */
export async function runStorm(o: StormOptions): Promise<StormLedger> {
  const ledger: StormLedger = { attemptOf: new Map(), acked: new Map(), submitted: new Map(), gaveUp: 0 };
  const t0 = Date.now();
  const giveUpAt = t0 + o.windowMs + 60_000;

  async function call(step: StepName, method: string, url: string, token: string, body: unknown): Promise<HttpResult | null> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      try {
        const r = await o.http().request(method, url, token, body);
        const ms = performance.now() - started;
        if (r.status >= 200 && r.status < 300) {
          o.recorder.ok(step, ms);
          return r;
        }
        o.recorder.error(step, `${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
        if (!o.retry || r.status < 500) return r;
      } catch (e) {
        o.recorder.error(step, (e as Error).message.slice(0, 120));
        if (!o.retry) return null;
      }
      if (Date.now() > giveUpAt) {
        ledger.gaveUp++;
        return null;
      }
      o.recorder.retry(step);
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)) + randomInt(100));
    }
  }

  async function student(st: StormStudent) {
    await sleep(t0 + randomInt(o.startSpreadMs) - Date.now());
    const started = await call("start", "POST", `/api/quizzes/${o.quiz.quizId}/attempts`, st.token, {});
    if (!started || started.status >= 300) return;
    const attemptId = started.body.attemptId as number;
    ledger.attemptOf.set(st.id, attemptId);
    const acked = new Map<number, string>();
    ledger.acked.set(attemptId, acked);
    const order = [...o.quiz.questionIds].sort(() => Math.random() - 0.5);
    const savesEnd = t0 + o.windowMs - o.submitSpreadMs - 500;
    for (let k = 0; k < order.length; k++) {
      // Spread the remaining answers over the remaining time, with random think time.
      const gap = (savesEnd - Date.now()) / (order.length - k);
      await sleep(gap * (0.3 + Math.random() * 1.4));
      const qid = order[k];
      const pick = randomInt(4);
      // Half the students answer by letter, half by the option's text.
      const answer = st.id % 2 ? LETTERS[pick] : o.quiz.keys.get(qid)!.options[pick];
      const r = await call("save", "PUT", `/api/attempts/${attemptId}/answers`, st.token, { answers: [{ questionId: qid, answer }] });
      if (r && r.status === 200) acked.set(qid, answer);
    }
    await sleep(t0 + o.windowMs - o.submitSpreadMs + randomInt(o.submitSpreadMs) - Date.now());
    const done = await call("submit", "POST", `/api/attempts/${attemptId}/submit`, st.token, {});
    if (done && done.status === 200)
      ledger.submitted.set(attemptId, { correct: done.body.correct, total: done.body.total, submissionId: done.body.submission?.id ?? null });
  }

  await Promise.all(o.students.map(student));
  return ledger;
}

export type Verification = {
  attempts: number;
  ackedAnswers: number;
  lostAnswers: number;
  changedAnswers: number;
  /** Stored although the student never got the acknowledgement (the request timed out or failed after the save): not a loss. */
  unacknowledgedButStored: number;
  ackedSubmissions: number;
  missingSubmissions: number;
  scoreMismatches: number;
  openAttempts: number;
  problems: string[];
};

/** Checks in the database that every acknowledged answer and every acknowledged submission is there. */
export async function verifyStorm(db: Db, ledger: StormLedger, quiz: StormQuiz): Promise<Verification> {
  const ids = [...ledger.acked.keys()];
  const problems: string[] = [];
  let lost = 0;
  let changed = 0;
  let missing = 0;
  let mismatched = 0;
  let open = 0;
  const stored = new Map<string, string>();
  const storedByAttempt = new Map<number, Map<number, string>>();
  const subs = new Map<number, { correct: number }>();
  for (const part of chunks(ids, 500)) {
    const rows = await db
      .select({ a: attemptAnswers.attemptId, q: attemptAnswers.questionId, answer: attemptAnswers.answer })
      .from(attemptAnswers)
      .where(inArray(attemptAnswers.attemptId, part));
    for (const r of rows) {
      stored.set(`${r.a}:${r.q}`, r.answer);
      const m = storedByAttempt.get(r.a) ?? new Map<number, string>();
      m.set(r.q, r.answer);
      storedByAttempt.set(r.a, m);
    }
    const srows = await db.select({ a: submissions.attemptId, correct: submissions.correct }).from(submissions).where(inArray(submissions.attemptId, part));
    for (const s of srows) subs.set(s.a!, { correct: s.correct });
    const arows = await db.select({ id: attempts.id, status: attempts.status }).from(attempts).where(inArray(attempts.id, part));
    open += arows.filter((a) => a.status !== "submitted").length;
  }
  let ackedAnswers = 0;
  let unacked = 0;
  const isRight = (qid: number, answer: string) => answer === "A" || answer === quiz.keys.get(qid)!.key;
  for (const [attemptId, answers] of ledger.acked) {
    // The submission must grade exactly what is stored (which includes every acknowledged answer).
    let expectCorrect = 0;
    for (const [qid, answer] of storedByAttempt.get(attemptId) ?? []) {
      if (isRight(qid, answer)) expectCorrect++;
      if (!answers.has(qid)) unacked++;
    }
    for (const [qid, answer] of answers) {
      ackedAnswers++;
      const got = stored.get(`${attemptId}:${qid}`);
      if (got === undefined) {
        lost++;
        if (problems.length < 10) problems.push(`lost: attempt ${attemptId} question ${qid}`);
      } else if (got !== answer) {
        changed++;
        if (problems.length < 10) problems.push(`changed: attempt ${attemptId} question ${qid}: ${answer} → ${got}`);
      }
    }
    const sub = ledger.submitted.get(attemptId);
    if (!sub) continue;
    const row = subs.get(attemptId);
    if (!row) {
      missing++;
      if (problems.length < 10) problems.push(`missing submission: attempt ${attemptId}`);
    } else if (row.correct !== expectCorrect || sub.correct !== expectCorrect) {
      mismatched++;
      if (problems.length < 10)
        problems.push(`score: attempt ${attemptId} stored ${row.correct}, answered ${sub.correct}, stored answers give ${expectCorrect}`);
    }
  }
  return {
    attempts: ids.length,
    ackedAnswers,
    lostAnswers: lost,
    changedAnswers: changed,
    unacknowledgedButStored: unacked,
    ackedSubmissions: ledger.submitted.size,
    missingSubmissions: missing,
    scoreMismatches: mismatched,
    openAttempts: open,
    problems,
  };
}
