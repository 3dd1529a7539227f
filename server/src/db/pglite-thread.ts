import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { fromWireError, type DbReply, type DbRequest, type QueryShape, type WireError } from "./pglite-protocol";

/**
 * PGlite on a thread of its own (decision 028): the request thread talks to pglite-worker.ts by
 * messages, through an object with the part of PGlite's interface Drizzle uses (`query`, `exec`,
 * `transaction`), so `drizzle-orm/pglite` runs on it unchanged.
 */

/** A JavaScript file that registers tsx in the thread and imports pglite-worker.ts (see there). */
const WORKER_FILE = new URL("./pglite-worker-boot.mjs", import.meta.url);

/** How long the request thread waits for one statement of a transaction before giving up. */
const SYNC_TIMEOUT_MS = 30_000;

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** What a Drizzle PGlite session needs of a transaction. */
export type RemoteTransaction = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
  exec: (sql: string) => Promise<unknown>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

const shape = (sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): QueryShape => {
  const rawTypes = Object.keys(options?.parsers ?? {}).map(Number);
  return { sql, params: params ?? [], rowMode: options?.rowMode ?? "object", rawTypes };
};

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closing = false;
  /** Set when the thread has died: every later call fails with it. */
  private dead: Error | null = null;
  /** Marks this client for db/prepared.ts: statements are kept by the thread, so plain queries are already prepared. */
  readonly keepsStatements = true;

  /** Transactions: the port their statements and answers travel on, and the flag the thread raises when it has answered. */
  private readonly syncPort: MessagePort;
  private readonly flag: Int32Array;
  /** One transaction at a time on this side, so a second one waits here (asynchronously) rather than blocking on the thread. */
  private txQueue: Promise<void> = Promise.resolve();

  private constructor(worker: Worker, syncPort: MessagePort, signal: SharedArrayBuffer) {
    this.worker = worker;
    this.syncPort = syncPort;
    this.flag = new Int32Array(signal);
    worker.on("message", (r: DbReply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.ok) p.resolve(r.value);
      else p.reject(fromWireError(r.error));
    });
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

  /** Opens PGlite on a new thread: in `dataDir`, in memory (null), or from a dumped data folder. */
  static async open(dataDir: string | null, load?: Blob): Promise<PGliteThread> {
    const loadBuf = load ? await load.arrayBuffer() : null;
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir, load: loadBuf, syncPort: port2, signal },
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
    return new PGliteThread(worker, port1, signal);
  }

  /**
   * A transaction's statement, waited for synchronously. While a transaction is open the database
   * serves nobody else, so its statements must not queue behind HTTP events on this thread (that
   * starved the thread during the exam's start burst): the request thread blocks until each answer,
   * as it did when PGlite ran here, while plain queries stay asynchronous.
   */
  private callSync<T>(req: DbRequest): T {
    if (this.dead) throw this.dead;
    const id = ++this.nextId;
    Atomics.store(this.flag, 0, 0);
    this.syncPort.postMessage({ id, ...req });
    if (Atomics.wait(this.flag, 0, 0, SYNC_TIMEOUT_MS) === "timed-out") throw new Error(`The database thread did not answer in ${SYNC_TIMEOUT_MS / 1000} s`);
    const got = receiveMessageOnPort(this.syncPort);
    const r = got?.message as DbReply | undefined;
    if (!r || r.id !== id) throw new Error("The database thread answered out of turn");
    if (!r.ok) throw fromWireError(r.error);
    return r.value as T;
  }

  private call<T>(req: DbRequest): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = ++this.nextId;
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
   * `transaction` contract). Its statements are synchronous calls (callSync); another transaction of
   * this server waits for this one on this side.
   */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const previous = this.txQueue;
    let done!: () => void;
    this.txQueue = new Promise<void>((r) => (done = r));
    await previous;
    try {
      const id = this.callSync<number>({ op: "begin" });
      let ended = false;
      const step = <V>(req: DbRequest): Promise<V> => {
        if (ended) return Promise.reject(new Error("Transaction is closed"));
        try {
          return Promise.resolve(this.callSync<V>(req));
        } catch (e) {
          return Promise.reject(e as Error);
        }
      };
      const tx: RemoteTransaction = {
        query: (sql, params, options) => step({ op: "query", tx: id, ...shape(sql, params, options) }),
        exec: (sql) => step({ op: "exec", tx: id, sql }),
        rollback: async () => {
          await step({ op: "end", tx: id, commit: false });
          ended = true;
        },
        get closed() {
          return ended;
        },
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (e) {
        if (!ended) {
          ended = true;
          try {
            this.callSync({ op: "end", tx: id, commit: false });
          } catch {
            /* the thread reports its own failure to the next caller */
          }
        }
        throw e;
      }
      if (!ended) {
        ended = true;
        this.callSync({ op: "end", tx: id, commit: true });
      }
      return result;
    } finally {
      done();
    }
  }

  async dumpDataDir(compression: "gzip" | "none" = "gzip"): Promise<Blob> {
    const buf = await this.call<ArrayBuffer>({ op: "dump", compression });
    return new Blob([buf]);
  }

  /** How many queries ran as kept statements, how many statements are kept (tests, benchmarks). */
  stats(): Promise<{ queries: number; kept: number; prepared: number; fallback: number; statements: number }> {
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
  }
}
