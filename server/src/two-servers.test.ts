import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptAnswers, attempts, fileBlobs, submissions } from "./db/schema";
import { STORM_PASSWORD, createStormDatabase, seedStorm, seedUploaders, startServer, withDatabase, type ServerProc, type StormDb } from "../test/storm";
import { pdfBytes } from "../test/uploads";

/**
 * Several app servers on one PostgreSQL (issue 15): two real server processes on two ports, each
 * with its own DATA_DIR, against one database. Runs only when DATABASE_URL is set, which is CI's
 * PostgreSQL pass: with the embedded database one process owns the data, so there is no second server.
 */
const url = process.env.DATABASE_URL;
const N_OVERDUE = 300;

let db: StormDb;
const servers: ServerProc[] = [];
const dirs: string[] = [];

/** JSON (or raw bytes) from one server. */
async function req(s: ServerProc, method: string, p: string, opts: { token?: string; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`http://127.0.0.1:${s.port}${p}`, {
    method,
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  try {
    json = JSON.parse(bytes.toString());
  } catch {
    /* bytes */
  }
  return { status: res.status, json, bytes };
}

describe.runIf(url)("two servers on one PostgreSQL", () => {
  let a: ServerProc;
  let b: ServerProc;

  beforeAll(async () => {
    db = await createStormDatabase("postgres", url);
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-second-"));
    dirs.push(otherDir);
    // Both start at once on an empty database: migrations and the first seed run one at a time.
    const env = { OVERDUE_SWEEP_MS: "150", LOG_LEVEL: "info" };
    [a, b] = await Promise.all([startServer(db, env), startServer(db, { ...env, DATA_DIR: otherDir })]);
    servers.push(a, b);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    await db?.cleanup();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("serves a file uploaded through one server from the other, by the API and by signed link", async () => {
    const [teacherToken] = await withDatabase(db, (d) => seedUploaders(d, 1));
    const bytes = pdfBytes(700_000);
    const fd = new FormData();
    fd.set("title", "Shared course");
    fd.set("material", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "shared.pdf");
    const made = await req(a, "POST", "/api/courses", { token: teacherToken, form: fd });
    expect(made.status).toBe(201);
    const got = await req(b, "GET", `/api/courses/${made.json.id}/material`, { token: teacherToken });
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    // A link signed by one server opens on the other (the key is in the database).
    const link = await req(a, "GET", `/api/courses/${made.json.id}/material/link`, { token: teacherToken });
    const opened = await req(b, "GET", link.json.url);
    expect(opened.status).toBe(200);
    expect(opened.bytes.equals(bytes)).toBe(true);
    // The bytes are in the database, not on either server's disk.
    const [blob] = await withDatabase(db, (d) => d.select({ size: fileBlobs.size }).from(fileBlobs).where(eq(fileBlobs.size, bytes.length)));
    expect(blob).toBeTruthy();
  });

  it("accepts on one server a session made on the other, and ends it everywhere", async () => {
    const { students } = await withDatabase(db, (d) => seedStorm(d, { students: 1, questionCount: 1, timeLimitMinutes: null }));
    const login = await req(a, "POST", "/api/auth/login", { body: { email: students[0].email, password: STORM_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    expect((await req(b, "GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await req(b, "POST", "/api/auth/logout", { token, body: {} })).status).toBe(200);
    expect((await req(a, "GET", "/api/auth/me", { token })).status).toBe(401);
  });

  it("saves and submits on one server an attempt started on the other", async () => {
    const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: 1, questionCount: 3, timeLimitMinutes: 30 }));
    const token = students[0].token;
    const started = await req(a, "POST", `/api/quizzes/${quiz.quizId}/attempts`, { token, body: {} });
    expect(started.status).toBe(201);
    const attemptId = started.json.attemptId as number;
    for (const qid of quiz.questionIds) {
      const saved = await req(b, "PUT", `/api/attempts/${attemptId}/answers`, { token, body: { answers: [{ questionId: qid, answer: "A" }] } });
      expect(saved.status).toBe(200);
    }
    const done = await req(b, "POST", `/api/attempts/${attemptId}/submit`, { token, body: {} });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ correct: 3, total: 3 });
    // A retried submit through the first server (a phone whose answer was lost) gets the same result, not a second submission.
    const again = await req(a, "POST", `/api/attempts/${attemptId}/submit`, { token, body: {} });
    expect(again.status).toBe(200);
    expect(again.json.submission?.id).toBe(done.json.submission?.id);
    const stored = await withDatabase(db, (d) => d.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId)));
    expect(stored).toHaveLength(3);
    expect(await withDatabase(db, (d) => d.select().from(submissions).where(eq(submissions.attemptId, attemptId)))).toHaveLength(1);
  });

  it("submits every overdue attempt exactly once with the sweep running in both servers", async () => {
    const ids = await withDatabase(db, async (d) => {
      const { students, quiz } = await seedStorm(d, { students: N_OVERDUE, questionCount: 2, timeLimitMinutes: 30 });
      const past = new Date(Date.now() - 3600_000);
      const rows = await d
        .insert(attempts)
        .values(students.map((s) => ({ quizId: quiz.quizId, userId: s.id, attemptNumber: 1, startedAt: new Date(past.getTime() - 1800_000), deadline: past })))
        .returning({ id: attempts.id });
      return rows.map((r) => r.id);
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await withDatabase(db, (d) =>
        d
          .select({ n: sql<number>`count(*)::int` })
          .from(attempts)
          .where(and(inArray(attempts.id, ids), eq(attempts.status, "in_progress"))),
      );
      if (open[0].n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open[0].n} attempts still open after 60 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const perAttempt = await withDatabase(db, (d) =>
      d
        .select({ attemptId: submissions.attemptId, n: sql<number>`count(*)::int` })
        .from(submissions)
        .where(inArray(submissions.attemptId, ids))
        .groupBy(submissions.attemptId),
    );
    expect(perAttempt).toHaveLength(N_OVERDUE);
    expect(perAttempt.every((r) => r.n === 1)).toBe(true);
    // What each server says it submitted adds up to the number of attempts: none was done twice
    // (a second submit would have failed on the unique submission and been logged as an error).
    const submittedBy = servers.map((s) =>
      s.output
        .join("")
        .split("\n")
        .filter((l) => l.includes("overdue attempts submitted"))
        .reduce((sum, l) => sum + (JSON.parse(l) as { submitted: number }).submitted, 0),
    );
    expect(submittedBy[0] + submittedBy[1]).toBe(N_OVERDUE);
    for (const s of servers) expect(s.output.join("")).not.toContain("background job failed");
    console.log(`overdue sweep: server A submitted ${submittedBy[0]}, server B ${submittedBy[1]} of ${N_OVERDUE}`);
  }, 90_000);
});

describe.runIf(url)("WORKERS=2 (npm start's server processes on one port)", () => {
  let primary: ServerProc | null = null;
  let wdb: StormDb;
  beforeAll(async () => {
    wdb = await createStormDatabase("postgres", url);
  });
  afterAll(async () => {
    await primary?.kill().catch(() => {});
    await wdb?.cleanup();
  });

  // The primary's children that are server processes: tsx may also run an esbuild service as a child (seen once
  // on a loaded machine: three children), which is not a server process.
  const workerPids = (pid: number) => {
    try {
      return execFileSync("pgrep", ["-P", String(pid)])
        .toString()
        .trim()
        .split("\n")
        .filter(Boolean)
        .map(Number)
        .filter((child) => {
          try {
            return !fs.readFileSync(`/proc/${child}/cmdline`, "utf8").includes("esbuild");
          } catch {
            return false;
          }
        });
    } catch {
      return [];
    }
  };

  it("runs two processes on one port, replaces one that dies, and stops both gracefully", async () => {
    primary = await startServer(wdb, { WORKERS: "2" }, [], "cluster");
    expect(primary.output.join("")).toContain("(2 server processes; database: PostgreSQL)");
    const first = workerPids(primary.pid);
    expect(first).toHaveLength(2);
    const health = await fetch(`http://127.0.0.1:${primary.port}/api/health`);
    expect(health.status).toBe(200);

    process.kill(first[0], "SIGKILL");
    const until = Date.now() + 30_000;
    let now: number[] = [];
    while (Date.now() < until) {
      now = workerPids(primary.pid);
      if (now.length === 2 && !now.includes(first[0])) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(now).toHaveLength(2);
    expect(now).not.toContain(first[0]);
    expect(primary.output.join("")).toContain(`Server process ${first[0]} stopped (SIGKILL); starting another`);
    // Requests keep being answered (wait for the new one to listen).
    await new Promise((r) => setTimeout(r, 3000));
    for (let i = 0; i < 6; i++) expect((await fetch(`http://127.0.0.1:${primary.port}/api/health`)).status).toBe(200);

    await primary.stop();
    expect(primary.proc.exitCode).toBe(0);
    for (const pid of now) expect(() => process.kill(pid, 0)).toThrow();
    primary = null;
  }, 120_000);
});

describe("WORKERS with the embedded database", () => {
  it("is refused in one line: one process owns the embedded database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-workers-"));
    dirs.push(dir);
    let out = "";
    let code = 0;
    try {
      execFileSync(process.execPath, ["--import", "tsx", "server/src/cluster.ts"], {
        cwd: path.resolve(__dirname, "../.."),
        env: { ...process.env, WORKERS: "2", DATABASE_URL: "", DATA_DIR: dir },
        stdio: "pipe",
      });
    } catch (e) {
      const err = e as { status: number; stderr: Buffer };
      code = err.status;
      out = err.stderr.toString();
    }
    expect(code).toBe(1);
    expect(out.trim()).toBe(
      "Adesua could not start: WORKERS=2 needs DATABASE_URL: the embedded database belongs to one process (unset WORKERS, or use PostgreSQL)",
    );
  }, 30_000);
});
