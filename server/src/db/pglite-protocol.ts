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
};

export type DbReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export const WIRE_ERROR_FIELDS = ["code", "severity", "detail", "hint", "schema", "table", "column", "constraint", "routine", "position"] as const;

export function toWireError(e: unknown): WireError {
  const src = (e ?? {}) as Record<string, unknown>;
  const out: WireError = { message: typeof src.message === "string" ? src.message : String(e), name: typeof src.name === "string" ? src.name : "Error" };
  for (const k of WIRE_ERROR_FIELDS) if (typeof src[k] === "string") out[k] = src[k] as string;
  return out;
}

/** The database error again, on the request thread (an Error with the same fields, so logs and callers see its code). */
export function fromWireError(w: WireError): Error {
  const e = new Error(w.message) as Error & Record<string, unknown>;
  e.name = w.name === "error" ? "DatabaseError" : w.name;
  for (const k of WIRE_ERROR_FIELDS) if (w[k] !== undefined) e[k] = w[k];
  return e;
}
