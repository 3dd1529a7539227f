/**
 * `npm start`'s entry (scripts/start.mjs imports it; tests run it directly): one server process, or
 * with WORKERS=N a primary that runs N of them on one port (node:cluster shares the listening
 * socket). The primary serves nothing itself: it starts the workers, says once that Adesua is
 * running, starts a new worker when one dies after it was serving, stops everything when a worker
 * fails to start (the reason is printed by that worker), and passes SIGTERM/SIGINT on for a
 * graceful stop of all.
 */
import cluster, { type Worker } from "node:cluster";
import { ConfigError, loadConfig } from "./config";

const RESTART_DELAY_MS = 1000;
/** A worker still running this long after SIGTERM is killed (each one gives its requests 10 s). */
const STOP_TIMEOUT_MS = 15_000;

function fail(msg: string): never {
  console.error(`Adesua could not start: ${msg}`);
  process.exit(1);
}

type Listening = { type: "adesua:listening"; port: number; database: "pglite" | "postgres" };
const isListening = (m: unknown): m is Listening => typeof m === "object" && m !== null && (m as { type?: unknown }).type === "adesua:listening";

function runPrimary(count: number) {
  const indexOf = new Map<Worker, number>();
  const serving = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (index: number) => {
    // The index survives restarts: worker 0 is the one that takes the machine's backups.
    const w = cluster.fork({ ADESUA_WORKER_INDEX: String(index) });
    indexOf.set(w, index);
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!workers.length) process.exit(code);
    for (const w of workers) w.process.kill("SIGTERM");
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(code || 1);
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on("message", (w, msg: unknown) => {
    if (!isListening(msg)) return;
    serving.add(w);
    if (!announced && serving.size === count) {
      announced = true;
      console.log(`Adesua is running on http://localhost:${msg.port} (${count} server processes; database: PostgreSQL)`);
    }
  });

  cluster.on("exit", (w, code, signal) => {
    const index = indexOf.get(w)!;
    indexOf.delete(w);
    const wasServing = serving.delete(w);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
      return;
    }
    if (!wasServing) {
      // It never listened: a configuration or database problem that the next one would meet too.
      console.error("Adesua could not start: a server process stopped while starting (see above)");
      return stopAll(1);
    }
    console.error(`Server process ${w.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS);
  });

  const onSignal = (signal: string) => {
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} server processes`);
    stopAll(0);
  };
  process.once("SIGINT", () => onSignal("SIGINT"));
  process.once("SIGTERM", () => onSignal("SIGTERM"));

  for (let i = 0; i < count; i++) fork(i);
}

async function start() {
  if (cluster.isWorker) {
    await import("./main");
    return;
  }
  let workers: number;
  try {
    workers = loadConfig().workers;
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  if (workers === 1) await import("./main");
  else runPrimary(workers);
}

await start();
