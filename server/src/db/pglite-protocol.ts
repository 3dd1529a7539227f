import { HttpError } from "../lib/errors";

/**
 * The messages between the server's request thread and the PGlite database thread
 * (pglite-thread.ts ↔ pglite-worker.ts). Everything here crosses `postMessage`, so it is plain data.
 */

export type QueryShape = {
  sql: string;
  params: unknown[];
  rowMode: "array" | "object";
  /** Type OIDs whose values stay as PostgreSQL's text (Drizzle parses timestamps and intervals itself). */
  rawTypes: number[];
};

/**
 * A transaction's first statement carries `begin: true` (its id is chosen by the request thread): the
 * thread waits for the database, begins and runs the statement in one message, so a transaction
 * holds the database one round trip less than a separate BEGIN would.
 */
export type DbRequest =
  | ({ op: "query"; tx: number | null; begin?: boolean } & QueryShape)
  | { op: "exec"; tx: number | null; begin?: boolean; sql: string }
  | { op: "end"; tx: number; commit: boolean }
  /**
   * A whole piece of work run on the thread (services/procedures.ts): its statements, its transaction and
   * its JavaScript never wait for the request thread, which gets one answer.
   */
  | { op: "procedure"; name: string; args: unknown }
  | { op: "dump"; compression: "gzip" | "none" }
  | { op: "stats" }
  | { op: "close" };

export type DbMessage = { id: number } & DbRequest;

/** A database error as plain data: its SQLSTATE and where it happened survive the thread boundary. */
export type WireError = {
  message: string;
  name: string;
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  position?: string;
  /** A refusal (HttpError) thrown by a procedure: answered to the client as it would have been on the request thread. */
  http?: { statusCode: number; code?: string; headers: Record<string, string> };
};

export type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };

/** A query as Drizzle's PGlite session gives it, as the thread runs it. */
export const shape = (sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): QueryShape => {
  const rawTypes = Object.keys(options?.parsers ?? {}).map(Number);
  return { sql, params: params ?? [], rowMode: options?.rowMode ?? "object", rawTypes };
};

/**
 * PGlite's `transaction` contract, for both sides of the thread: `fn` resolves, the transaction commits; it throws,
 * the transaction rolls back (unless `fn` ended it itself: `ended()`), and the error is `fn`'s.
 */
export async function endingTransaction<T>(fn: () => Promise<T>, ended: () => boolean, end: (commit: boolean) => Promise<void>): Promise<T> {
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    if (!ended()) await end(false).catch(() => {});
    throw e;
  }
  if (!ended()) await end(true);
  return result;
}

export type DbReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export const WIRE_ERROR_FIELDS = ["code", "severity", "detail", "hint", "schema", "table", "column", "constraint", "routine", "position"] as const;

export function toWireError(e: unknown): WireError {
  const src = (e ?? {}) as Record<string, unknown>;
  const out: WireError = { message: typeof src.message === "string" ? src.message : String(e), name: typeof src.name === "string" ? src.name : "Error" };
  for (const k of WIRE_ERROR_FIELDS) if (typeof src[k] === "string") out[k] = src[k] as string;
  if (e instanceof HttpError) out.http = { statusCode: e.statusCode, code: e.code, headers: e.headers };
  return out;
}

/** The database error again, on the request thread (an Error with the same fields, so logs and callers see its code). */
export function fromWireError(w: WireError): Error {
  if (w.http) {
    const refusal = new HttpError(w.http.statusCode, w.message, w.http.headers);
    return w.http.code === undefined ? refusal : refusal.withCode(w.http.code);
  }
  const e = new Error(w.message) as Error & Record<string, unknown>;
  e.name = w.name === "error" ? "DatabaseError" : w.name;
  for (const k of WIRE_ERROR_FIELDS) if (w[k] !== undefined) e[k] = w[k];
  return e;
}

/**
 * PGlite's options for PostgreSQL settings of one start (decision 052: a small shared_buffers on a small machine):
 * each `name=value` as `-c name=value` after PGlite's own start parameters, which `startParams` replaces.
 */
export function pgliteStartParams(defaults: readonly string[], settings?: Record<string, string>): { startParams?: string[] } {
  const entries = Object.entries(settings ?? {});
  if (!entries.length) return {};
  return { startParams: [...defaults, ...entries.flatMap(([k, v]) => ["-c", `${k}=${v}`])] };
}
