import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { DocumentError } from "../errors.ts";
import { readScan, type ScanTask } from "./scan.ts";

/**
 * The OCR process (forked by runner.ts, one paper per process). Every thread it has, and every thread it starts later
 * (Tesseract's worker, libvips' and libuv's pools inherit from the thread that makes them), runs at nice 19, so a
 * running exam's requests always win the CPU.
 */
function niceAllThreads(): void {
  if (process.platform !== "linux") {
    try {
      os.setPriority(19);
    } catch {
      /* not permitted */
    }
    return;
  }
  let tids: string[] = [];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    tids = [String(process.pid)];
  }
  for (const tid of tids) {
    try {
      os.setPriority(Number(tid), 19);
    } catch {
      /* not permitted: normal priority */
    }
  }
}
/**
 * On Linux the process also takes the SCHED_IDLE policy (chrt from util-linux, when present), for all its threads:
 * the scheduler then runs it only on CPU time nothing else wants, which nice 19 alone does not promise (a nice-19
 * task still gets a slice beside a busy server thread). Threads started later inherit the policy.
 */
function idleSchedule(): void {
  if (process.platform !== "linux") return;
  for (const chrt of ["/usr/bin/chrt", "/bin/chrt"]) {
    if (!fs.existsSync(chrt)) continue;
    try {
      execFileSync(chrt, ["--idle", "-a", "-p", "0", String(process.pid)], { stdio: "ignore", timeout: 2000 });
    } catch {
      /* not permitted: nice 19 stays */
    }
    return;
  }
}
niceAllThreads();
idleSchedule();

export type ChildMessage =
  { type: "progress"; pages: number; pagesDone: number; stage: string } | { type: "done"; value: unknown } | { type: "error"; status: number; message: string };

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));

process.once("message", (task: ScanTask) => {
  void (async () => {
    try {
      const value = await readScan({ ...task, bytes: new Uint8Array(task.bytes) }, (p) => {
        niceAllThreads();
        idleSchedule();
        void send({ type: "progress", ...p });
      });
      await send({ type: "done", value });
    } catch (e) {
      if (e instanceof DocumentError) await send({ type: "error", status: e.status, message: e.message });
      else await send({ type: "error", status: 0, message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
    process.disconnect();
    process.exit(0);
  })();
});
