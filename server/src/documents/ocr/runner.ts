import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { DocumentError, DOCUMENT_MESSAGES } from "../errors.ts";
import { tsxExecArgv } from "./tsx-argv.ts";
import type { ChildMessage } from "./child.ts";
import type { ScanProgress, ScanTask } from "./scan.ts";
import { examRunning } from "../../lib/exam-traffic.ts";

export interface OcrLimits {
  /**
   * Whole-paper limit on the CPU time the OCR process uses, in ms (default: 30 s plus 20 s a page; pages unknown: 10
   * minutes). Ten minutes of wall-clock time is the ceiling either way.
   */
  timeoutMs?: number;
  /** Resident memory the OCR process may reach, in MB (default 1,200). */
  maxRssMb?: number;
  /** Papers waiting beyond this many are refused (503) rather than queued (default 16). */
  maxQueue?: number;
}

const CHILD_FILE = new URL("./child.ts", import.meta.url);
const PER_PAGE_MS = 20_000;

export const OCR_MESSAGES = {
  tooMuchMemory:
    "This scan needs more memory than the reader may use, so reading it was stopped. Split it into smaller files or scan it at a lower resolution.",
} as const;

/**
 * OCR runs in its own process (child_process.fork under tsx, as the pool's workers run), at nice 19, one paper at a
 * time: a queue. Each paper has a time limit and a memory limit (resident size, polled); a paper that exceeds
 * either, or crashes the process, answers 422 for itself alone.
 */
export class OcrRunner {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly children = new Set<ChildProcess>();

  constructor(private readonly limits: OcrLimits = {}) {}

  run(task: ScanTask, onProgress?: (p: ScanProgress) => void): Promise<unknown> {
    if (this.waiting >= (this.limits.maxQueue ?? 16)) return Promise.reject(new DocumentError(503, DOCUMENT_MESSAGES.busy));
    this.waiting++;
    const job = this.tail.then(() => this.runOne(task, onProgress));
    this.tail = job.catch(() => {}).finally(() => this.waiting--);
    return job;
  }

  private runOne(task: ScanTask, onProgress?: (p: ScanProgress) => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const child = fork(CHILD_FILE, [], {
        execArgv: [...tsxExecArgv(), "--max-old-space-size=512"],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
      this.children.add(child);
      if (child.pid) {
        try {
          os.setPriority(child.pid, 19);
        } catch {
          /* not permitted */
        }
      }
      let stderr = "";
      child.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      let settled = false;
      // The limit is on the CPU time the process has used (its own, all threads), so a paper read slowly because the
      // server was busy (the OCR process only gets CPU time nothing else wants) is not stopped for it; a wall-clock
      // ceiling of ten minutes still ends a process that never finishes.
      const wallEnd = Date.now() + Math.max(this.limits.timeoutMs ?? 0, 600_000);
      let cpuLimitMs = this.limits.timeoutMs ?? 600_000;
      const finish = (err: Error | null, value?: unknown) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearInterval(pace);
        this.children.delete(child);
        if (child.exitCode === null) child.kill("SIGKILL");
        if (err) reject(err);
        else resolve(value);
      };
      const maxRss = (this.limits.maxRssMb ?? 1200) * 1024 * 1024;
      const started = Date.now();
      // While students sit an exam on this server the OCR process runs one tenth of the time (100 ms in each second,
      // SIGSTOP/SIGCONT): it shares the processor with the exam's requests even at idle priority (lib/exam-traffic.ts).
      // A paper still ends (ten times slower) during a long exam; its CPU-time limit does not count the pauses.
      let tick = 0;
      let paused = false;
      const pace = setInterval(() => {
        tick++;
        const run = !examRunning() || tick % 10 === 0;
        if (run === !paused || child.exitCode !== null) return;
        paused = !run;
        child.kill(run ? "SIGCONT" : "SIGSTOP");
      }, 100);
      pace.unref?.();
      const watch = setInterval(() => {
        const use = child.pid ? usageOf(child.pid) : null;
        // Where /proc is missing, the wall clock stands in for the CPU clock.
        const cpuMs = use ? use.cpuMs : Date.now() - started;
        if (cpuMs > cpuLimitMs || Date.now() > wallEnd) return finish(new DocumentError(422, DOCUMENT_MESSAGES.tooSlow));
        if (use && use.rss > maxRss) finish(new DocumentError(422, OCR_MESSAGES.tooMuchMemory));
      }, 250);
      watch.unref?.();
      child.on("message", (m: ChildMessage) => {
        if (m.type === "progress") {
          if (this.limits.timeoutMs === undefined && m.pagesDone === 0 && m.pages > 0) cpuLimitMs = Math.min(cpuLimitMs, 30_000 + PER_PAGE_MS * m.pages);
          onProgress?.({ pages: m.pages, pagesDone: m.pagesDone, stage: m.stage });
        } else if (m.type === "done") finish(null, m.value);
        else if (m.status === 0) finish(new DocumentError(422, DOCUMENT_MESSAGES.crashed, { cause: new Error(m.message) }));
        else finish(new DocumentError(m.status as DocumentError["status"], m.message));
      });
      child.on("error", (e) => finish(new DocumentError(422, DOCUMENT_MESSAGES.crashed, { cause: e })));
      // A last message may still be on its way when the process ends: it is given a moment to land.
      child.on("exit", (code, signal) =>
        setTimeout(
          () => finish(new DocumentError(422, DOCUMENT_MESSAGES.crashed, { cause: new Error(`OCR process ended (${code ?? signal}): ${stderr}`) })),
          100,
        ),
      );
      child.send(task);
    });
  }

  /** Stops every OCR process (server shutdown, tests). */
  close(): void {
    for (const c of this.children) c.kill("SIGKILL");
    this.children.clear();
  }
}

const TICK_MS = 10; // USER_HZ = 100

/** A process's CPU time used (all its threads) and resident memory (Linux /proc), else null (wall clock, no memory limit). */
function usageOf(pid: number): { cpuMs: number; rss: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const m = /VmRSS:\s+(\d+)\s*kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return { cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS, rss: m ? Number(m[1]) * 1024 : 0 };
  } catch {
    return null;
  }
}
