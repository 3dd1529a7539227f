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
});
