import { HttpError } from "../lib/errors";
import type { Db, Tx } from "./client";
import { pipelines } from "./prepared";

/**
 * Runs `fn` in a transaction that COMMITS EVEN WHEN `fn` REFUSES the request with an HttpError: a
 * refusal may come after settling an overdue attempt, and that settlement must stay done. Every
 * function run this way throws its HttpErrors before its own main write, never after it. Any other
 * error rolls back as usual.
 */
export async function commitEvenIfRefused<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let refusal: HttpError | null = null;
  const out = await db.transaction(async (tx) => {
    try {
      return await fn(tx);
    } catch (e) {
      if (e instanceof HttpError) {
        refusal = e;
        return undefined;
      }
      throw e;
    }
  });
  if (refusal) throw refusal;
  return out as T;
}

/**
 * Two statements of one transaction, the second after the first, when the second does not need the
 * first's answer to be sent. On PGlite's thread both are sent at once (the thread runs them in order):
 * a transaction holds the whole embedded database, and every answer it waits for keeps everyone else
 * waiting until the request thread gets to it. Elsewhere one after the other.
 */
export async function inOrder<A, B>(tx: Tx, first: () => PromiseLike<A>, second: () => PromiseLike<B>): Promise<[A, B]> {
  if (!pipelines(tx)) return [await first(), await second()];
  // `then` at once: a Drizzle query is sent when its `then` is called, which Promise.all would do a
  // microtask later, after the second (a plain promise, already sent).
  const a = first().then((v) => v);
  const b = second().then((v) => v);
  return Promise.all([a, b]);
}
