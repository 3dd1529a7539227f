import fs from "node:fs";
import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { endingTransaction, fromWireError, shape, type DbReply, type DbRequest, type QueryOptions, type QueryShape, type WireError } from "./pglite-protocol";

/**
 * PGlite on a thread of its own (decision 028): the request thread talks to pglite-worker.ts by
 * messages, through an object with the part of PGlite's interface Drizzle uses (`query`, `exec`,
 * `transaction`), so `drizzle-orm/pglite` runs on it unchanged.
 */

/** Set to true by scripts/build-server.mjs in the built server (server/dist). */
declare const ADESUA_BUILD: boolean | undefined;

/**
 * The thread's code: built, server/dist/pglite-worker.js beside the built server (decision 052); from source, a
 * JavaScript file that registers tsx in the thread and imports pglite-worker.ts (see there).
 */
const WORKER_FILE =
  typeof ADESUA_BUILD !== "undefined" && ADESUA_BUILD
    ? new URL("../../dist/pglite-worker.js", import.meta.url)
    : new URL("./pglite-worker-boot.mjs", import.meta.url);

/**
 * The database thread on a small machine (decision 052): `liftoffOnly` runs PostgreSQL's WebAssembly with V8's baseline
 * compiler alone (no optimising tier: about 40 MB less resident code, and no optimising compile competing with
 * requests for a quarter of a core, for slower code at its hottest); `youngGenerationMb` caps the thread's young heap.
 */
export type SmallThread = { liftoffOnly?: boolean; youngGenerationMb?: number };

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** What a Drizzle PGlite session needs of a transaction. */
export type RemoteTransaction = {
  /** Statements may be sent before the previous one answers (db/prepared.ts `pipelines`). */
  readonly pipelines: true;
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
  exec: (sql: string) => Promise<unknown>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

export class PGliteThread {
  private readonly worker: Worker;
  /** The thread's answers arrive on a port of their own, so `call` can take them early (see there). */
  private readonly replies: MessagePort;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private nextTx = 0;
  /** When the last message was sent (idle()). */
  private lastCall = 0;
  private closing = false;
  /** Set when the thread has died: every later call fails with it. */
  private dead: Error | null = null;
  /** Marks this client for db/prepared.ts: statements are kept by the thread, so plain queries are already prepared. */
  readonly keepsStatements = true;

  private constructor(worker: Worker, replies: MessagePort) {
    this.worker = worker;
    this.replies = replies;
    replies.on("message", (batch: DbReply[]) => this.settle(batch));
    // The worker keeps the process alive while it runs; the port must not keep it alive after.
    replies.unref();
    const die = (e: Error) => {
      this.dead = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      if (!this.closing) this.onDeath(e);
    };
    worker.on("error", (e) => die(new Error(`The database thread failed: ${e.message}`)));
    worker.on("exit", (code) => die(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /**
   * What to do when the database thread dies while the server runs (a WebAssembly abort, out of
   * memory): by default the process exits, so a supervisor restarts it on the same data rather than
   * a server answering 500 to everything.
   */
  onDeath: (e: Error) => void = (e) => {
    console.error(`Adesua is stopping: ${e.message}`);
    process.exit(1);
  };

  /**
   * Opens PGlite on a new thread: in `dataDir`, in memory (null), or from a dumped data folder (`load`: into `dataDir`,
   * or memory). `settings` are PostgreSQL settings for this start (decision 052: a small shared_buffers on a small machine).
   *
   * `createApart` (the server): a data folder that does not exist yet is filled from `template` (a gzipped empty data
   * folder made at build time, scripts/build-server.mjs) when there is one, or else created by a thread of its own
   * which then ends. Creating one runs initdb, which peaks near 700 MB and leaves several hundred MB of WebAssembly
   * memory behind in its thread (freed only with the thread); the server's thread then opens the new folder as it
   * opens it every day (decision 052).
   */
  static async open(
    dataDir: string | null,
    load?: Blob,
    opts: { settings?: Record<string, string>; createApart?: boolean; template?: string | null; small?: SmallThread } = {},
  ): Promise<PGliteThread> {
    if (opts.createApart && dataDir && !load && !fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
      if (opts.template && fs.existsSync(opts.template)) {
        const bytes = fs.readFileSync(opts.template);
        return PGliteThread.start(dataDir, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), opts.settings, opts.small);
      }
      const creator = await PGliteThread.start(dataDir, null, opts.settings, opts.small);
      await creator.close();
    }
    return PGliteThread.start(dataDir, load ? await load.arrayBuffer() : null, opts.settings, opts.small);
  }

  private static async start(
    dataDir: string | null,
    loadBuf: ArrayBuffer | null,
    settings?: Record<string, string>,
    small?: SmallThread,
  ): Promise<PGliteThread> {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir, load: loadBuf, replies: port2, settings, liftoffOnly: small?.liftoffOnly ?? false },
      // The young generation's semi-spaces are the thread's largest resident cost after PostgreSQL's own memory.
      ...(small?.youngGenerationMb ? { resourceLimits: { maxYoungGenerationSizeMb: small.youngGenerationMb } } : {}),
      transferList: loadBuf ? [loadBuf, port2] : [port2],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; error?: WireError }) => {
        if (m.ready === undefined) return;
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        if (m.ready) resolve();
        else reject(fromWireError(m.error!));
      };
      const onExit = (code: number) => reject(new Error(`The database thread stopped while opening (exit code ${code})`));
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      worker.once("error", reject);
    });
    return new PGliteThread(worker, port1);
  }

  /** Answers arrive in batches, in the order the thread finished them (pglite-worker.ts). */
  private settle(batch: DbReply[]) {
    for (const r of batch) {
      const p = this.pending.get(r.id);
      if (!p) continue;
      this.pending.delete(r.id);
      if (r.ok) p.resolve(r.value);
      else p.reject(fromWireError(r.error));
    }
  }

  /**
   * Takes every answer the thread has already sent, without waiting for the event loop to deliver it.
   * A transaction holds the database between its statements; each of its answers is otherwise an event
   * queued behind all the HTTP work of the current loop turn (tens of requests in a burst), and the
   * database serves nobody meanwhile. Every request calls the database at least once (the session
   * lookup), so draining here lets a waiting transaction continue after the current request's
   * synchronous work instead of after the whole turn. Each answer is still taken exactly once, in order.
   */
  private drain() {
    for (let m = receiveMessageOnPort(this.replies); m; m = receiveMessageOnPort(this.replies)) this.settle(m.message as DbReply[]);
  }

  private call<T>(req: DbRequest): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    this.drain();
    const id = ++this.nextId;
    this.lastCall = performance.now();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...req });
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    return this.call({ op: "query", tx: null, ...shape(sql, params, options) });
  }

  exec(sql: string): Promise<unknown> {
    return this.call({ op: "exec", tx: null, sql });
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (PGlite's
   * `transaction` contract). BEGIN travels with the first statement (pglite-protocol.ts), and a
   * transaction that runs no statement never takes the database.
   */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = ++this.nextTx;
    let ended = false;
    /** The first statement (with BEGIN). Later ones may be sent before it answers: the thread queues them behind it. */
    let first: Promise<unknown> | null = null;
    const check = () => {
      if (ended) throw new Error("Transaction is closed");
    };
    const send = async (req: ({ op: "query"; sql: string } & Omit<QueryShape, "sql">) | { op: "exec"; sql: string }) => {
      check();
      if (!first) return (first = this.call({ ...req, tx: id, begin: true }));
      return this.call({ ...req, tx: id });
    };
    const end = async (commit: boolean) => {
      ended = true;
      if (!first) return;
      await first.catch(() => {});
      await this.call({ op: "end", tx: id, commit });
    };
    const tx: RemoteTransaction = {
      pipelines: true,
      query: (sql, params, options) => send({ op: "query", ...shape(sql, params, options) }),
      exec: (sql) => send({ op: "exec", sql }),
      rollback: async () => {
        check();
        await end(false);
      },
      get closed() {
        return ended;
      },
    };
    return endingTransaction(
      () => fn(tx),
      () => ended,
      end,
    );
  }

  /**
   * Whether the thread has been left alone for `quietMs`: nothing waiting, and nothing sent since. Background
   * work waits for that, so it never takes a turn between the requests of a burst.
   */
  idle(quietMs = 1000): boolean {
    this.drain();
    return this.pending.size === 0 && performance.now() - this.lastCall >= quietMs;
  }

  /** Runs a procedure of services/procedures.ts on the thread: one message there and one back, whatever it does. */
  procedure<T>(name: string, args: unknown): Promise<T> {
    return this.call({ op: "procedure", name, args });
  }

  async dumpDataDir(compression: "gzip" | "none" = "gzip"): Promise<Blob> {
    const buf = await this.call<ArrayBuffer>({ op: "dump", compression });
    return new Blob([buf]);
  }

  /**
   * How many queries ran as kept statements, how many statements are kept, how many transactions began (tests,
   * benchmarks); the thread's heap and the database's WebAssembly memory in MB (MEMORY_DEBUG).
   */
  stats(): Promise<{
    queries: number;
    kept: number;
    prepared: number;
    fallback: number;
    transactions: number;
    statements: number;
    heapUsedMb: number;
    heapTotalMb: number;
    wasmMb: number;
  }> {
    return this.call({ op: "stats" });
  }

  async close(): Promise<void> {
    if (this.dead) return;
    this.closing = true;
    const exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    await this.call({ op: "close" }).catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(() => void this.worker.terminate().then(() => resolve()), 5000)))]);
    clearTimeout(timer);
    this.replies.close();
  }
}
