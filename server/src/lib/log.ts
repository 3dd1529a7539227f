import { errorChain } from "./errors";

/**
 * What the server log may say about a request or an error. The log never holds request values
 * (bodies, query strings, ids in paths), SQL parameters or password hashes: a request is logged by
 * its route pattern, and an error by its type, code and a message with quoted values cut out.
 */

/** `/api/courses/:id`, never `/api/courses/6?search=…` (unknown routes: their first path segment only). */
type LoggableRequest = { method: string; url?: string; ip?: string; routeOptions?: { url?: string } };

export function loggedUrl(req: LoggableRequest): string {
  const route = req.routeOptions?.url;
  if (route) return route;
  const first = /^\/[A-Za-z0-9_-]{0,40}/.exec(req.url ?? "")?.[0] ?? "/";
  return `${first}… (no route)`;
}

export const requestSerializer = (req: LoggableRequest) => ({ method: req.method, url: loggedUrl(req), remoteAddress: req.ip });

/** Cuts quoted values ("…", '…') and long runs out of a message; databases quote the offending input. */
export function scrubMessage(message: unknown): string {
  if (typeof message !== "string") return "";
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\$argon2[^\s,)]*/g, "[hash]")
    .replace(/[^\s]{80,}/g, "[long value]")
    .slice(0, 300);
}

type DbErrorLike = { code: string; message?: string; table?: string; column?: string; constraint?: string; routine?: string; severity?: string };

function databaseCause(err: unknown): DbErrorLike | null {
  for (const e of errorChain(err)) if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e as DbErrorLike;
  return null;
}

/**
 * An error as the log may show it. A database error (Drizzle wraps it with the query and its
 * parameters) is logged by its SQLSTATE code, where it happened and its scrubbed message; its
 * `detail`, parameters and query are left out because they carry the values.
 */
export function describeError(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: unknown; message?: unknown; stack?: unknown } | null;
  const db = databaseCause(err);
  if (db) {
    return {
      type: "DatabaseError",
      sqlState: db.code,
      message: scrubMessage(db.message),
      table: db.table,
      column: db.column,
      constraint: db.constraint,
      routine: db.routine,
    };
  }
  const frames =
    typeof e?.stack === "string"
      ? e.stack
          .split("\n")
          .filter((l) => l.trimStart().startsWith("at "))
          .slice(0, 8)
      : [];
  return { type: e?.name ?? typeof err, code: typeof e?.code === "string" ? e.code : undefined, message: scrubMessage(e?.message), stack: frames.join("\n") };
}
