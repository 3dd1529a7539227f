import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { ConfigError } from "../config";
import type { SmallThread } from "./pglite-thread";

/**
 * One database type for both modes. PGlite and node-postgres share Drizzle's PostgreSQL
 * query builder; we type both as the node-postgres flavour so services take one `Db`.
 */
/**
 * Without the relational query API (nothing used it): with a schema, Drizzle builds a query builder per table for
 * every database object, and every transaction is one (50 tables: 25-30 µs and their garbage per transaction,
 * measured). Queries name their tables.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

/** A named statement with parameters, as queryPrepared sends it to PostgreSQL. */
export type PooledStatement = { name: string; text: string; values: unknown[] };

/** Runs each statement `times` times, in order, through `run`; the names of those that fail go to `failed`. */
async function runEach(statements: readonly PooledStatement[], times: number, run: (st: PooledStatement) => Promise<unknown>, failed: Set<string>) {
  for (const st of statements) for (let i = 0; i < times; i++) await run(st).catch(() => failed.add(st.name));
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: a consistent gzipped tarball of the data folder, taken between queries (backups). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Runs `fn` while holding the database's start-up lock: servers starting together (WORKERS, or
   * several machines) migrate and seed one at a time. PGlite has one process, so no lock.
   */
  startupLock: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * Runs each statement `times` times, in order, before the first request. PostgreSQL (the kept pool, poolWarm): on
   * every connection, as the named prepared statement queryPrepared makes of it, so a later queryPrepared of the same
   * name finds it prepared and planned. PGlite on its thread: as a query on that thread (its code and caches warmed).
   * Gives the names of the statements that failed (none should; their callers would then see the error when they run
   * them for real): the server starts anyway.
   */
  warmStatements?: (statements: readonly PooledStatement[], times: number) => Promise<string[]>;
  /** PGlite on its thread: the thread's figures, its heap and PostgreSQL's memory (MEMORY_DEBUG, decision 052). */
  stats?: () => Promise<{ heapUsedMb: number; heapTotalMb: number; wasmMb: number }>;
};

/** The advisory-lock key of start-up (any fixed number; "adesua" in ASCII). */
const STARTUP_LOCK_KEY = 0x616465737561;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions = {
  databaseUrl: string | null;
  /** PGlite folder; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** PGlite: start from a dumped data folder (tests clone a migrated template). */
  pgliteLoad?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: open the whole pool when the database opens and keep it open (decision 053; the server does, tests
   * and tools do not). A new connection is a new PostgreSQL backend whose first statements load its caches and
   * prepare the app's statements: opened lazily, they were opened by an exam's start burst, 20 per app server at once,
   * and an idle pool closed them again after 10 s.
   */
  poolWarm?: boolean;
  /**
   * PGlite: run the database on a thread of its own (decision 028), so queries do not block HTTP.
   * The server does; tests and command-line tools keep it on their own thread.
   */
  pgliteThread?: boolean;
  /**
   * PGlite: PostgreSQL settings for this start, e.g. `{ shared_buffers: "16MB" }` on a small machine (decision 052),
   * and whether a new data folder is created by a thread of its own first (the server: see PGliteThread.open).
   */
  pgliteSettings?: Record<string, string>;
  pgliteCreateApart?: boolean;
  /** PGlite: a gzipped empty data folder that a new data folder is made from (scripts/build-server.mjs; decision 052). */
  pgliteTemplate?: string | null;
  /** PGlite's thread on a small machine (pglite-thread.ts SmallThread, decision 052). */
  pgliteSmall?: SmallThread;
};

/**
 * Both databases leave the performance summaries' upkeep to a backlog that is drained before they
 * are read (decisions 038 and 053; services/performance/summary-backlog.ts): otherwise that work runs
 * inside every submit of an exam's burst. A setting of the session: set when PGlite opens, and given
 * to every PostgreSQL connection at its start (no extra round trip).
 */
const DEFER_SUMMARIES = "set adesua.summaries = 'deferred'";
const DEFER_SUMMARIES_OPTION = "-c adesua.summaries=deferred";

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      ...(opts.poolWarm ? { min: opts.poolSize ?? 20 } : {}),
      connectionTimeoutMillis: 5000,
      options: DEFER_SUMMARIES_OPTION,
    });
    pool.on("error", () => {}); // an idle client's error must not crash the process; queries report their own
    /** Every connection of the pool at once (poolWarm: the pool's min is its max). */
    const connectAll = () => Promise.all(Array.from({ length: opts.poolSize ?? 20 }, () => pool.connect()));
    try {
      const c = await pool.connect();
      c.release();
      if (opts.poolWarm) {
        // Each connect is a PostgreSQL backend, started and signed in; released, it stays in the pool (min = max).
        for (const client of await connectAll()) client.release();
      }
    } catch (err) {
      await pool.end().catch(() => {});
      throw new ConfigError(`Cannot connect to DATABASE_URL (${(err as Error).message})`);
    }
    const db = drizzle(pool);
    const startupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A session lock, held on one client of the pool while `fn` uses the others.
      const c = await pool.connect();
      try {
        await c.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await c.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
        c.release();
      }
    };
    const warmStatements = async (statements: readonly PooledStatement[], times: number) => {
      const failed = new Set<string>();
      const all = await connectAll();
      try {
        await Promise.all(all.map((c) => runEach(statements, times, (st) => c.query({ name: st.name, text: st.text, values: st.values }), failed)));
      } finally {
        for (const c of all) c.release();
      }
      return [...failed];
    };
    return { db, kind: "postgres", close: () => pool.end(), startupLock, ...(opts.poolWarm ? { warmStatements } : {}) };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  if (opts.pgliteThread) {
    const { PGliteThread } = await import("./pglite-thread");
    const thread = await PGliteThread.open(opts.pgliteDir, opts.pgliteLoad, {
      settings: opts.pgliteSettings,
      createApart: opts.pgliteCreateApart,
      template: opts.pgliteTemplate,
      small: opts.pgliteSmall,
    });
    const { drizzle } = await import("drizzle-orm/pglite");
    const db = drizzle(thread as never) as unknown as Db;
    await thread.exec(DEFER_SUMMARIES);
    return {
      db,
      kind: "pglite",
      close: () => thread.close(),
      dumpDataDir: () => thread.dumpDataDir("gzip"),
      startupLock: (fn) => fn(),
      stats: () => thread.stats(),
      warmStatements: async (statements, times) => {
        const failed = new Set<string>();
        await runEach(statements, times, (st) => thread.query(st.text, st.values), failed);
        return [...failed];
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteStartParams } = await import("./pglite-protocol");
  const startParams = pgliteStartParams(PGlite.defaultStartParams, opts.pgliteSettings);
  const client = opts.pgliteLoad
    ? await PGlite.create({ loadDataDir: opts.pgliteLoad, ...startParams })
    : await PGlite.create(opts.pgliteDir ?? undefined, startParams);
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle(client) as unknown as Db;
  await client.exec(DEFER_SUMMARIES);
  return { db, kind: "pglite", close: () => client.close(), dumpDataDir: () => client.dumpDataDir("gzip"), startupLock: (fn) => fn() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const cfg = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db, cfg);
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, cfg);
  }
}

export async function pingDatabase(db: Db): Promise<number> {
  const t = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - t) * 10) / 10;
}
