import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type AppOptions } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase, type Database } from "../src/db/client";
import { adminUrl } from "./pg-admin";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of this test's own database; null on PGlite. */
  databaseUrl: string | null;
  /**
   * Moves the server clock (for deadlines); `clock.set(null)` returns to real time. `clock.freeze(d)`
   * stops it at `d` (for rules at exactly "now"), until the next `set` or `freeze(null)`.
   */
  clock: { offsetMs: number; set: (d: Date | null) => void; freeze: (d: Date | null) => void };
  close: () => Promise<void>;
};

let cloneCounter = 0;

async function openTestDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const tmpl = inject("pgTemplate");
  const url = process.env.DATABASE_URL;
  if (tmpl && url) {
    const pg = (await import("pg")).default;
    const name = `${tmpl}_c${process.pid}_${++cloneCounter}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database "${name}" template "${tmpl}"`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, poolSize: 10 });
    return {
      database,
      url: u.toString(),
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject("pgliteDump"));
  // TEST_PGLITE_THREAD=1 runs the suite against PGlite on its own thread, as the server runs it (decision 028).
  const database = await openDatabase({
    databaseUrl: null,
    pgliteDir: null,
    pgliteLoad: new Blob([dump]),
    pgliteThread: process.env.TEST_PGLITE_THREAD === "1",
  });
  return { database, url: null, drop: () => database.close() };
}

/** A real app on a fresh, migrated database of its own (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(env: Record<string, string> = {}, appOptions: Pick<AppOptions, "logger"> = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-data-"));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", ...env });
  const clock = {
    offsetMs: 0,
    frozenMs: null as number | null,
    set(d: Date | null) {
      clock.frozenMs = null;
      clock.offsetMs = d ? d.getTime() - Date.now() : 0;
    },
    freeze(d: Date | null) {
      clock.offsetMs = 0;
      clock.frozenMs = d ? d.getTime() : null;
    },
  };
  const app = await buildApp({ database, config, now: () => new Date(clock.frozenMs ?? Date.now() + clock.offsetMs), ...appOptions });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    clock,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test app for the whole file: made in a `beforeAll` and closed in an `afterAll` registered where this is called
 * (at the top of the file). Its fields read the app of the running file, so `t.app`, `t.database`, `t.clock` and
 * `t.databaseUrl` work inside tests and later hooks as with a `let t` set in `beforeAll`.
 */
export function useTestApp(env: Record<string, string> = {}, appOptions: Pick<AppOptions, "logger"> = {}): TestApp {
  let current: TestApp | null = null;
  const open = (): TestApp => {
    if (!current) throw new Error("useTestApp: the test app is used before its beforeAll has run");
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(env, appOptions);
  });
  afterAll(() => current?.close());
  return {
    get app() {
      return open().app;
    },
    get database() {
      return open().database;
    },
    get databaseUrl() {
      return open().databaseUrl;
    },
    get clock() {
      return open().clock;
    },
    close: () => open().close(),
  };
}

/** A log destination that keeps every line written to it (for `useTestApp({}, { logger: { stream, level } })`). */
export function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

/** fastify.inject with a bearer token and a parsed JSON body. */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: any = undefined;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body };
}

/**
 * For routes that skip the response re-validation (`builtAnswer`): the answer is exactly what its schema
 * allows, no field more (zod's parse drops unknown keys, so an extra one makes the two differ) and none of
 * the wrong type.
 */
export function expectSchema(schema: { parse: (v: unknown) => unknown }, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}
