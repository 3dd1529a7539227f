import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  adminEmail: string | null;
  adminPassword: string | null;
  sessionTtlHours: number;
  production: boolean;
  /** Folder with the built web app, served in production. */
  webDist: string | null;
  logLevel: string;
  /** Compress API answers over 1 KB (brotli or gzip, whichever the client accepts). */
  compressApi: boolean;
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (Fastify's trustProxy): the
   * client address counts failed sign-ins, so a client must not be able to choose it.
   */
  trustProxy: boolean | string;
  /** Hours between automatic backups (0: none) and how many to keep. */
  backupEveryHours: number;
  backupKeep: number;
  /** Server processes on the one port (`WORKERS`, default 1; `auto` = one per core). More than 1 needs DATABASE_URL. */
  workers: number;
  /** How often each server looks for overdue attempts to submit (`OVERDUE_SWEEP_MS`, default 15 s). */
  overdueSweepMs: number;
  /** PGlite on a thread of its own (decision 028); PGLITE_THREAD=false keeps it on the request thread. */
  pgliteThread: boolean;
  /**
   * Group commit of answer saves (decision 034): saves waiting at the same time go to the database as
   * one statement. `SAVE_GROUP_COMMIT`, on unless set to false, on either database (decision 053: on
   * PostgreSQL too since its pool stays open and the storm's connections are spread over the processes).
   */
  saveGroupCommit: boolean;
  /**
   * With group commit on: while saves arrive faster than one per this many ms, a batch waits that long for the
   * saves arriving meanwhile (decision 039). `SAVE_GROUP_COMMIT_LINGER_MS`, default 3, and 10 on a machine of half a core
   * or less (decision 054); 0 sends each batch at once.
   */
  saveGroupCommitLingerMs: number;
  /** The school's name, printed at the top of exported reports. */
  schoolName: string;
  /**
   * The address people open to sign in (`PUBLIC_URL`, e.g. https://adesua.myschool.edu.gh), printed on sign-in slips;
   * unset: the address the admin's browser used (issue 24).
   */
  publicUrl?: string | null;
  /**
   * Successful sign-ups allowed from one client address per hour (`SIGNUP_PER_HOUR`, default 20; 0 turns the
   * limit off, for load tests that sign up thousands of students from one machine). Decision 041.
   */
  signupPerHour?: number;
  /**
   * The SMS gateway of guardian messages (issue 28, lib/sms.ts): `SMS_URL` gets POST { to, message } as JSON with
   * `Authorization: Bearer SMS_TOKEN`. Unset: messages are written to a CSV for the school's own bulk-SMS service.
   */
  smsUrl?: string | null;
  smsToken?: string | null;
  /**
   * The memory this server may use, in MB (decision 052): `MEMORY_MB`, else the limit of the process's own cgroup
   * (a container's or a school box's), else null (none known). A small box gets a small PostgreSQL shared_buffers.
   */
  memoryMb?: number | null;
  /** Cores this server may use: `CPU_CORES`, else the cgroup's CPU quota, else null (none known). */
  cpuCores?: number | null;
  /**
   * PGlite's shared_buffers in MB (`PGLITE_SHARED_BUFFERS_MB`). Default from memoryMb: 16 up to 1 GB, 32 up to 2 GB,
   * else PostgreSQL's own 128 (decision 052: with 128 the embedded database alone is 300 MB resident).
   */
  pgliteSharedBuffersMb?: number;
  /**
   * The embedded database's WebAssembly compiled by V8's baseline compiler only (`PGLITE_LIFTOFF_ONLY`; default on up to
   * 1 GB of memory): about 40 MB less resident, no optimising compiles competing for a small CPU, slower hot code.
   */
  pgliteLiftoffOnly?: boolean;
};

/** What the kernel allows this process: its cgroup's memory limit (MB) and CPU quota (cores); null where none. */
export type MachineLimits = { memoryMb: number | null; cpuCores: number | null };

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
};

/**
 * The limits of the cgroup this process runs in (v1: memory.limit_in_bytes, cpu.cfs_quota_us / cpu.cfs_period_us;
 * v2: memory.max, cpu.max), the tightest of its group and the groups above it, found through /proc/self/cgroup.
 * Memory limits at or above the machine's memory count as none.
 */
export function cgroupLimits(readFile: (file: string) => string | null = read, totalMemory = os.totalmem()): MachineLimits {
  const groups = (readFile("/proc/self/cgroup") ?? "").split("\n").map((l) => l.split(":"));
  const pathOf = (controller: string) =>
    groups
      .find((g) => g.length >= 3 && g[1]!.split(",").includes(controller))
      ?.slice(2)
      .join(":") ?? null;
  const unified =
    groups
      .find((g) => g[0] === "0" && g[1] === "")
      ?.slice(2)
      .join(":") ?? null;
  /** The folders from the group up to the hierarchy's root (a container often sees its own group as the root). */
  const upward = (root: string, group: string) => {
    const parts = group.split("/").filter(Boolean);
    const dirs: string[] = [];
    for (let i = parts.length; i >= 0; i--) dirs.push(path.posix.join(root, ...parts.slice(0, i)));
    return dirs;
  };
  let memory = Infinity;
  let cpu = Infinity;
  const memGroup = pathOf("memory");
  if (memGroup !== null) {
    for (const dir of upward("/sys/fs/cgroup/memory", memGroup)) {
      const v = Number(readFile(`${dir}/memory.limit_in_bytes`));
      if (v > 0) memory = Math.min(memory, v);
    }
  }
  const cpuGroup = pathOf("cpu");
  if (cpuGroup !== null) {
    for (const dir of upward("/sys/fs/cgroup/cpu", cpuGroup)) {
      const quota = Number(readFile(`${dir}/cpu.cfs_quota_us`));
      const period = Number(readFile(`${dir}/cpu.cfs_period_us`));
      if (quota > 0 && period > 0) cpu = Math.min(cpu, quota / period);
    }
  }
  if (unified !== null && memGroup === null) {
    for (const dir of upward("/sys/fs/cgroup", unified)) {
      const max = readFile(`${dir}/memory.max`);
      if (max && max !== "max" && Number(max) > 0) memory = Math.min(memory, Number(max));
      const [quota, period] = (readFile(`${dir}/cpu.max`) ?? "max").split(" ");
      if (quota !== "max" && Number(quota) > 0 && Number(period) > 0) cpu = Math.min(cpu, Number(quota) / Number(period));
    }
  }
  return {
    memoryMb: memory < totalMemory ? Math.floor(memory / 2 ** 20) : null,
    cpuCores: Number.isFinite(cpu) ? Math.round(cpu * 100) / 100 : null,
  };
}

/**
 * How long a batch of saves waits for company while saves pour in (decision 039): 3 ms, and 10 ms on a machine of half a
 * core or less, where a batch's fixed cost on the database thread is most of a lone save's (decision 054).
 */
export const lingerFor = (cpuCores: number | null): number => (cpuCores !== null && cpuCores <= 0.5 ? 10 : 3);

/** shared_buffers for a memory budget (decision 052): the embedded database's largest fixed cost. */
export function sharedBuffersFor(memoryMb: number | null): number {
  if (memoryMb === null) return 128;
  if (memoryMb <= 1024) return 16;
  if (memoryMb <= 2048) return 32;
  return 128;
}

/** A configuration problem: main.ts prints its message as one line and exits. */
export class ConfigError extends Error {}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function boolVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function trustProxyVar(env: NodeJS.ProcessEnv): boolean | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return "loopback";
  if (["true", "false"].includes(raw.toLowerCase())) return raw.toLowerCase() === "true";
  return raw;
}

/** PUBLIC_URL: an http(s) address without a trailing slash, or null when unset. */
function publicUrlVar(env: NodeJS.ProcessEnv): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an address such as https://adesua.myschool.edu.gh, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got "${raw}"`);
  return url.href.replace(/\/+$/, "");
}

let cachedLimits: MachineLimits | null = null;
/** The process's cgroup limits, read once. */
function machineLimits(): MachineLimits {
  return (cachedLimits ??= cgroupLimits());
}

function cpuCoresVar(env: NodeJS.ProcessEnv): number {
  const raw = env.CPU_CORES!.trim();
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n <= 0 || n > 1024) throw new ConfigError(`CPU_CORES must be a number of cores such as 0.25 or 2, got "${raw}"`);
  return n;
}

const MAX_WORKERS = 64;

function workersVar(env: NodeJS.ProcessEnv): number {
  const raw = env.WORKERS?.trim().toLowerCase();
  if (raw === "auto") return Math.min(MAX_WORKERS, os.availableParallelism());
  if (raw && !/^\d+$/.test(raw)) throw new ConfigError(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or auto, got "${env.WORKERS}"`);
  return intVar(env, "WORKERS", 1, 1, MAX_WORKERS);
}

function smsUrlVar(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SMS_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMS_URL must be an http:// or https:// address, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`SMS_URL must be an http:// or https:// address, got "${raw}"`);
  return url.href;
}

/**
 * The configuration from the environment. `limits`: what the kernel allows this process (read once, from its
 * cgroup, unless given: tests pass their own).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, limits: MachineLimits = machineLimits()): Config {
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://`);
  }
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    throw new ConfigError("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (adminPassword && adminPassword.length < 8) throw new ConfigError("ADMIN_PASSWORD must be at least 8 characters");
  const workers = workersVar(env);
  if (workers > 1 && !databaseUrl) {
    // One process owns the embedded database's folder: several would each open their own copy of it.
    throw new ConfigError(`WORKERS=${env.WORKERS?.trim()} needs DATABASE_URL: the embedded database belongs to one process (unset WORKERS, or use PostgreSQL)`);
  }
  if (adminPassword && adminPassword.length > 200) throw new ConfigError("ADMIN_PASSWORD must be at most 200 characters");
  const memoryMb = env.MEMORY_MB?.trim() ? intVar(env, "MEMORY_MB", 0, 128, 1_048_576) : limits.memoryMb;
  const cpuCores = env.CPU_CORES?.trim() ? cpuCoresVar(env) : limits.cpuCores;
  return {
    memoryMb,
    cpuCores,
    pgliteSharedBuffersMb: intVar(env, "PGLITE_SHARED_BUFFERS_MB", sharedBuffersFor(memoryMb), 1, 65_536),
    pgliteLiftoffOnly: boolVar(env, "PGLITE_LIFTOFF_ONLY", memoryMb !== null && memoryMb <= 1024),
    port: intVar(env, "PORT", 3000, 0, 65535),
    host: env.HOST?.trim() || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR?.trim() || "./data"),
    databaseUrl,
    seedDemo: boolVar(env, "SEED_DEMO", !production),
    adminEmail,
    adminPassword,
    sessionTtlHours: intVar(env, "SESSION_TTL_HOURS", 12, 1, 24 * 90),
    production,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : null,
    logLevel: env.LOG_LEVEL?.trim() || (production ? "info" : "warn"),
    compressApi: boolVar(env, "COMPRESS_API", true),
    trustProxy: trustProxyVar(env),
    backupEveryHours: intVar(env, "BACKUP_EVERY_HOURS", 24, 0, 24 * 365),
    backupKeep: intVar(env, "BACKUP_KEEP", 7, 1, 1000),
    workers,
    overdueSweepMs: intVar(env, "OVERDUE_SWEEP_MS", 15_000, 100, 3_600_000),
    pgliteThread: boolVar(env, "PGLITE_THREAD", true),
    saveGroupCommit: boolVar(env, "SAVE_GROUP_COMMIT", true),
    saveGroupCommitLingerMs: intVar(env, "SAVE_GROUP_COMMIT_LINGER_MS", lingerFor(cpuCores), 0, 50),
    schoolName: (env.SCHOOL_NAME?.trim() || "Adesua School").slice(0, 120),
    publicUrl: publicUrlVar(env),
    signupPerHour: intVar(env, "SIGNUP_PER_HOUR", 20, 0, 1_000_000),
    smsUrl: smsUrlVar(env),
    smsToken: env.SMS_TOKEN?.trim() || null,
  };
}
