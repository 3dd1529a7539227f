/**
 * Exam storm: N students start within 10 s, save each of 40 answers as its own request with random
 * think time, and all submit within the last 10 s. Then the database is checked: every acknowledged
 * answer and every acknowledged submission must be there.
 *
 *   npm run bench:storm -- --db pglite|postgres --students 500 [--window 90] [--crash]
 *
 * The window sets the answers' pace: the default 90 s sends each student's 40 answers about 1.75 s apart (0.5–3 s);
 * --window 220 is the school box's "0–10 s apart" (issue 30; 1.5–8.7 s, about 5 s on average; decision 058).
 *
 * The server runs as its own process, started as `npm start` starts it (node scripts/start.mjs; `--entry main`
 * for node --import tsx server/src/main.ts), on a fresh DATA_DIR; this process only drives it over HTTP.
 *
 * Options: --questions 40, --start-spread 10, --submit-spread 10 (seconds), --logins 20 (a sample
 * of real password logins, measured before the storm), --pg-url postgres://postgres@127.0.0.1:5432/postgres,
 * --crash (SIGKILL the server mid-storm, restart it on the same data; students retry like a browser),
 * --uploaders 20 (that many teachers post a 100-question DOCX or PDF to /questions/parse back to back all through the exam),
 * --keep (keep the database), --server-env KEY=VALUE (repeatable; e.g. PGLITE_THREAD=false), --tag run1 (results file suffix),
 * --workers 2 (PostgreSQL: the same as --server-env WORKERS=2: a primary and 2 server processes, as `npm start` runs them),
 * --pgbench 20 (PostgreSQL: after the storm, that many seconds of `pgbench -N` on the same server, for its commit limit).
 * --ocr (a teacher reads a 4-page scanned paper by parse job, POST /questions/parse-jobs and polling, one after another
 * all through the exam: OCR in the server's low-priority OCR process beside the storm; recorded as "ocr", a paper each).
 * --sheets (issue 29: a teacher scans a class's answer sheets beside the exam: before the storm a 40-student sitting of a
 * 30-question quiz is printed and the test set photographs its sheets; during it the photos go to POST /api/sittings/{id}/scans
 * in batches (--sheets-batch 10 every --sheets-every 5 s from t+--sheets-at 10 s, again once a round is read) and each is
 * polled until read: reported under "sheets", beside the storm's own figures; bench/sheets-storm.ts). --sheets-count 40.
 * --cpu 0.25 --memory-mb 768 (issue 30, the school box): the server runs inside a fresh cgroup (v1) with that CPU quota
 * and memory limit (bench/box-cgroup.ts; root needed), the load generator outside it. Reported under "box": the time
 * from spawning the server to its first /api/health, the group's resident memory (memory.stat total_rss, not page cache)
 * at that moment, after --box-idle seconds (default 30) of idling, at its peak before and during the storm, the
 * kernel's memory.max_usage_in_bytes (with page cache), failcnt, OOM kills and CPU throttling.
 * Writes bench/results/exam-storm-<db>-<N>[-workers<W>][-crash][-box…][-tag].json. Traffic only to 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  REPO_ROOT,
  STORM_PASSWORD,
  StepRecorder,
  StormHttp,
  createStormDatabase,
  runStorm,
  seedStorm,
  seedUploaders,
  serverEnvOf,
  startHealthProbe,
  startServer,
  verifyStorm,
  withDatabase,
  type ServerEntry,
  type ServerProc,
} from "../server/test/storm";
import { buildDocx, buildPdf, type PdfPage } from "../server/src/documents/test/build-files";
import { scannedPaper } from "../server/src/documents/ocr/make-scan";
import { Box, boxLimits } from "./box-cgroup";
import { prepareSheets, runSheets, seedSheets, sheetsLine, sheetsReport, type SheetsPlan } from "./sheets-storm";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    students: { type: "string", default: "500" },
    window: { type: "string", default: "90" },
    questions: { type: "string", default: "40" },
    "start-spread": { type: "string", default: "10" },
    "submit-spread": { type: "string", default: "10" },
    logins: { type: "string", default: "20" },
    /** Teachers uploading a 100-question DOCX to POST /questions/parse, one after another, all through the exam. */
    uploaders: { type: "string", default: "0" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    crash: { type: "boolean", default: false },
    workers: { type: "string", default: "1" },
    pgbench: { type: "string", default: "0" },
    /** One teacher reading a 4-page scanned paper by parse job, back to back, all through the exam (issue 27). */
    ocr: { type: "boolean", default: false },
    /** A teacher scanning a 40-student sitting's answer sheets in batches all through the exam (issue 29). */
    sheets: { type: "boolean", default: false },
    "sheets-count": { type: "string", default: "40" },
    "sheets-batch": { type: "string", default: "10" },
    "sheets-every": { type: "string", default: "5" },
    "sheets-at": { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
    /** Write a V8 CPU profile of the server into this folder. */
    profile: { type: "string" },
    /** How the server starts: `npm-start` (node scripts/start.mjs, as `npm start`) or `main` (node --import tsx server/src/main.ts). */
    entry: { type: "string", default: "npm-start" },
    /** Extra environment for the server, KEY=VALUE (repeatable), e.g. --server-env PGLITE_THREAD=false. */
    "server-env": { type: "string", multiple: true, default: [] },
    /** An extra option for the server's node (repeatable), e.g. --node-arg=--single-threaded-gc. */
    "node-arg": { type: "string", multiple: true, default: [] },
    /** A suffix for the results file (e.g. run1). */
    tag: { type: "string" },
    /** The school box (issue 30): the server confined to this many cores (0.25) … */
    cpu: { type: "string" },
    /** … and this many MB (768), by a cgroup of its own. */
    "memory-mb": { type: "string" },
    /** Seconds the boxed server idles after its start before its idle memory is read (the logins wait for it). */
    "box-idle": { type: "string", default: "30" },
  },
});
const limits = boxLimits(args.cpu, args["memory-mb"]);
const sheetsPlan: SheetsPlan | null = args.sheets
  ? {
      count: Number(args["sheets-count"]),
      batch: Number(args["sheets-batch"]),
      everyMs: Number(args["sheets-every"]) * 1000,
      atMs: Number(args["sheets-at"]) * 1000,
      afterMs: 300_000,
    }
  : null;

const kind =
  args.db === "postgres"
    ? "postgres"
    : args.db === "pglite"
      ? "pglite"
      : (() => {
          throw new Error("--db must be pglite or postgres");
        })();
const N = Number(args.students);
const windowMs = Number(args.window) * 1000;
const questionCount = Number(args.questions);
const startSpreadMs = Number(args["start-spread"]) * 1000;
const submitSpreadMs = Number(args["submit-spread"]) * 1000;
const loginSample = Math.min(Number(args.logins), N);
const uploaders = Number(args.uploaders);
const TARGET = { saveP99: 100, submitP99: 200, startP99: 500 };
const entry: ServerEntry =
  args.entry === "main" || args.entry === "npm-start"
    ? args.entry
    : (() => {
        throw new Error("--entry must be npm-start or main");
      })();
const serverEnv = serverEnvOf(args["server-env"] ?? []);
const workers = Number(args.workers);
const pgbenchSeconds = Number(args.pgbench);
if (workers > 1 && kind !== "postgres") throw new Error("--workers needs --db postgres (WORKERS needs DATABASE_URL)");
if (workers > 1) serverEnv.WORKERS = String(workers);
if (workers > 1 && entry === "main") throw new Error("--workers runs the server as npm start does: leave --entry at npm-start");

type Paper = { data: Buffer; name: string; type: string };

/**
 * The same 100-question paper (options one per line, `Answer:` lines) as a Word file and as a PDF (36 lines
 * a page with a header and a page number), as teachers upload them.
 */
async function uploadPapers(): Promise<Paper[]> {
  const lines: string[] = ["BASIC EDUCATION CERTIFICATE EXAMINATION", "Answer all questions."];
  for (let n = 1; n <= 100; n++) {
    lines.push(`${n}. A farmer plants ${n + 4} rows of ${n + 9} maize seedlings each. How many seedlings does she plant?`);
    ["A", "B", "C", "D"].forEach((l, k) => lines.push(`${l}. ${(n + 4) * (n + 9) + k * 3}`));
    lines.push("Answer: A");
  }
  const pages: PdfPage[] = [];
  for (let i = 0; i < lines.length; i += 36) pages.push({ header: "BECE MATHEMATICS", footer: `Page ${pages.length + 1}`, lines: lines.slice(i, i + 36) });
  return [
    { data: Buffer.from(await buildDocx(lines)), name: "paper.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
    { data: Buffer.from(await buildPdf(pages)), name: "paper.pdf", type: "application/pdf" },
  ];
}

/**
 * Each uploader posts a paper to /questions/parse again and again until `until` (even-numbered teachers the
 * Word file, odd-numbered ones the PDF), recording "upload".
 */
async function runUploaders(port: number, tokens: string[], papers: Paper[], until: number, recorder: StepRecorder): Promise<void> {
  await Promise.all(
    tokens.map(async (token, k) => {
      const paper = papers[k % papers.length]!;
      while (Date.now() < until) {
        const fd = new FormData();
        fd.append("attachment", new Blob([paper.data], { type: paper.type }), paper.name);
        const t = performance.now();
        try {
          const r = await fetch(`http://127.0.0.1:${port}/api/questions/parse`, { method: "POST", body: fd, headers: { authorization: `Bearer ${token}` } });
          const body = (await r.json()) as { questions?: unknown[] };
          if (r.status === 200 && body.questions?.length === 100) recorder.ok("upload", performance.now() - t);
          else recorder.error("upload", `${r.status} ${JSON.stringify(body).slice(0, 200)}`);
        } catch (e) {
          recorder.error("upload", (e as Error).message);
        }
      }
    }),
  );
}

/**
 * A teacher reads a scanned paper by parse job again and again until `until`: POST /questions/parse-jobs, then GET the
 * job every 500 ms until it ends; each paper read whole is recorded as "ocr" (its time from upload to result).
 */
async function runOcrJobs(port: number, token: string, pdf: Uint8Array, expected: number, until: number, recorder: StepRecorder): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  while (Date.now() < until) {
    const fd = new FormData();
    fd.append("kind", "questions");
    fd.append("attachment", new Blob([pdf], { type: "application/pdf" }), "scan.pdf");
    const t = performance.now();
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/questions/parse-jobs`, { method: "POST", body: fd, headers: auth });
      let job = (await r.json()) as { id: string; status: string; result?: { questions: unknown[] }; error?: unknown };
      if (r.status !== 202) {
        recorder.error("ocr", `${r.status} ${JSON.stringify(job).slice(0, 200)}`);
        continue;
      }
      while (job.status === "queued" || job.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 500));
        job = (await (await fetch(`http://127.0.0.1:${port}/api/questions/parse-jobs/${job.id}`, { headers: auth })).json()) as typeof job;
      }
      if (job.status === "done" && (job.result?.questions.length ?? 0) >= expected * 0.8) recorder.ok("ocr", performance.now() - t);
      else recorder.error("ocr", `${job.status} ${job.result?.questions.length ?? 0} questions ${JSON.stringify(job.error ?? "")}`);
    } catch (e) {
      recorder.error("ocr", (e as Error).message);
    }
  }
}

const TICK = 100; // USER_HZ
/** CPU seconds so far: the machine's busy time (all cores), the server process, all postgres processes, this process. */
function cpuSnapshot(server: ServerProc) {
  const stat = (pid: string | number) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const rest = f.slice(f.lastIndexOf(")") + 2).split(" ");
      return { comm: f.slice(f.indexOf("(") + 1, f.lastIndexOf(")")), cpu: (Number(rest[11]) + Number(rest[12])) / TICK };
    } catch {
      return null;
    }
  };
  let postgres: number | null = null;
  if (kind === "postgres") {
    postgres = 0;
    for (const pid of fs.readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
      const s = stat(pid);
      if (s && s.comm === "postgres") postgres += s.cpu;
    }
  }
  const cpuLine = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].split(/\s+/).slice(1).map(Number);
  const machineBusy = (cpuLine.reduce((a, b) => a + b, 0) - cpuLine[3] - cpuLine[4]) / TICK;
  const u = process.cpuUsage();
  return { machineBusy, server: server.cpuSeconds(), postgres, client: (u.user + u.system) / 1e6 };
}

/**
 * The database server's own commit limit: `pgbench -N` (simple updates, one commit each) on the storm's
 * database, right after the storm, so the saves per second can be read beside it.
 */
async function runPgbench(databaseUrl: string, seconds: number): Promise<{ tps: number; clients: number; seconds: number; scale: number }> {
  const { execFileSync } = await import("node:child_process");
  const clients = 16;
  const scale = 10;
  execFileSync("pgbench", ["-i", "-q", "-s", String(scale), databaseUrl], { stdio: "pipe" });
  const out = execFileSync("pgbench", ["-N", "-c", String(clients), "-j", "2", "-T", String(seconds), databaseUrl], { stdio: "pipe" }).toString();
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  if (!m) throw new Error(`pgbench said: ${out}`);
  return { tps: Math.round(Number(m[1])), clients, seconds, scale };
}

const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

/** The box that holds the server, removed at the end whatever happens. */
let boxed: Box | null = null;

/**
 * The boxed server's start: time from its spawn to the first 200 from /api/health, the group's total_rss then and
 * after `--box-idle` seconds of idling.
 */
async function boxStartFigures(box: Box, port: number, spawnedAt: number) {
  let healthMs = -1;
  for (let i = 0; i < 600 && healthMs < 0; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) healthMs = Math.round(performance.now() - spawnedAt);
    } catch {
      /* not yet */
    }
    if (healthMs < 0) await new Promise((r) => setTimeout(r, 100));
  }
  const rssAtHealthMb = box.memory().rssMb;
  const idleSeconds = Number(args["box-idle"]);
  log(`box: /api/health after ${(healthMs / 1000).toFixed(1)} s, total_rss ${rssAtHealthMb} MB; idling ${idleSeconds} s`);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const idleRssMb = box.memory().rssMb;
  log(`box: total_rss ${idleRssMb} MB after ${idleSeconds} s idle`);
  return { healthMs, rssAtHealthMb, idleSeconds, idleRssMb };
}

async function main() {
  log(
    `exam storm: ${N} students, ${questionCount} questions, ${windowMs / 1000} s window, ${kind}${workers > 1 ? `, WORKERS=${workers}` : ""}${args.crash ? ", with a crash" : ""}`,
  );
  const db = await createStormDatabase(kind, args["pg-url"]);
  let server: ServerProc | null = null;
  try {
    const seedStart = performance.now();
    const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: N, questionCount, timeLimitMinutes: Math.ceil(windowMs / 60_000) + 10 }));
    const uploaderTokens = await withDatabase(db, (d) => seedUploaders(d, uploaders));
    const papers = uploaders > 0 ? await uploadPapers() : [];
    const ocrToken = args.ocr ? (await withDatabase(db, (d) => seedUploaders(d, 1)))[0] : null;
    const scan = args.ocr ? await scannedPaper(4) : null;
    const sheetClass = sheetsPlan ? await withDatabase(db, (d) => seedSheets(d, sheetsPlan)) : null;
    log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);
    const nodeArgs = [...(args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : []), ...args["node-arg"]];
    const box = limits ? Box.create(limits) : null;
    boxed = box;
    const prefix = box?.prefix() ?? [];
    box?.startSampling(250);
    const spawnedAt = performance.now();
    server = await startServer(db, serverEnv, nodeArgs, entry, prefix);
    const boxStart = box ? await boxStartFigures(box, server.port, spawnedAt) : null;
    log(
      `server: ${
        server.output
          .join("")
          .trim()
          .split("\n")
          .find((l) => l.includes("running on")) ?? "started"
      } (pid ${server.pid}, ${entry})`,
    );
    const port = server.port;
    const client = new StormHttp(port);
    // Printed and photographed before the storm, so making photos does not load the machine during it.
    const sheetsPrep = sheetClass && sheetsPlan ? await prepareSheets(port, sheetClass, sheetsPlan) : null;
    if (sheetsPrep)
      log(`sheets: sitting ${sheetsPrep.sittingId} printed in ${sheetsPrep.printMs} ms; ${sheetsPrep.photos.length} photos made in ${sheetsPrep.makeMs} ms`);
    const recorder = new StepRecorder();

    // A sample of real sign-ins (argon2id), a few at a time, before the exam begins.
    for (let i = 0; i < loginSample; i += 4) {
      await Promise.all(
        students.slice(i, Math.min(i + 4, loginSample)).map(async (st) => {
          const t = performance.now();
          try {
            const r = await client.request("POST", "/api/auth/login", null, { email: st.email, password: STORM_PASSWORD });
            if (r.status === 200) recorder.ok("login", performance.now() - t);
            else recorder.error("login", `${r.status} ${JSON.stringify(r.body)}`);
          } catch (e) {
            recorder.error("login", (e as Error).message);
          }
        }),
      );
    }

    // The storm's own peak, apart from the start's.
    const peakBeforeStorm = box?.report().peakRssMb ?? null;
    box?.resetPeak();
    const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
    const cpuBefore = server.cpuSeconds();
    const mainCpuBefore = server.mainThreadCpuSeconds();
    const clientCpuBefore = process.cpuUsage();
    let crash: { killedAtMs: number; downMs: number; restarts: number } | null = null;
    const cpuBeforeCrash: number[] = [];
    const t0 = Date.now();
    const progress = setInterval(() => {
      const s = recorder.stats();
      log(
        `  t+${Math.round((Date.now() - t0) / 1000)}s start ${s.start?.ok ?? 0} save ${s.save?.ok ?? 0} submit ${s.submit?.ok ?? 0} errors ${Object.values(s).reduce((n, x) => n + x.errors, 0)}`,
      );
    }, 10_000);
    if (args.crash) {
      const killAt = Math.round(windowMs * 0.45);
      setTimeout(async () => {
        const c = server!.cpuSeconds();
        if (c !== null) cpuBeforeCrash.push(c - (cpuBefore ?? 0));
        log(`  SIGKILL the server (pid ${server!.pid}) at t+${Math.round(killAt / 1000)}s`);
        const killed = Date.now();
        await server!.kill();
        server = await startServer(db, { ...serverEnv, PORT: String(port) }, nodeArgs, entry, prefix);
        crash = { killedAtMs: killAt, downMs: Date.now() - killed, restarts: 1 };
        log(`  restarted (pid ${server.pid}) after ${crash.downMs} ms`);
      }, killAt);
    }
    // CPU by second: the whole machine, the server, PostgreSQL (all its processes) and this client.
    const cpuTimeline: [number, number, number, number, number][] = [];
    let last = cpuSnapshot(server);
    const sampler = setInterval(() => {
      const now = cpuSnapshot(server!);
      const d = (a: number | null, b: number | null) => (a === null || b === null ? -1 : Math.round((a - b) * 100) / 100);
      cpuTimeline.push([
        Math.round((Date.now() - t0) / 1000),
        d(now.machineBusy, last.machineBusy),
        d(now.server, last.server),
        d(now.postgres, last.postgres),
        d(now.client, last.client),
      ]);
      last = now;
    }, 1000);
    const probe = startHealthProbe(client, recorder);
    const uploading = runUploaders(port, uploaderTokens, papers, Date.now() + windowMs, recorder);
    const scanning = sheetsPrep && sheetsPlan ? runSheets(port, sheetsPrep, sheetsPlan, t0, windowMs) : Promise.resolve(null);
    const reading = ocrToken && scan ? runOcrJobs(port, ocrToken, scan.pdf, scan.questions, Date.now() + windowMs, recorder) : Promise.resolve();
    const ledger = await runStorm({ students, quiz, windowMs, startSpreadMs, submitSpreadMs, retry: args.crash, http: () => client, recorder });
    await uploading;
    await reading;
    clearInterval(progress);
    clearInterval(probe);
    clearInterval(sampler);
    const elapsed = Date.now() - t0;
    const cpuAfter = server.cpuSeconds();
    const boxAfter = box?.report() ?? null;
    const mainCpu = crash ? null : (server.mainThreadCpuSeconds() ?? 0) - (mainCpuBefore ?? 0);
    // After a crash the new process's CPU counts from its own start (its start-up included).
    const serverCpu = crash ? (cpuBeforeCrash[0] ?? 0) + (cpuAfter ?? 0) : (cpuAfter ?? 0) - (cpuBefore ?? 0);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    // After the storm's own figures: the last batches are followed until read.
    const sheetBatches = await scanning;
    client.close();
    await server.stop();
    server = null;

    log("verifying in the database…");
    const verification = await withDatabase(db, (d) => verifyStorm(d, ledger, quiz));
    const steps = recorder.stats();
    // The exam's errors: the probe and the teachers' uploads are reported beside them, not counted in them
    // (an upload stopped by the reader's time limit is the deliberate trade-off of issue 11: saves come first).
    const errors = Object.entries(steps).reduce((n, [k, s]) => n + (k === "probe" || k === "upload" ? 0 : s.errors), 0);
    const targetsMet =
      errors === 0 &&
      verification.lostAnswers === 0 &&
      verification.changedAnswers === 0 &&
      verification.missingSubmissions === 0 &&
      ledger.submitted.size === N &&
      (steps.save?.p99 ?? Infinity) < TARGET.saveP99 &&
      (steps.submit?.p99 ?? Infinity) < TARGET.submitP99 &&
      (steps.start?.p99 ?? Infinity) < TARGET.startP99;
    const savingSeconds = (windowMs - startSpreadMs - submitSpreadMs) / 1000;
    const busiestSaves = Math.max(0, ...recorder.timeline().map(([, count]) => count / 5));
    const pgbench = kind === "postgres" && pgbenchSeconds > 0 ? await runPgbench(db.databaseUrl!, pgbenchSeconds) : null;
    const result = {
      benchmark: "exam-storm",
      database: kind,
      students: N,
      questions: questionCount,
      windowSeconds: windowMs / 1000,
      workers,
      savesPerSecond: { mean: Math.round(((steps.save?.ok ?? 0) / savingSeconds) * 10) / 10, busiestFiveSeconds: Math.round(busiestSaves * 10) / 10 },
      pgbench,
      startSpreadSeconds: startSpreadMs / 1000,
      submitSpreadSeconds: submitSpreadMs / 1000,
      crash,
      entry,
      serverEnv,
      elapsedMs: elapsed,
      requests: Object.values(steps).reduce((n, s) => n + s.count, 0),
      steps,
      cpuTimeline: { columns: ["second", "machineBusyCores", "serverCores", "postgresCores", "benchClientCores"], rows: cpuTimeline },
      saveTimeline: { columns: ["second", "count", "p50", "p99"], rows: recorder.timeline() },
      startTimeline: { columns: ["second sent", "count", "p50", "p99"], rows: recorder.burstTimeline("start") },
      submitTimeline: { columns: ["second sent", "count", "p50", "p99"], rows: recorder.burstTimeline("submit") },
      verification,
      gaveUp: ledger.gaveUp,
      cpu: {
        serverSeconds: Math.round(serverCpu * 10) / 10,
        /** The request thread alone; the rest of the server's CPU is the database thread (PGlite), GC and libuv. */
        serverMainThreadSeconds: mainCpu === null ? null : Math.round(mainCpu * 10) / 10,
        benchClientSeconds: Math.round((clientCpu.user + clientCpu.system) / 1e5) / 10,
      },
      targets: { ...TARGET, errors: 0, lostAnswers: 0, met: args.crash ? null : targetsMet },
      sheets: sheetsPrep && sheetsPlan && sheetBatches ? sheetsReport(sheetsPrep, sheetsPlan, sheetBatches, windowMs) : null,
      box: box
        ? {
            ...limits,
            ...boxStart,
            peakRssBeforeStormMb: peakBeforeStorm,
            /** Highest total_rss from the storm's first request to its last. */
            peakRssStormMb: boxAfter!.peakRssMb,
            maxUsageMb: boxAfter!.maxUsageMb,
            failcnt: boxAfter!.failcnt,
            oomKills: boxAfter!.oomKills,
            throttledSeconds: boxAfter!.throttledSeconds,
            throttledPeriods: boxAfter!.throttledPeriods,
            targets: { healthMs: 60_000, idleRssMb: 250, peakRssMb: 600 },
          }
        : null,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "", node: process.version, memGb: Math.round(os.totalmem() / 2 ** 30) },
      at: new Date().toISOString(),
    };
    const dir = path.join(REPO_ROOT, "bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(
      dir,
      `exam-storm-${kind}-${N}${workers > 1 ? `-workers${workers}` : ""}${args.crash ? "-crash" : ""}${uploaders ? `-uploaders${uploaders}` : ""}${args.ocr ? "-ocr" : ""}${args.sheets ? "-sheets" : ""}${limits ? `-box${limits.cpu ?? ""}-${limits.memoryMb ?? ""}` : ""}${args.tag ? `-${args.tag}` : ""}.json`,
    );
    const busy = cpuTimeline.map((r) => Math.max(0, r[1] - Math.max(0, r[2]) - Math.max(0, r[3]) - Math.max(0, r[4])));
    Object.assign(result, {
      otherLoadCores: {
        mean: busy.length ? Math.round((busy.reduce((a, b) => a + b, 0) / busy.length) * 100) / 100 : null,
        lastTenSeconds: busy.length ? Math.round((busy.slice(-10).reduce((a, b) => a + b, 0) / Math.min(10, busy.length)) * 100) / 100 : null,
      },
    });
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");

    console.log("\nstep      count     ok  errors retries    p50     p95     p99     max (ms)");
    for (const [name, s] of Object.entries(steps)) {
      console.log(
        `${name.padEnd(8)} ${String(s.count).padStart(6)} ${String(s.ok).padStart(6)} ${String(s.errors).padStart(7)} ${String(s.retries).padStart(7)} ${String(s.p50).padStart(6)} ${String(s.p95).padStart(7)} ${String(s.p99).padStart(7)} ${String(s.max).padStart(7)}`,
      );
      if (s.errorSamples.length) console.log(`         e.g. ${s.errorSamples.join(" | ")}`);
    }
    // What the rest of the machine used meanwhile (other people's work on the shared cores).
    const foreign = cpuTimeline.map((r) => Math.max(0, r[1] - Math.max(0, r[2]) - Math.max(0, r[3]) - Math.max(0, r[4])));
    const foreignMean = foreign.length ? Math.round((foreign.reduce((a, b) => a + b, 0) / foreign.length) * 100) / 100 : null;
    const foreignLast10 = foreign.length ? Math.round((foreign.slice(-10).reduce((a, b) => a + b, 0) / Math.min(10, foreign.length)) * 100) / 100 : null;
    console.log(`other processes on the machine used ${foreignMean} cores on average (${foreignLast10} in the last 10 s)`);
    const peak = cpuTimeline.reduce((m, r) => (r[1] > m[1] ? r : m), [0, 0, 0, 0, 0]);
    console.log(
      `busiest second: t+${peak[0]}s machine ${peak[1]} cores (server ${peak[2]}, postgres ${peak[3]}, client ${peak[4]}); last 12 s: ${cpuTimeline
        .slice(-12)
        .map((r) => r[1])
        .join(" ")}`,
    );
    console.log(
      `save p99 by 5 s: ${recorder
        .timeline()
        .map(([sec, , , p99]) => `${sec}s:${p99}`)
        .join(" ")}`,
    );
    for (const step of ["start", "submit"] as const) {
      console.log(
        `${step} p99 by the second sent: ${recorder
          .burstTimeline(step)
          .map(([sec, , , p99]) => `${sec}s:${p99}`)
          .join(" ")}`,
      );
    }
    console.log(`\nverification: ${JSON.stringify(verification)}`);
    console.log(
      `server CPU ${result.cpu.serverSeconds} s (request thread ${result.cpu.serverMainThreadSeconds} s), bench client CPU ${result.cpu.benchClientSeconds} s, over ${Math.round(elapsed / 1000)} s`,
    );
    if (crash)
      console.log(
        `crash: killed at t+${Math.round((crash as { killedAtMs: number }).killedAtMs / 1000)} s, back after ${(crash as { downMs: number }).downMs} ms`,
      );
    if (!args.crash)
      console.log(
        `targets (0 errors, 0 lost, p99 save < ${TARGET.saveP99} ms, submit < ${TARGET.submitP99} ms, start < ${TARGET.startP99} ms): ${targetsMet ? "MET" : "NOT MET"}` +
          (steps.upload ? ` (uploads, not counted: ${steps.upload.ok} read, ${steps.upload.errors} refused)` : ""),
      );
    console.log(`saves per second: ${result.savesPerSecond.mean} on average, ${result.savesPerSecond.busiestFiveSeconds} in the busiest 5 s`);
    if (result.sheets) console.log(sheetsLine(result.sheets));
    if (pgbench) console.log(`pgbench -N on the same server right after: ${pgbench.tps} TPS (${pgbench.clients} clients, ${pgbench.seconds} s)`);
    if (box && boxStart && boxAfter) {
      console.log(
        `school box (${limits!.cpu ?? "any"} CPU, ${limits!.memoryMb ?? "no"} MB): /api/health after ${(boxStart.healthMs / 1000).toFixed(1)} s; total_rss ${boxStart.rssAtHealthMb} MB then, ${boxStart.idleRssMb} MB after ${boxStart.idleSeconds} s idle, peak ${peakBeforeStorm} MB before the storm and ${boxAfter.peakRssMb} MB during it; max usage (with page cache) ${boxAfter.maxUsageMb} MB; failcnt ${boxAfter.failcnt}, OOM kills ${boxAfter.oomKills}; throttled ${boxAfter.throttledSeconds} s`,
      );
      const boxMet = boxStart.healthMs < 60_000 && boxStart.idleRssMb < 250 && boxAfter.peakRssMb < 600 && !boxAfter.oomKills;
      console.log(`box targets (health < 60 s, idle < 250 MB, peak < 600 MB, no OOM kill): ${boxMet ? "MET" : "NOT MET"}`);
    }
    console.log(`written ${path.relative(REPO_ROOT, file)}`);
    const sound =
      verification.lostAnswers === 0 && verification.changedAnswers === 0 && verification.missingSubmissions === 0 && verification.scoreMismatches === 0;
    process.exitCode = sound ? 0 : 1;
  } finally {
    if (server) await server.kill().catch(() => {});
    boxed?.destroy();
    if (!args.keep) await db.cleanup().catch((e) => console.error("cleanup failed:", e.message));
    else console.log(`kept: ${db.databaseUrl ?? db.dataDir}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
