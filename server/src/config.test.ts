import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
});
