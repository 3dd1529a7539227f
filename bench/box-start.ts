/**
 * The school box's start (issue 30): starts the app inside a fresh cgroup (a CPU quota and a memory limit, as a
 * Raspberry-Pi-class machine; bench/box-cgroup.ts), times it to its first answer from /api/health, then lets it
 * idle and reports its resident memory (the group's total_rss, not page cache) and whether it was killed.
 *
 *   npm run bench:box -- [--cpu 0.25] [--memory-mb 768] [--idle 30] [--data-dir DIR] [--restart] [--entry npm-start]
 *
 * Without --data-dir the app starts on a fresh temporary DATA_DIR, as a newcomer's first `npm start` does (it
 * creates the database and the demo school); --restart then stops it (SIGTERM) and starts it again on the same data,
 * the everyday start. --entry: `npm-start` (node scripts/start.mjs, default), `dist` (node server/dist/cluster.js:
 * what scripts/start.mjs runs once the server is built), `tsx` (node --import tsx server/src/cluster.ts: the
 * server compiled at run time). --server-env KEY=VALUE (repeatable) adds to the app's environment; --debug-memory sets
 * MEMORY_DEBUG=1 (the app logs each thread's heap). Writes bench/results/box-start[-tag].json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { Box, boxLimits, processMemory, type BoxReport } from "./box-cgroup";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const { values: args } = parseArgs({
  options: {
    cpu: { type: "string", default: "0.25" },
    "memory-mb": { type: "string", default: "768" },
    idle: { type: "string", default: "30" },
    "data-dir": { type: "string" },
    restart: { type: "boolean", default: false },
    entry: { type: "string", default: "npm-start" },
    "server-env": { type: "string", multiple: true, default: [] },
    "debug-memory": { type: "boolean", default: false },
    /** Seconds to wait for /api/health (the target is 60). */
    limit: { type: "string", default: "180" },
    tag: { type: "string" },
  },
});

const ENTRIES: Record<string, string[]> = {
  "npm-start": ["scripts/start.mjs"],
  dist: ["server/dist/cluster.js"],
  tsx: ["--import", "tsx", "server/src/cluster.ts"],
};
const entryArgs =
  ENTRIES[args.entry] ??
  (() => {
    throw new Error(`--entry must be one of ${Object.keys(ENTRIES).join(", ")}`);
  })();
const limits = boxLimits(args.cpu, args["memory-mb"])!;
const idleMs = Number(args.idle) * 1000;
const serverEnv = Object.fromEntries(
  (args["server-env"] ?? []).map((kv) => {
    const at = kv.indexOf("=");
    if (at < 1) throw new Error(`--server-env takes KEY=VALUE, got ${kv}`);
    return [kv.slice(0, at), kv.slice(at + 1)];
  }),
);

const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    return r.status === 200;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

type Run = {
  kind: "first start" | "restart";
  started: boolean;
  /** From the spawn to the first 200 from /api/health, ms. */
  healthMs: number | null;
  /** total_rss when /api/health first answered, and after the idle period, MB. */
  rssAtHealthMb: number | null;
  idleRssMb: number | null;
  idleSeconds: number;
  /** VmRSS of each process in the group after the idle period (the server; an OCR child would show here). */
  processes: { pid: number; command: string; vmRssMb: number; vmHwmMb: number; threads: number }[];
  box: BoxReport;
  exit: string | null;
  outputTail: string;
};

async function runOnce(kind: Run["kind"], dataDir: string): Promise<Run> {
  const box = Box.create(limits);
  const port = await freePort();
  const output: string[] = [];
  let exit: string | null = null;
  const t0 = performance.now();
  const [shell, ...shellArgs] = box.prefix();
  const proc: ChildProcess = spawn(shell, [...shellArgs, process.execPath, ...entryArgs], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(args["debug-memory"] ? { MEMORY_DEBUG: "1" } : {}),
      ...serverEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (b: Buffer) => {
    output.push(b.toString());
    if (args["debug-memory"]) process.stdout.write(b);
    if (output.length > 400) output.splice(0, 200);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) =>
    proc.once("exit", (code, sig) => {
      exit = sig ?? `exit code ${code}`;
      resolve();
    }),
  );
  box.startSampling(200);
  let healthMs: number | null = null;
  const deadline = t0 + Number(args.limit) * 1000;
  while (exit === null && performance.now() < deadline) {
    if (await healthy(port)) {
      healthMs = Math.round(performance.now() - t0);
      break;
    }
    await sleep(200);
  }
  const rssAtHealth = healthMs === null ? null : box.memory().rssMb;
  if (healthMs !== null) log(`${kind}: /api/health answered after ${(healthMs / 1000).toFixed(1)} s, total_rss ${rssAtHealth} MB; idling ${idleMs / 1000} s`);
  else log(`${kind}: no answer from /api/health (${exit ?? "still running"})`);
  let idleRss: number | null = null;
  const processes: Run["processes"] = [];
  if (healthMs !== null) {
    await Promise.race([sleep(idleMs), exited]);
    if (exit === null) {
      idleRss = box.memory().rssMb;
      for (const pid of box.processes()) {
        const m = processMemory(pid);
        let command = "";
        try {
          command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 120);
        } catch {
          /* gone */
        }
        if (m) processes.push({ pid, command, ...m });
      }
    }
  }
  const report = box.report();
  if (exit === null) {
    proc.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
    if (exit === null) proc.kill("SIGKILL");
    await exited;
  }
  box.destroy();
  return {
    kind,
    started: healthMs !== null,
    healthMs,
    rssAtHealthMb: rssAtHealth,
    idleRssMb: idleRss,
    idleSeconds: idleMs / 1000,
    processes,
    box: report,
    exit: healthMs !== null && exit === "exit code 0" ? null : exit,
    outputTail: output.join("").slice(-3000),
  };
}

async function main() {
  log(`school box: ${limits.cpu ?? "any"} CPU, ${limits.memoryMb ?? "no"} MB limit, entry ${args.entry}; load average ${os.loadavg()[0].toFixed(2)}`);
  const temp = args["data-dir"] ? null : fs.mkdtempSync(path.join(os.tmpdir(), "adesua-box-"));
  const dataDir = args["data-dir"] ? path.resolve(args["data-dir"]) : temp!;
  const runs: Run[] = [];
  try {
    runs.push(await runOnce(fs.existsSync(path.join(dataDir, "db/PG_VERSION")) ? "restart" : "first start", dataDir));
    if (args.restart && runs[0]!.started) runs.push(await runOnce("restart", dataDir));
  } finally {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }
  console.log("\nrun           started  health    rss@health  idle rss  peak rss  max usage  failcnt  oom  throttled");
  for (const r of runs) {
    console.log(
      `${r.kind.padEnd(13)} ${String(r.started).padEnd(8)} ${(r.healthMs === null ? "-" : `${(r.healthMs / 1000).toFixed(1)} s`).padStart(7)} ${String(r.rssAtHealthMb ?? "-").padStart(8)} MB ${String(r.idleRssMb ?? "-").padStart(6)} MB ${String(r.box.peakRssMb).padStart(6)} MB ${String(r.box.maxUsageMb).padStart(7)} MB ${String(r.box.failcnt).padStart(8)} ${String(r.box.oomKills).padStart(4)} ${String(r.box.throttledSeconds)} s`,
    );
    for (const p of r.processes) console.log(`   pid ${p.pid}: VmRSS ${p.vmRssMb} MB (peak ${p.vmHwmMb} MB), ${p.threads} threads: ${p.command}`);
    if (!r.started || r.exit) console.log(`   ${r.exit ?? ""}\n   ${r.outputTail.trim().split("\n").slice(-8).join("\n   ")}`);
  }
  const targets = { healthMs: 60_000, idleRssMb: 250 };
  const met = runs.every((r) => r.started && r.healthMs! < targets.healthMs && r.idleRssMb !== null && r.idleRssMb < targets.idleRssMb && !r.box.oomKills);
  console.log(`targets (answers /api/health in < 60 s, idle total_rss < 250 MB, no OOM kill): ${met ? "MET" : "NOT MET"}`);
  const result = {
    benchmark: "box-start",
    entry: args.entry,
    limits,
    serverEnv,
    runs,
    targets: { ...targets, met },
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "", node: process.version },
    at: new Date().toISOString(),
  };
  const dir = path.join(REPO_ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `box-start${args.tag ? `-${args.tag}` : ""}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
  console.log(`written ${path.relative(REPO_ROOT, file)}`);
  process.exitCode = met ? 0 : 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
