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
   * one statement. `SAVE_GROUP_COMMIT`; null (unset) means on for the embedded database, off on PostgreSQL.
   */
  saveGroupCommit: boolean | null;
  /**
   * With group commit on: while saves arrive faster than one per this many ms, a batch waits that long for the
   * saves arriving meanwhile (decision 039). `SAVE_GROUP_COMMIT_LINGER_MS`, default 3; 0 sends each batch at once.
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
};

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  return {
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
    saveGroupCommit: env.SAVE_GROUP_COMMIT?.trim() ? boolVar(env, "SAVE_GROUP_COMMIT", false) : null,
    saveGroupCommitLingerMs: intVar(env, "SAVE_GROUP_COMMIT_LINGER_MS", 3, 0, 50),
    schoolName: (env.SCHOOL_NAME?.trim() || "Adesua School").slice(0, 120),
    publicUrl: publicUrlVar(env),
    signupPerHour: intVar(env, "SIGNUP_PER_HOUR", 20, 0, 1_000_000),
    smsUrl: smsUrlVar(env),
    smsToken: env.SMS_TOKEN?.trim() || null,
  };
}
