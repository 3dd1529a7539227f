import type { Queryable } from "./client";
import { PGliteThread } from "./pglite-thread";

/**
 * One prepared-statement mechanism with two back ends: a Drizzle statement built once per database
 * (`preparedOnce`), or fixed SQL text run straight on the driver (`queryPrepared`) for the exam's
 * hottest paths.
 */

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A Drizzle prepared statement built once per database and name, then reused: building a query on
 * every request was a measurable share of the server's CPU on hot paths (session lookup, list pages),
 * and on PostgreSQL a named statement is also planned once per connection. `name` must identify
 * the query's shape (the same name always builds the same SQL).
 */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let stmt = byName.get(name) as T | undefined;
  if (stmt === undefined) byName.set(name, (stmt = build()));
  return stmt;
}

type RawClient = {
  query: (q: unknown, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** node-postgres: a Pool has totalCount, a (pooled) Client has connection. */
  totalCount?: number;
  connection?: unknown;
  /** PGlite itself (not one of its transactions) has waitReady. */
  waitReady?: unknown;
};

/** The driver under a Drizzle database or transaction (node-postgres Pool/Client, PGlite or a PGlite transaction). */
const rawClientOf = (q: Queryable) => (q as unknown as { session: { client: RawClient } }).session.client;

/**
 * Whether a transaction's statements may be sent before the previous one answers: PGlite's thread
 * queues them in order behind it (pglite-thread.ts). node-postgres must not be given overlapping
 * queries on one client, and PGlite on the request thread gains nothing.
 */
export const pipelines = (q: Queryable): boolean => (rawClientOf(q) as { pipelines?: boolean }).pipelines === true;

/** PGlite's own thread behind this database (decision 028), or null (PostgreSQL, PGlite on this thread). */
export const pgliteThreadOf = (q: Queryable): PGliteThread | null => {
  const client: unknown = rawClientOf(q);
  return client instanceof PGliteThread ? client : null;
};

/** Whether this is the embedded database (PGlite, on its own thread or on this one), not PostgreSQL. */
export const isEmbedded = (q: Queryable): boolean => {
  const client = rawClientOf(q);
  return typeof client.totalCount !== "number" && client.connection === undefined;
};

/** PGlite: which statements each instance has PREPAREd (one session per instance; a restart is a new instance). */
const pglitePrepared = new WeakMap<object, Map<string, Promise<unknown>>>();

/** An SQL literal for PGlite's EXECUTE, which takes no bind parameters: null, integers, or text quoted the standard way. */
export function literal(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new Error("only integers may be inlined");
    return String(v);
  }
  if (typeof v !== "string" || v.includes("\0")) throw new Error("only text without NUL may be inlined");
  return `'${v.replace(/'/g, "''")}'`;
}

/**
 * Runs fixed SQL text straight on the driver, parsed and planned once, for the exam's hot paths
 * (saving an answer, submitting): Drizzle's query building was the largest part of the server's CPU
 * there. On PostgreSQL it is a named prepared statement (once per pooled connection). On PGlite
 * outside a transaction it uses PREPARE/EXECUTE, because its protocol path plans every query again
 * and planning in WebAssembly cost five times the work (3.7 ms against 0.7 ms per save); inside a
 * PGlite transaction it is a plain query, and so is every query to PGlite on its own thread
 * (db/pglite-worker.ts), which keeps each query's statement itself. `types` are the parameters' SQL types, for PREPARE.
 * Everything else goes through Drizzle.
 */
export async function queryPrepared(q: Queryable, name: string, text: string, types: string[], values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = rawClientOf(q);
  if (typeof client.totalCount === "number" || client.connection !== undefined) return (await client.query({ name, text, values })).rows;
  if (client.waitReady === undefined) return (await client.query(text, values)).rows;
  let names = pglitePrepared.get(client);
  if (!names) pglitePrepared.set(client, (names = new Map()));
  let ready = names.get(name);
  if (!ready) {
    ready = client.query(`prepare ${name} (${types.join(", ")}) as ${text}`);
    names.set(name, ready);
    ready.catch(() => names!.delete(name));
  }
  await ready;
  return (await client.query(`execute ${name}(${values.map(literal).join(", ")})`)).rows;
}
