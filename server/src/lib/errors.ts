/**
 * An error that becomes `{ error: message }` with this status (and `code` beside it when it has one,
 * for refusals the web branches on: decision 015). Throw it from anywhere in a request.
 */
export class HttpError extends Error {
  code: string | undefined;
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  /** The stable machine-readable code of this refusal. */
  withCode(code: string): this {
    this.code = code;
    return this;
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = "Not signed in") => new HttpError(401, m);
export const forbidden = (m = "You do not have permission to do this") => new HttpError(403, m);
export const notFound = (m = "Not found") => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);

/** What a client is told when the server is momentarily overloaded (503, with Retry-After). */
export const BUSY_MESSAGE = "The server is busy. Please try again in a moment.";

/** SQLSTATEs that mean "try again shortly", not a fault of the request or of the code. */
const TRANSIENT_SQLSTATES = new Set(["53300", "53000", "57P03", "40001", "40P01", "55P03"]);
/** The pg pool's own errors when no connection could be had in time (connectionTimeoutMillis). */
const POOL_TIMEOUT = /timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

/**
 * Whether an error means the server (its database connections) is momentarily overloaded: a
 * connection could not be had within the pool's timeout, the database refused a connection for
 * now, or a transaction lost a serialization or deadlock race. Such a request is answered 503 with
 * Retry-After, which the browser's outbox retries, rather than 500. Walks Drizzle's `cause` chain.
 */
export function isTransientOverload(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (typeof e.code === "string" && TRANSIENT_SQLSTATES.has(e.code)) return true;
    if (typeof e.message === "string" && POOL_TIMEOUT.test(e.message)) return true;
  }
  return false;
}

/** One link of an error's `cause` chain, as the checks read it. */
export type ErrorLink = { code?: unknown; message?: unknown; cause?: unknown };

/**
 * An error and its causes, outermost first, at most `depth` of them: Drizzle wraps a database error as
 * the `cause` of its own, so checks on SQLSTATE codes and driver messages walk the chain.
 */
export function* errorChain(err: unknown, depth = 5): Generator<ErrorLink> {
  let e = err as ErrorLink | null | undefined;
  for (let i = 0; e && i < depth; i++, e = e.cause as ErrorLink | null | undefined) yield e;
}
