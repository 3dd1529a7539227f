import os from "node:os";
import { describe, expect, it } from "vitest";
import { cgroupLimits, ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, seedDemo: true, sessionTtlHours: 12, production: false });
    expect(c.dataDir.endsWith("data")).toBe(true);
  });
  it("turns demo seeding off in production unless asked", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
  it("refuses bad values with one clear sentence", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(new ConfigError('PORT must be a whole number, got "abc"'));
    expect(() => loadConfig({ PORT: "70000" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow("DATABASE_URL must start with postgres:// or postgresql://");
    expect(() => loadConfig({ ADMIN_EMAIL: "a@b.c" })).toThrow("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(ConfigError);
  });
  it("runs one server process unless WORKERS asks for more, which needs PostgreSQL", () => {
    const pg = { DATABASE_URL: "postgres://x@localhost/db" };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...pg, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ ...pg, WORKERS: "auto" }).workers).toBe(Math.min(64, os.availableParallelism()));
    expect(loadConfig({ WORKERS: "1" }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(
      new ConfigError("WORKERS=2 needs DATABASE_URL: the embedded database belongs to one process (unset WORKERS, or use PostgreSQL)"),
    );
    expect(() => loadConfig({ ...pg, WORKERS: "many" })).toThrow('WORKERS must be a whole number from 1 to 64, or auto, got "many"');
    expect(() => loadConfig({ ...pg, WORKERS: "0" })).toThrow("WORKERS must be between 1 and 64, got 0");
    expect(loadConfig({ OVERDUE_SWEEP_MS: "500" }).overdueSweepMs).toBe(500);
  });

  it("sizes the embedded database to the machine's memory: MEMORY_MB, else the cgroup's limit (decision 052)", () => {
    const none = { memoryMb: null, cpuCores: null };
    expect(loadConfig({}, none)).toMatchObject({ memoryMb: null, pgliteSharedBuffersMb: 128 });
    expect(loadConfig({}, { memoryMb: 768, cpuCores: 0.25 })).toMatchObject({ memoryMb: 768, cpuCores: 0.25, pgliteSharedBuffersMb: 16 });
    expect(loadConfig({ MEMORY_MB: "2048" }, none)).toMatchObject({ memoryMb: 2048, pgliteSharedBuffersMb: 32 });
    expect(loadConfig({ MEMORY_MB: "8192" }, { memoryMb: 768, cpuCores: null }).pgliteSharedBuffersMb).toBe(128);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: "64" }, { memoryMb: 768, cpuCores: null }).pgliteSharedBuffersMb).toBe(64);
    expect(loadConfig({ CPU_CORES: "0.5" }, none).cpuCores).toBe(0.5);
    // Saves linger longer for company on half a core or less (decision 054), unless told.
    expect(loadConfig({}, none).saveGroupCommitLingerMs).toBe(3);
    expect(loadConfig({}, { memoryMb: null, cpuCores: 1 }).saveGroupCommitLingerMs).toBe(3);
    expect(loadConfig({}, { memoryMb: 768, cpuCores: 0.25 }).saveGroupCommitLingerMs).toBe(10);
    expect(loadConfig({ CPU_CORES: "0.5" }, none).saveGroupCommitLingerMs).toBe(10);
    expect(loadConfig({ SAVE_GROUP_COMMIT_LINGER_MS: "0" }, { memoryMb: 768, cpuCores: 0.25 }).saveGroupCommitLingerMs).toBe(0);
    expect(loadConfig({}, none).pgliteLiftoffOnly).toBe(false);
    expect(loadConfig({}, { memoryMb: 768, cpuCores: null }).pgliteLiftoffOnly).toBe(true);
    expect(loadConfig({ PGLITE_LIFTOFF_ONLY: "false" }, { memoryMb: 768, cpuCores: null }).pgliteLiftoffOnly).toBe(false);
    expect(() => loadConfig({ MEMORY_MB: "lots" }, none)).toThrow('MEMORY_MB must be a whole number, got "lots"');
    expect(() => loadConfig({ MEMORY_MB: "64" }, none)).toThrow("MEMORY_MB must be between 128 and 1048576, got 64");
    expect(() => loadConfig({ CPU_CORES: "-1" }, none)).toThrow('CPU_CORES must be a number of cores such as 0.25 or 2, got "-1"');
  });
  it("reads the limits of the process's own cgroup, the tightest up to the root (v1 and v2)", () => {
    const gb = 2 ** 30;
    const v1: Record<string, string> = {
      "/proc/self/cgroup": "4:memory:/box/school\n2:cpu,cpuacct:/box/school\n0::/",
      "/sys/fs/cgroup/memory/box/school/memory.limit_in_bytes": String(768 * 2 ** 20),
      "/sys/fs/cgroup/memory/box/memory.limit_in_bytes": String(2 * gb),
      "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712",
      "/sys/fs/cgroup/cpu/box/school/cpu.cfs_quota_us": "25000",
      "/sys/fs/cgroup/cpu/box/school/cpu.cfs_period_us": "100000",
      "/sys/fs/cgroup/cpu/box/cpu.cfs_quota_us": "-1",
      "/sys/fs/cgroup/cpu/box/cpu.cfs_period_us": "100000",
    };
    expect(cgroupLimits((f) => v1[f] ?? null, 24 * gb)).toEqual({ memoryMb: 768, cpuCores: 0.25 });
    const v2: Record<string, string> = {
      "/proc/self/cgroup": "0::/school.slice/adesua.service",
      "/sys/fs/cgroup/school.slice/adesua.service/memory.max": "max",
      "/sys/fs/cgroup/school.slice/memory.max": String(gb),
      "/sys/fs/cgroup/school.slice/adesua.service/cpu.max": "50000 100000",
    };
    expect(cgroupLimits((f) => v2[f] ?? null, 24 * gb)).toEqual({ memoryMb: 1024, cpuCores: 0.5 });
    // No cgroup file (not Linux), or a limit above the machine's memory: none.
    expect(cgroupLimits(() => null, 24 * gb)).toEqual({ memoryMb: null, cpuCores: null });
    expect(cgroupLimits((f) => v1[f] ?? null, 512 * 2 ** 20)).toEqual({ memoryMb: null, cpuCores: 0.25 });
  });
});
