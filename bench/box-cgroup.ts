/**
 * The school box (issue 30): a fresh cgroup (v1) that confines the app to a CPU quota and a memory limit, as a
 * Raspberry-Pi-class machine would. Used by `bench/exam-storm.ts --cpu 0.25 --memory-mb 768` and `bench/box-start.ts`.
 *
 * The app joins it the way an admin would do it by hand: a shell writes its own pid into both groups' `tasks`
 * and then `exec`s node (`prefix()`), so the app's process, its threads and any child it forks are inside from
 * their first instruction, and its pid stays the shell's. The load generator stays outside.
 *
 * Resident memory is the group's `memory.stat` `total_rss` (anonymous memory: heaps, WebAssembly memory, stacks),
 * not `memory.usage_in_bytes`, which also counts page cache (the database's files read through the kernel). Peak
 * resident memory is sampled (`startSampling`); `memory.max_usage_in_bytes` (with page cache) is the kernel's own peak.
 */
import fs from "node:fs";

const ROOT = "/sys/fs/cgroup";

export type BoxLimits = {
  /** Cores the app may use (CFS quota over a 100 ms period): 0.25 = a quarter of one core. */
  cpu: number | null;
  /** Memory limit in MB (memory.limit_in_bytes). */
  memoryMb: number | null;
};

export type BoxMemory = {
  /** Anonymous resident memory of every process in the group (memory.stat total_rss), MB. */
  rssMb: number;
  /** Page cache charged to the group (total_cache), MB. */
  cacheMb: number;
  /** memory.usage_in_bytes (rss + cache + kernel), MB. */
  usageMb: number;
};

export type BoxReport = {
  cgroup: string;
  cpu: number | null;
  memoryLimitMb: number | null;
  /** Highest total_rss seen by the sampler (every 250 ms), MB. */
  peakRssMb: number;
  /** The kernel's own peak of memory.usage_in_bytes (resident + page cache), MB. */
  maxUsageMb: number | null;
  /** Times the group hit its memory limit (memory.failcnt: reclaim of page cache counts too). */
  failcnt: number | null;
  /** Processes killed by the group's OOM killer (memory.oom_control oom_kill). */
  oomKills: number | null;
  /** CPU time the group was refused by its quota (cpu.stat throttled_time), s, and in how many periods. */
  throttledSeconds: number | null;
  throttledPeriods: number | null;
  /** The group's memory when the report was taken. */
  now: BoxMemory;
};

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function readNumber(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, "utf8").trim());
  } catch {
    return null;
  }
}

function readKeyed(file: string): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      const [k, v] = line.split(" ");
      if (k && v !== undefined) out[k] = Number(v);
    }
  } catch {
    /* group gone */
  }
  return out;
}

export class Box {
  readonly name: string;
  readonly cpuDir: string | null;
  readonly memoryDir: string | null;
  private peakRss = 0;
  private sampler: NodeJS.Timeout | null = null;

  private constructor(
    readonly limits: BoxLimits,
    name: string,
  ) {
    this.name = name;
    this.cpuDir = limits.cpu === null ? null : `${ROOT}/cpu/${name}`;
    // The memory group is made even without a limit: it is how the app's resident memory is measured.
    this.memoryDir = `${ROOT}/memory/${name}`;
  }

  /** Makes the groups (root is needed: cgroup v1 under /sys/fs/cgroup) and sets the limits. */
  static create(limits: BoxLimits, name = `adesua-box-${process.pid}-${Date.now() % 100000}`): Box {
    if (!fs.existsSync(`${ROOT}/memory/cgroup.procs`) || !fs.existsSync(`${ROOT}/cpu/cgroup.procs`)) {
      throw new Error(`--cpu/--memory-mb need cgroup v1 with the cpu and memory controllers under ${ROOT} (this machine has none)`);
    }
    const box = new Box(limits, name);
    try {
      if (box.cpuDir) {
        fs.mkdirSync(box.cpuDir);
        fs.writeFileSync(`${box.cpuDir}/cpu.cfs_period_us`, "100000");
        fs.writeFileSync(`${box.cpuDir}/cpu.cfs_quota_us`, String(Math.max(1000, Math.round(limits.cpu! * 100000))));
      }
      fs.mkdirSync(box.memoryDir!);
      if (limits.memoryMb !== null) fs.writeFileSync(`${box.memoryDir}/memory.limit_in_bytes`, String(Math.round(limits.memoryMb * 2 ** 20)));
    } catch (e) {
      box.destroy();
      const err = e as NodeJS.ErrnoException;
      throw new Error(`could not make the cgroup ${name} (${err.code === "EACCES" || err.code === "EPERM" ? "run as root" : err.message})`, { cause: e });
    }
    return box;
  }

  /**
   * The command that starts a program inside the box: `sh -c 'echo $$ > …/tasks; …; exec "$0" "$@"'` followed by the
   * program and its arguments. The shell is one thread, so `tasks` moves the whole process; its children inherit it.
   */
  prefix(): string[] {
    const joins = [this.cpuDir, this.memoryDir]
      .filter((d): d is string => !!d)
      .map((d) => `echo $$ > ${d}/tasks`)
      .join(" && ");
    return ["/bin/sh", "-c", `${joins} && exec "$0" "$@"`];
  }

  memory(): BoxMemory {
    const stat = readKeyed(`${this.memoryDir}/memory.stat`);
    return { rssMb: mb(stat.total_rss ?? 0), cacheMb: mb(stat.total_cache ?? 0), usageMb: mb(readNumber(`${this.memoryDir}/memory.usage_in_bytes`) ?? 0) };
  }

  /** Samples total_rss every `ms` for the peak. */
  startSampling(ms = 250): void {
    this.stopSampling();
    const tick = () => (this.peakRss = Math.max(this.peakRss, this.memory().rssMb));
    tick();
    this.sampler = setInterval(tick, ms);
    this.sampler.unref();
  }

  stopSampling(): void {
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
    this.peakRss = Math.max(this.peakRss, this.memory().rssMb);
  }

  /** Forgets the peak so far (e.g. to measure the storm apart from the start-up). */
  resetPeak(): void {
    this.peakRss = this.memory().rssMb;
    if (this.memoryDir) {
      try {
        fs.writeFileSync(`${this.memoryDir}/memory.max_usage_in_bytes`, "0");
      } catch {
        /* not resettable here */
      }
    }
  }

  /** How many processes are in the group now. */
  processes(): number[] {
    try {
      return fs.readFileSync(`${this.memoryDir}/cgroup.procs`, "utf8").split("\n").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  report(): BoxReport {
    this.peakRss = Math.max(this.peakRss, this.memory().rssMb);
    const oom = readKeyed(`${this.memoryDir}/memory.oom_control`);
    const cpuStat = this.cpuDir ? readKeyed(`${this.cpuDir}/cpu.stat`) : {};
    const maxUsage = readNumber(`${this.memoryDir}/memory.max_usage_in_bytes`);
    return {
      cgroup: this.name,
      cpu: this.limits.cpu,
      memoryLimitMb: this.limits.memoryMb,
      peakRssMb: this.peakRss,
      maxUsageMb: maxUsage === null ? null : mb(maxUsage),
      failcnt: readNumber(`${this.memoryDir}/memory.failcnt`),
      oomKills: oom.oom_kill ?? null,
      throttledSeconds: cpuStat.throttled_time === undefined ? null : Math.round(cpuStat.throttled_time / 1e7) / 100,
      throttledPeriods: cpuStat.nr_throttled ?? null,
      now: this.memory(),
    };
  }

  /** Removes the groups (once their processes have ended; any left are killed first). */
  destroy(): void {
    this.stopSampling();
    for (const pid of this.processes()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    for (const dir of [this.cpuDir, this.memoryDir]) {
      if (!dir || !fs.existsSync(dir)) continue;
      for (let i = 0; i < 20; i++) {
        try {
          fs.rmdirSync(dir);
          break;
        } catch {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        }
      }
    }
  }
}

/** Parses `--cpu 0.25` / `--memory-mb 768` (either may be missing: then no box, or a box with one limit). */
export function boxLimits(cpu: string | undefined, memoryMb: string | undefined): BoxLimits | null {
  if (cpu === undefined && memoryMb === undefined) return null;
  const c = cpu === undefined ? null : Number(cpu);
  const m = memoryMb === undefined ? null : Number(memoryMb);
  if (c !== null && !(c > 0 && c <= 64)) throw new Error(`--cpu takes cores, e.g. 0.25, got ${cpu}`);
  if (m !== null && !(m >= 64)) throw new Error(`--memory-mb takes MB (at least 64), got ${memoryMb}`);
  return { cpu: c, memoryMb: m };
}

/** Resident memory of one process and of each of its threads' names, from /proc (VmRSS is the whole process). */
export function processMemory(pid: number): { vmRssMb: number; vmHwmMb: number; threads: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { vmRssMb: mb(kb("VmRSS") * 1024), vmHwmMb: mb(kb("VmHWM") * 1024), threads: kb("Threads") };
  } catch {
    return null;
  }
}
