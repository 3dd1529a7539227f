/**
 * What one exam request costs the server, by kind (issue 30, the school box): the storm's three kinds of request sent
 * in phases of their own, at the storm's own rates, and the server's threads' CPU read from /proc before and after
 * each phase. The request thread is the server's main thread; the database thread is the busiest other thread in the
 * phases; the rest (V8's helpers: garbage collection, compiling; libuv's) are reported together.
 *
 *   npm run bench:op-cost -- [--students 600] [--saves 10] [--rate-start 60] [--rate-save 340] [--rate-submit 60]
 *                            [--only start,save,submit] [--perf DIR] [--server-output] [--warm 300]
 *                            [--server-env K=V ...] [--node-arg=--flag ...] [--tag x]
 *
 * The server runs unconfined (the cgroup's throttling would add waiting, not work); CPU_CORES=0.25 and MEMORY_MB=768
 * give it the box's automatic settings (linger, shared_buffers, liftoff) unless --server-env says otherwise.
 * Writes bench/results/exam-op-cost[-tag].json.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { paced } from "./paced";
import { REPO_ROOT, StormHttp, createStormDatabase, seedStorm, serverEnvOf, startServer, withDatabase } from "../server/test/storm";

const { values: args } = parseArgs({
  options: {
    students: { type: "string", default: "600" },
    saves: { type: "string", default: "10" },
    "rate-start": { type: "string", default: "60" },
    "rate-save": { type: "string", default: "340" },
    "rate-submit": { type: "string", default: "60" },
    "server-env": { type: "string", multiple: true, default: [] },
    "node-arg": { type: "string", multiple: true, default: [] },
    tag: { type: "string" },
    /** Only these phases (comma-separated: start,save,submit); a save or submit phase needs the start phase. */
    only: { type: "string", default: "start,save,submit" },
    /** Record each phase with `perf record -e cpu-clock -g` into this folder (give --node-arg=--perf-basic-prof for JavaScript names). */
    perf: { type: "string" },
    /** Print what the server wrote (its log) at the end. */
    "server-output": { type: "boolean", default: false },
    /** Students who first go through a start, their saves and a submit, unmeasured (the code's tiering done). */
    warm: { type: "string", default: "0" },
  },
});
const N = Number(args.students);
const SAVES = Number(args.saves);
const WARM = Number(args.warm);
const env: Record<string, string> = { CPU_CORES: "0.25", MEMORY_MB: "768", ...serverEnvOf(args["server-env"] ?? []) };
const delta = (a: Map<number, number>, b: Map<number, number>) => new Map([...b].map(([t, v]) => [t, v - (a.get(t) ?? 0)]));

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

async function main() {
  const db = await createStormDatabase("pglite");
  const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: N + WARM, questionCount: 40, timeLimitMinutes: 60 }));
  const server = await startServer(db, env, args["node-arg"] ?? [], "npm-start");
  const http = new StormHttp(server.port);
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const attempts: number[] = new Array(N + WARM);
    if (WARM) {
      // The warm round: its own students (N…N+WARM-1), the three kinds at the same rates, not measured.
      const w = (i: number) => N + i;
      await paced(WARM, Number(args["rate-start"]), async (i) => {
        const r = await http.request("POST", `/api/quizzes/${quiz.quizId}/attempts`, students[w(i)].token);
        attempts[w(i)] = r.body?.attemptId;
        return r;
      });
      await paced(WARM * SAVES, Number(args["rate-save"]), (k) => {
        const i = w(k % WARM);
        const q = quiz.questionIds[Math.floor(k / WARM) % quiz.questionIds.length];
        return http.request("PUT", `/api/attempts/${attempts[i]}/answers`, students[i].token, { answers: [{ questionId: q, answer: quiz.keys.get(q)!.key }] });
      });
      await paced(WARM, Number(args["rate-submit"]), (i) =>
        http.request("POST", `/api/attempts/${attempts[w(i)]}/submit`, students[w(i)].token, { answers: [] }),
      );
      await new Promise((r) => setTimeout(r, 2000));
    }
    const phases: Record<string, unknown> = {};
    const mainTid = server.pid;
    const only = new Set(args.only!.split(","));
    const phase = async (name: string, count: number, run: () => Promise<{ ms: number; bad: number; lat: number[] }>) => {
      if (!only.has(name)) return;
      const perf = args.perf
        ? spawn("perf", ["record", "-e", "cpu-clock", "-g", "-p", String(server.pid), "-o", path.join(args.perf, `${name}.data`)], { stdio: "ignore" })
        : null;
      if (perf) await new Promise((res) => setTimeout(res, 1000));
      const before = server.threadCpuSeconds();
      const r = await run();
      await new Promise((res) => setTimeout(res, 300));
      if (perf) {
        perf.kill("SIGINT");
        await new Promise((res) => perf.once("exit", res));
      }
      const d = delta(before, server.threadCpuSeconds());
      const main = d.get(mainTid) ?? 0;
      const others = [...d].filter(([t]) => t !== mainTid).sort((a, b) => b[1] - a[1]);
      const dbThread = others[0]?.[1] ?? 0;
      const rest = others.slice(1).reduce((n, [, v]) => n + v, 0);
      const per = (x: number) => Math.round((x / count) * 1e6) / 1e3;
      const row = {
        count,
        seconds: Math.round(r.ms) / 1000,
        errors: r.bad,
        msPerRequest: { request: per(main), database: per(dbThread), helpers: per(rest), total: per(main + dbThread + rest) },
        cores: Math.round(((main + dbThread + rest) / (r.ms / 1000)) * 1000) / 1000,
        latencyMs: { p50: Math.round(pct(r.lat, 50) * 10) / 10, p99: Math.round(pct(r.lat, 99) * 10) / 10 },
      };
      phases[name] = row;
      console.log(name.padEnd(8), JSON.stringify(row));
    };
    await phase("start", N, () =>
      paced(N, Number(args["rate-start"]), async (i) => {
        const r = await http.request("POST", `/api/quizzes/${quiz.quizId}/attempts`, students[i].token);
        attempts[i] = r.body?.attemptId;
        return r;
      }),
    );
    await new Promise((r) => setTimeout(r, 2000));
    await phase("save", N * SAVES, () =>
      paced(N * SAVES, Number(args["rate-save"]), (k) => {
        const i = k % N;
        const q = quiz.questionIds[Math.floor(k / N) % quiz.questionIds.length];
        return http.request("PUT", `/api/attempts/${attempts[i]}/answers`, students[i].token, { answers: [{ questionId: q, answer: quiz.keys.get(q)!.key }] });
      }),
    );
    await new Promise((r) => setTimeout(r, 2000));
    await phase("submit", N, () =>
      paced(N, Number(args["rate-submit"]), (i) => http.request("POST", `/api/attempts/${attempts[i]}/submit`, students[i].token, { answers: [] })),
    );
    const out = path.join(REPO_ROOT, "bench/results", `exam-op-cost${args.tag ? `-${args.tag}` : ""}.json`);
    fs.writeFileSync(
      out,
      JSON.stringify({ at: new Date().toISOString(), students: N, warm: WARM, savesEach: SAVES, env, nodeArgs: args["node-arg"], phases }, null, 2) + "\n",
    );
    console.log(`written ${path.relative(REPO_ROOT, out)}`);
    if (args["server-output"]) console.log(server.output.join(""));
  } finally {
    http.close();
    await server.stop();
    await db.cleanup();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
