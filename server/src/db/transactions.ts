import { HttpError } from "../lib/errors";
import type { Db, Tx } from "./client";

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
