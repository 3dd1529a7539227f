import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";
import { ConfigError } from "../config";

/**
 * One database type for both modes. PGlite and node-postgres share Drizzle's PostgreSQL
 * query builder; we type both as the node-postgres flavour so services take one `Db`.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: a consistent gzipped tarball of the data folder, taken between queries (backups). */
  dumpDataDir?: () => Promise<Blob>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions = {
  databaseUrl: string | null;
  /** PGlite folder; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** PGlite: start from a dumped data folder (tests clone a migrated template). */
  pgliteLoad?: Blob;
  poolSize?: number;
  /**
   * PGlite: run the database on a thread of its own (decision 028), so queries do not block HTTP.
   * The server does; tests and command-line tools keep it on their own thread.
   */
  pgliteThread?: boolean;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: 5000,
    });
    pool.on("error", () => {}); // an idle client's error must not crash the process; queries report their own
    try {
      const c = await pool.connect();
      c.release();
    } catch (err) {
      await pool.end().catch(() => {});
      throw new ConfigError(`Cannot connect to DATABASE_URL (${(err as Error).message})`);
    }
    const db = drizzle(pool, { schema });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  if (opts.pgliteThread) {
    const { PGliteThread } = await import("./pglite-thread");
    const thread = await PGliteThread.open(opts.pgliteDir, opts.pgliteLoad);
    const { drizzle } = await import("drizzle-orm/pglite");
    const db = drizzle(thread as never, { schema }) as unknown as Db;
    return { db, kind: "pglite", close: () => thread.close(), dumpDataDir: () => thread.dumpDataDir("gzip") };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = opts.pgliteLoad ? await PGlite.create({ loadDataDir: opts.pgliteLoad }) : await PGlite.create(opts.pgliteDir ?? undefined);
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close(), dumpDataDir: () => client.dumpDataDir("gzip") };
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
