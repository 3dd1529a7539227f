/**
 * The assessment benchmark's HTTP side (issue 28): timing a GET over the real API (whole body read), printing a
 * level's report cards through print jobs with their progress, and what else the machine did meanwhile.
 */
import fs from "node:fs";
import os from "node:os";

const TICK = 100; // USER_HZ

/** The machine's busy CPU seconds (all cores), from /proc/stat. */
function machineBusySeconds(): number {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].split(/\s+/).slice(1).map(Number);
  return (line.reduce((a, b) => a + b, 0) - line[3] - line[4]) / TICK;
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
export const loadavg = () => os.loadavg().map((x) => round(x, 2));

/**
 * Watches a stretch of time: the load average at its start and end, and the cores other processes used meanwhile
 * (the machine's busy time less the server's and this process's).
 */
export function watchMachine(serverCpu: () => number | null) {
  const load = loadavg();
  const t = performance.now();
  const busy = machineBusySeconds();
  const server = serverCpu() ?? 0;
  const self = process.cpuUsage();
  return () => {
    const secs = (performance.now() - t) / 1000;
    const u = process.cpuUsage(self);
    const serverUsed = (serverCpu() ?? server) - server;
    const other = machineBusySeconds() - busy - serverUsed - (u.user + u.system) / 1e6;
    return {
      loadBefore: load,
      loadAfter: loadavg(),
      seconds: round(secs),
      serverCores: round(serverUsed / Math.max(secs, 0.01), 2),
      otherCores: round(Math.max(0, other) / Math.max(secs, 0.01), 2),
    };
  };
}

export type Timed = { ms: number; status: number; bytes: number; type: string; body: Buffer };

export async function timedGet(port: number, token: string, path: string): Promise<Timed> {
  const t = performance.now();
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, br" } });
  const body = Buffer.from(await r.arrayBuffer());
  return { ms: performance.now() - t, status: r.status, bytes: body.length, type: r.headers.get("content-type") ?? "", body };
}

export function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]) : null);
  return { runs: s.length, median: q(0.5), p95: q(0.95), min: s.length ? round(s[0]) : null, max: s.length ? round(s[s.length - 1]) : null };
}

/**
 * Times `path` `runs` times after one warm-up (each request alone). `check` names what is wrong with an answer
 * (null: right); a refusal or a wrong answer stops the series and is reported.
 */
export async function measureGet(port: number, token: string, path: string, runs: number, check: (t: Timed) => string | null, serverCpu: () => number | null) {
  const first = await timedGet(port, token, path);
  const problem = first.status !== 200 ? `${first.status} ${first.body.toString().slice(0, 200)}` : check(first);
  if (problem) return { path, ok: false as const, problem, firstMs: round(first.ms) };
  const done = watchMachine(serverCpu);
  const ms: number[] = [];
  let bytes = first.bytes;
  for (let i = 0; i < runs; i++) {
    const r = await timedGet(port, token, path);
    const p = r.status !== 200 ? `${r.status}` : check(r);
    if (p) return { path, ok: false as const, problem: `run ${i + 1}: ${p}`, firstMs: round(first.ms) };
    ms.push(r.ms);
    bytes = r.bytes;
  }
  return { path, ok: true as const, firstMs: round(first.ms), ...stats(ms), bytes, type: first.type, machine: done() };
}

/** Pages of a PDF written by pdfkit (its page objects are plain dictionaries). */
export const pdfPages = (b: Buffer) => (b.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

export type PrintJobView = { id: string; status: string; total: number; done: number; url: string | null; error: string | null };

/**
 * A class's report cards by print job: POST /api/print-jobs, then GET the job every `pollMs` until it ends (its
 * progress kept as [ms, done, total]), then the file.
 */
export async function printClass(port: number, token: string, termId: number, className: string, pollMs = 250) {
  const auth = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const post = await fetch(`http://127.0.0.1:${port}/api/print-jobs`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ kind: "report-cards", termId, class: className }),
  });
  let job = (await post.json()) as PrintJobView;
  if (post.status !== 202) return { class: className, ok: false, problem: `POST ${post.status} ${JSON.stringify(job).slice(0, 200)}` };
  const progress: [number, number, number][] = [[Math.round(performance.now() - t0), job.done, job.total]];
  /** The slowest answer to "how far is it?" (what a screen polling the job waits at worst). */
  let slowestPoll = 0;
  const deadline = Date.now() + 600_000;
  while ((job.status === "queued" || job.status === "running") && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, pollMs));
    const asked = performance.now();
    const r = await fetch(`http://127.0.0.1:${port}/api/print-jobs/${job.id}`, { headers: auth });
    slowestPoll = Math.max(slowestPoll, performance.now() - asked);
    if (r.status !== 200) return { class: className, ok: false, problem: `GET job ${r.status} ${(await r.text()).slice(0, 200)}`, progress };
    job = (await r.json()) as PrintJobView;
    const last = progress[progress.length - 1];
    if (last[1] !== job.done || last[2] !== job.total || job.status === "done") progress.push([Math.round(performance.now() - t0), job.done, job.total]);
  }
  const ms = performance.now() - t0;
  if (job.status !== "done") return { class: className, ok: false, problem: `job ${job.status} ${job.error ?? ""}`, ms: round(ms), progress };
  const url = job.url ?? `/api/print-jobs/${job.id}/file`;
  const file = await fetch(`http://127.0.0.1:${port}${url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url}`, { headers: auth });
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    class: className,
    ok: file.status === 200 && bytes.subarray(0, 5).toString() === "%PDF-",
    problem: file.status === 200 ? null : `file ${file.status}`,
    ms: round(ms),
    total: job.total,
    done: job.done,
    /** Progress seen strictly between 0 and the total (what a screen would show while it draws). */
    sawProgress: progress.some(([, d, t]) => d > 0 && d < t),
    slowestPollMs: round(slowestPoll),
    progress,
    bytes: bytes.length,
    pages: pdfPages(bytes),
  };
}

/** Every class's cards at once (as an admin printing the level), timed from the first POST to the last file. */
export async function printLevel(port: number, token: string, termId: number, classes: string[]) {
  const t0 = performance.now();
  const jobs = await Promise.all(classes.map((c) => printClass(port, token, termId, c)));
  const ms = round(performance.now() - t0);
  const cards = jobs.reduce((n, j) => n + ("done" in j ? (j.done ?? 0) : 0), 0);
  const total = jobs.reduce((n, j) => n + ("total" in j ? (j.total ?? 0) : 0), 0);
  return {
    ms,
    ok: jobs.every((j) => j.ok),
    cards,
    total,
    progressReachedTotal: jobs.every((j) => j.ok && "done" in j && j.done === j.total),
    jobsShowingProgress: jobs.filter((j) => "sawProgress" in j && j.sawProgress).length,
    slowestPollMs: Math.max(0, ...jobs.map((j) => ("slowestPollMs" in j ? (j.slowestPollMs ?? 0) : 0))),
    jobs,
  };
}

/** Every class's cards asked for directly (GET /terms/{id}/reports?class=&format=pdf), all at once. */
export async function printLevelDirect(port: number, token: string, termId: number, classes: string[]) {
  const t0 = performance.now();
  const jobs = await Promise.all(
    classes.map(async (c) => {
      const r = await timedGet(port, token, `/api/terms/${termId}/reports?class=${encodeURIComponent(c)}&format=pdf`);
      const ok = r.status === 200 && r.body.subarray(0, 5).toString() === "%PDF-";
      return {
        class: c,
        ok,
        problem: ok ? null : `${r.status} ${r.body.toString().slice(0, 200)}`,
        ms: round(r.ms),
        pages: ok ? pdfPages(r.body) : 0,
        bytes: r.bytes,
      };
    }),
  );
  const pages = jobs.reduce((n, j) => n + j.pages, 0);
  return { ms: round(performance.now() - t0), ok: jobs.every((j) => j.ok), cards: pages, total: pages, progressReachedTotal: null, jobs };
}

/** How the level's cards are printed here: by print jobs when the server has them, else by the direct GET. */
export async function chooseRender(port: number, token: string): Promise<"jobs" | "get"> {
  const r = await fetch(`http://127.0.0.1:${port}/api/print-jobs`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  await r.arrayBuffer();
  return r.status === 404 ? "get" : "jobs";
}
