import cluster from "node:cluster";
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { configureDocumentPool } from "./documents/pool";
import { migrateDatabase, openDatabase, type Database } from "./db/client";
import { HOT_STATEMENT_RUNS, hotStatements } from "./services/attempts/attempt-warm";
import { buildApp } from "./app";
import { seedIfEmpty } from "./services/demo/seed.service";
import { backupJob, jobs, startBackgroundJobs } from "./jobs/scheduler";

const here = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

function fail(msg: string): never {
  console.error(`Adesua could not start: ${msg}`);
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, "../../web/dist");
  if (!fs.existsSync(path.join(config.webDist, "index.html"))) {
    console.warn(`Web app not built (${config.webDist}); serving the API only. Run: npm run build`);
  }
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
  } catch (e) {
    fail(`DATA_DIR ${config.dataDir} is not writable (${(e as Error).message})`);
  }
  const pgliteDir = config.databaseUrl ? null : path.join(config.dataDir, "db");
  const small = config.memoryMb !== null && config.memoryMb! <= 1024;
  // One document thread with a smaller heap, and OCR held to 300 MB: one teacher's scan must not take the box (decision 052).
  if (small) configureDocumentPool({ maxThreads: 1, maxOldGenerationSizeMb: 128, ocr: { maxRssMb: 300 } });
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      // PostgreSQL: the pool opened at start and kept (decision 053), not by an exam's first burst.
      poolWarm: true,
      pgliteDir,
      pgliteThread: config.pgliteThread,
      // Sized to the machine; a new data folder comes from the build's template or a thread that then ends (decision 052).
      pgliteSettings: {
        shared_buffers: `${config.pgliteSharedBuffersMb ?? 128}MB`,
        ...(small ? { maintenance_work_mem: "16MB" } : {}),
      },
      pgliteCreateApart: true,
      pgliteTemplate: path.resolve(here, "../dist/pglite-template.tgz"),
      // Up to 1 GB: a small young heap for the database thread and, unless PGLITE_LIFTOFF_ONLY=false, baseline-compiled WebAssembly.
      pgliteSmall: { liftoffOnly: config.pgliteLiftoffOnly, ...(small ? { youngGenerationMb: 8 } : {}) },
    });
  const fresh = pgliteDir !== null && !fs.existsSync(path.join(pgliteDir, "PG_VERSION"));
  let database: Database = await open();
  // Servers starting together (WORKERS, several machines) migrate and seed one after another.
  const seeded = await database.startupLock(async () => {
    await migrateDatabase(database);
    return seedIfEmpty(database.db, config);
  });
  if (fresh && config.pgliteThread) {
    // A new database's first start (its folder made, every migration, the demo school) leaves the database thread
    // 100+ MB larger than any later start; WebAssembly memory never shrinks, so the thread is started again (decision 052).
    await database.close();
    database = await open();
  }
  // The exam's hot statements run before the first request: on every kept PostgreSQL connection, or PGlite's thread.
  const unprepared = (await database.warmStatements?.(hotStatements(database.kind === "pglite"), HOT_STATEMENT_RUNS)) ?? [];
  if (unprepared.length) console.warn(`Could not run ${unprepared.join(", ")} ahead of requests; they are prepared when first used`);
  const app = await buildApp({ database, config, logger: true });
  // Every job is safe on several servers at once, except the backup: one per machine is enough, so
  // with WORKERS only the first process takes it (cluster.ts numbers them).
  const firstOnMachine = !cluster.isWorker || process.env.ADESUA_WORKER_INDEX === "0";
  const stopJobs = startBackgroundJobs(app, [...jobs, ...(firstOnMachine ? backupJob(app) : [])]);

  // Graceful stop (SIGTERM, SIGINT): stop taking requests and let the ones in flight finish (up to
  // SHUTDOWN_GRACE_MS), stop the background jobs once their current run ends, then close the
  // database (PGlite writes its folder cleanly) and exit 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    const closed = app.close().then(
      () => true,
      () => false,
    );
    const inTime = await Promise.race([closed, new Promise<false>((r) => setTimeout(() => r(false), SHUTDOWN_GRACE_MS).unref())]);
    if (!inTime) console.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s; stopping anyway`);
    await stopJobs();
    await database.close().catch((e) => console.error(`Closing the database failed: ${(e as Error).message}`));
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  // A worker whose primary has gone (killed) stops too, instead of serving on alone.
  if (cluster.isWorker) process.once("disconnect", () => void shutdown("primary gone"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "EADDRINUSE") fail(`port ${config.port} is already in use (set PORT to another port)`);
    throw e;
  }
  const port = (app.server.address() as { port: number }).port;
  if (cluster.isWorker) {
    // The primary says once that Adesua is running, when every worker listens.
    process.send?.({ type: "adesua:listening", port, database: database.kind });
  } else {
    console.log(
      `Adesua is running on http://localhost:${port} (database: ${database.kind === "pglite" ? `embedded, ${path.join(config.dataDir, "db")}${config.pgliteThread ? ", on its own thread" : ""}` : "PostgreSQL"})`,
    );
  }
  if (process.env.MEMORY_DEBUG) logMemory(database);
  if (seeded.created === "demo") {
    console.log("A demo school was created. Sign in with:");
    for (const a of seeded.accounts) console.log(`  ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
  } else if (seeded.created === "admin") {
    console.log(`Admin account created: ${config.adminEmail}`);
  }
}

/**
 * MEMORY_DEBUG=1 (decision 052): every 10 s, where the process's memory is: resident, the request thread's heap,
 * memory outside heaps (buffers, WebAssembly), and the database thread's heap and PostgreSQL's WebAssembly memory.
 */
function logMemory(database: Database) {
  const mb = (n: number) => Math.round(n / 2 ** 20);
  const once = async () => {
    const m = process.memoryUsage();
    const thread = database.stats ? await database.stats().catch(() => null) : null;
    console.log(
      `memory: rss ${mb(m.rss)} MB; request thread heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB; external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)})` +
        (thread
          ? `; database thread heap ${Math.round(thread.heapUsedMb)}/${Math.round(thread.heapTotalMb)} MB, PostgreSQL memory ${Math.round(thread.wasmMb)} MB`
          : ""),
    );
  };
  void once();
  setInterval(() => void once(), 10_000).unref();
}

main().catch((e) => {
  if (e instanceof ConfigError) fail(e.message);
  fail((e as Error).message.split("\n")[0]);
});
