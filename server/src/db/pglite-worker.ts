/**
 * The PGlite database thread (decision 028). PGlite runs PostgreSQL as WebAssembly, so on the request
 * thread every query blocked HTTP; here it has a core of its own and the request thread only parses,
 * checks and answers. One PGlite instance, one session: requests run one at a time in arrival order,
 * and a transaction holds the database until it ends (PostgreSQL's own single-backend behaviour).
 *
 * Queries that read or write rows run as named prepared statements, kept per SQL text: PGlite's
 * `query()` parses and plans every query again in five protocol round trips, while a kept statement
 * is bound and executed in one (the plan is cached by PostgreSQL after a few runs). Other SQL (DDL,
 * SET, BEGIN…) goes through PGlite's own `query`/`exec`.
 *
 * Durability is PGlite's: WAL writes reach the data folder's files through Node's fs as they happen,
 * so a SIGKILL of the process loses nothing that was committed (crash-safety.test.ts).
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { PGlite, parse, protocol, type Results } from "@electric-sql/pglite";
import { endingTransaction, pgliteStartParams, shape, toWireError, type DbMessage, type DbReply, type QueryOptions, type QueryShape } from "./pglite-protocol";

/**
 * `replies`: the port answers go back on (pglite-thread.ts takes them from it early). `settings`: PostgreSQL
 * settings for this start (`-c name=value`), e.g. a small shared_buffers on a small machine (decision 052).
 */
type Init = { dataDir: string | null; load: ArrayBuffer | null; replies: MessagePort; settings?: Record<string, string>; liftoffOnly?: boolean };
const init = workerData as Init;
const { serialize } = protocol;

/** Statements kept at most (LRU); a Drizzle IN-list of every length is its own text, so the cache must not grow without end. */
const MAX_STATEMENTS = 500;
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;

type Kept = { name: string; paramTypes: number[] };

class FifoLock {
  private tail: Promise<void> = Promise.resolve();
  /** Resolves when the lock is held; call the returned function to release it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function main() {
  // The procedures' code (services, Drizzle, the schema) loads while PGlite starts.
  // The one back-edge from db/ to services/, kept on purpose (decision 038, exam bursts on the embedded
  // database: the exam's statements run on this thread, beside PGlite). eslint.config.js lets only this file do it.
  const procedures = import("../services/attempts/procedures");
  procedures.catch(() => {});
  // Before PostgreSQL's WebAssembly is compiled (pglite-thread.ts SmallThread). A V8 flag is the process's: only
  // this thread compiles WebAssembly in the server (the document workers' OCR runs in a process of its own).
  if (init.liftoffOnly) setFlagsFromString("--liftoff-only");
  const startParams = pgliteStartParams(PGlite.defaultStartParams, init.settings);
  // `load` fills `dataDir` (a new folder, from the database template: decision 052), or memory when it is null (tests).
  const pg = await PGlite.create(init.dataDir ?? undefined, init.load ? { loadDataDir: new Blob([init.load]), ...startParams } : startParams);
  const lock = new FifoLock();
  const kept = new Map<string, Kept>();
  let nextStatement = 0;
  /**
   * Transactions known to the thread, from their first message on (before they hold the database):
   * `began` settles when BEGIN has run; `chain` orders their statements, which may arrive before it.
   */
  type TxState = { id: number; began: Promise<void>; release: (() => void) | null; chain: Promise<unknown> };
  const txs = new Map<number, TxState>();
  /** The transaction holding the database, if any. */
  let open: TxState | null = null;
  const stats = { queries: 0, kept: 0, prepared: 0, fallback: 0, transactions: 0 };

  async function prepare(sql: string): Promise<Kept> {
    if (kept.size >= MAX_STATEMENTS) {
      const [oldSql, old] = kept.entries().next().value as [string, Kept];
      kept.delete(oldSql);
      await pg.execProtocol(concat([serialize.close({ type: "S", name: old.name }), serialize.sync()]), { syncToFs: false });
    }
    const name = `adesua_s${++nextStatement}`;
    const { messages } = await pg.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]), {
      syncToFs: false,
    });
    const k = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    kept.set(sql, k);
    stats.prepared++;
    return k;
  }

  function serializeParams(params: unknown[], types: number[]): (string | null)[] {
    return params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const s = pg.serializers[types[i]];
      return s ? (s(v) as string) : String(v);
    });
  }

  /**
   * PGlite's type parsers with the given types left as text, built once per set of types: parseResults
   * merges its options' parsers into every type's parser for each call, and that copy cost as much of
   * this thread's time as running a session lookup. Cleared when other SQL (DDL) runs.
   */
  const parserSets = new Map<string, typeof pg.parsers>();
  const rawText = (v: string) => v;
  function parsersFor(rawTypes: number[]) {
    const key = rawTypes.join(",");
    let set = parserSets.get(key);
    if (!set) parserSets.set(key, (set = { ...pg.parsers, ...Object.fromEntries(rawTypes.map((t) => [t, rawText])) }));
    return set;
  }

  async function runQuery(q: QueryShape): Promise<Results> {
    stats.queries++;
    if (!KEEPABLE.test(q.sql)) {
      stats.fallback++;
      parserSets.clear();
      return pg.query(q.sql, q.params, { rowMode: q.rowMode, parsers: Object.fromEntries(q.rawTypes.map((t) => [t, rawText])) });
    }
    let k = kept.get(q.sql);
    if (k) {
      // Most recently used last.
      kept.delete(q.sql);
      kept.set(q.sql, k);
    } else k = await prepare(q.sql);
    stats.kept++;
    const message = concat([
      serialize.bind({ statement: k.name, values: serializeParams(q.params, k.paramTypes) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await pg.execProtocol(message, { syncToFs: false });
    const out = parse.parseResults(messages, parsersFor(q.rawTypes), { rowMode: q.rowMode })[0];
    // Drizzle's array-mode queries read only `rows` (it maps columns itself): the field list would only
    // make the answer larger to copy across threads. Object mode (raw SQL, db.execute) keeps it.
    if (q.rowMode === "array") out.fields = [];
    return out;
  }

  /**
   * BEGIN, COMMIT and ROLLBACK as one simple-protocol message each, answering the command's tag (a COMMIT
   * of a failed transaction answers ROLLBACK): PGlite's exec() cost several times more for them.
   */
  async function control(command: "begin" | "commit" | "rollback"): Promise<string | undefined> {
    const { messages } = await pg.execProtocol(serialize.query(command), { syncToFs: false });
    return (messages.find((x) => x.name === "commandComplete") as { text?: string } | undefined)?.text;
  }
  const committed = async () => {
    // COMMIT of a failed transaction rolls back: tell the caller, as PGlite's own transaction() does.
    if ((await control("commit")) === "ROLLBACK") throw Object.assign(new Error("Transaction was rolled back instead of committed"), { code: "25P02" });
  };

  async function run<T>(tx: number | null, fn: () => Promise<T>): Promise<T> {
    if (tx !== null) {
      const st = txs.get(tx);
      if (!st) throw new Error("Transaction is closed");
      // After the statements before it, failed or not (PostgreSQL answers for an aborted transaction);
      // never when BEGIN failed.
      const step = st.chain.then(() => st.began).then(fn);
      st.chain = step.catch(() => {});
      return step;
    }
    const release = await lock.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /**
   * Transaction `id` (its first statement carries `begin`): known at once, so statements sent before its
   * first answer queue behind it; it waits for the database, then begins.
   */
  function begin(id: number): void {
    const st: TxState = { id, began: Promise.resolve(), release: null, chain: Promise.resolve() };
    st.began = (async () => {
      const release = await lock.acquire();
      try {
        stats.transactions++;
        await control("begin");
      } catch (e) {
        release();
        txs.delete(id);
        throw e;
      }
      st.release = release;
      open = st;
    })();
    st.began.catch(() => {});
    txs.set(id, st);
  }

  /** Ends transaction `id` once its statements have run: COMMIT (or ROLLBACK), and the database is free again. */
  async function end(id: number, commit: boolean): Promise<void> {
    const tx = txs.get(id);
    if (!tx) throw new Error("Transaction is closed");
    await tx.chain;
    await tx.began;
    try {
      if (commit) await committed();
      else await control("rollback");
    } finally {
      open = null;
      txs.delete(tx.id);
      tx.release!();
    }
  }

  /**
   * The thread's own client for procedures (services/procedures.ts), with the part of PGlite's interface
   * Drizzle uses. Its transactions are the thread's own (`begin`, `run`, `end`, with ids below zero, the
   * request thread's being above), so it holds the database from BEGIN to COMMIT without a message between.
   */
  let nextLocalTx = 0;
  const local = {
    query: (sql: string, params?: unknown[], options?: QueryOptions) => run(null, () => runQuery(shape(sql, params, options))),
    exec: (sql: string) => run(null, () => (parserSets.clear(), pg.exec(sql))),
    async transaction<T>(fn: (tx: object) => Promise<T>): Promise<T> {
      const id = --nextLocalTx;
      begin(id);
      await txs.get(id)!.began;
      let ended = false;
      const finish = (commit: boolean) => {
        ended = true;
        return end(id, commit);
      };
      const tx = {
        query: (sql: string, params?: unknown[], options?: QueryOptions) => run(id, () => runQuery(shape(sql, params, options))),
        exec: (sql: string) => run(id, () => (parserSets.clear(), pg.exec(sql))),
        rollback: () => finish(false),
        get closed() {
          return ended;
        },
      };
      return endingTransaction(
        () => fn(tx),
        () => ended,
        finish,
      );
    },
  };
  /**
   * The database held by one procedure for a few statements in a row, each its own (autocommitted) transaction, with
   * nothing else run between them (decision 056): what a transaction gives a read followed by one writing statement,
   * without BEGIN and COMMIT: `run` without a transaction, for the whole function. `aloneClient` runs its statements on
   * the held database; only that function may use it, and never opens a transaction with it (that would wait for the
   * database it holds).
   */
  const aloneClient = {
    query: (sql: string, params?: unknown[], options?: QueryOptions) => runQuery(shape(sql, params, options)),
    exec: (sql: string) => (parserSets.clear(), pg.exec(sql)),
    transaction: () => Promise.reject(new Error("No transaction while the database is held alone")),
  };
  type Runner = (db: unknown, name: string, args: unknown, held: unknown) => Promise<unknown>;
  let localDb: Promise<{ db: unknown; run: Runner; held: unknown }> | null = null;
  const procedureRunner = () =>
    (localDb ??= (async () => {
      const [{ drizzle }, { runProcedure }] = await Promise.all([import("drizzle-orm/pglite"), procedures]);
      const aloneDb = drizzle(aloneClient as never);
      const held = <T>(fn: (db: unknown) => Promise<T>) => run(null, () => fn(aloneDb));
      return { db: drizzle(local as never), run: runProcedure as Runner, held };
    })());

  async function handle(m: DbMessage): Promise<unknown> {
    switch (m.op) {
      case "query":
        if (m.begin && m.tx !== null) begin(m.tx);
        return run(m.tx, () => runQuery(m));
      case "exec":
        if (m.begin && m.tx !== null) begin(m.tx);
        return run(m.tx, () => (parserSets.clear(), pg.exec(m.sql)));
      case "end":
        await end(m.tx, m.commit);
        return null;
      case "procedure": {
        // Answers already done leave first: the procedure may keep this thread for milliseconds.
        flush();
        const { db, run: runIt, held } = await procedureRunner();
        return runIt(db, m.name, m.args, held);
      }
      case "dump": {
        const release = await lock.acquire();
        try {
          const blob = await pg.dumpDataDir(m.compression);
          return await blob.arrayBuffer();
        } finally {
          release();
        }
      }
      case "stats": {
        // This thread's own heap and the database's WebAssembly memory (MEMORY_DEBUG, decision 052).
        const heap = getHeapStatistics();
        const mb = (n: number) => Math.round(n / 2 ** 17) / 8;
        return {
          ...stats,
          statements: kept.size,
          heapUsedMb: mb(heap.used_heap_size),
          heapTotalMb: mb(heap.total_heap_size),
          wasmMb: mb(pg.Module.HEAPU8.byteLength),
        };
      }
      case "close": {
        const release = await lock.acquire();
        try {
          await pg.close();
        } finally {
          release();
        }
        return null;
      }
    }
  }

  /**
   * Answers go back in batches: each message to the request thread wakes it (a system call and a
   * context switch on a busy machine), which showed as this thread's largest cost in the exam storm's
   * profile. Answers that finish together (a queue of saves served in one go) leave as one message,
   * at the latest when this thread next yields to its event loop or after MAX_BATCH answers. An
   * answer inside an open transaction leaves at once: the database waits for that transaction's next
   * statement, so delaying it would hold every other request.
   */
  const replies = init.replies;
  const MAX_BATCH = 16;
  let batch: DbReply[] = [];
  let flushing = false;
  const flush = () => {
    flushing = false;
    if (!batch.length) return;
    const out = batch;
    batch = [];
    replies.postMessage(out);
  };
  const answer = (reply: DbReply, transfer?: ArrayBuffer) => {
    if (transfer) {
      flush();
      replies.postMessage([reply], [transfer]);
      return;
    }
    batch.push(reply);
    if (open || batch.length >= MAX_BATCH) flush();
    else if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  };
  parentPort!.on("message", (m: DbMessage) => {
    handle(m).then(
      (value) => {
        const reply: DbReply = { id: m.id, ok: true, value };
        answer(reply, value instanceof ArrayBuffer ? value : undefined);
        if (m.op === "close") {
          flush();
          setImmediate(() => process.exit(0));
        }
      },
      (e) => answer({ id: m.id, ok: false, error: toWireError(e) }),
    );
  });
  parentPort!.postMessage({ ready: true });
}

main().catch((e) => {
  parentPort!.postMessage({ ready: false, error: toWireError(e) });
});
