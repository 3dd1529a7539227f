import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { isEmbedded, pgliteThreadOf } from "../../db/prepared";

/**
 * The triggers on submissions and records leave the summaries' work in `summary_backlog` (decision
 * 038 for the embedded database, 053 for PostgreSQL): an exam's submits then hold their transaction
 * for the submission itself, not for the summaries too. Every read of a summary drains the backlog
 * first, so what it shows is exactly what the triggers would have kept; a background job drains it a
 * little at a time meanwhile. `limit`: at most this many (quiz, student) pairs (null: all). Returns
 * how many were brought up to date. On PostgreSQL a drain that meets another's pairs waits for it to
 * commit, so a read after it never sees them half done.
 */
export async function drainSummaries(db: Queryable, limit: number | null = null): Promise<number> {
  return pairsDrained(db, sql`select adesua_summaries_drain(${limit}::int) as n`);
}

/** How many pairs a drain function's call (`… as n`) brought up to date. */
async function pairsDrained(db: Queryable, call: SQL): Promise<number> {
  const r = await db.execute<{ n: number }>(call);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The background job's turn: a few pairs, and only when the exam is not bursting. On PGlite, once its
 * thread has been left alone for a second (during an exam the saves never leave it so long). On
 * PostgreSQL, whose app servers cannot see each other, the database decides: once no pair has been
 * added for a second (the submit burst is over) or one has waited a minute, and one server at a time.
 * The next read drains whatever is left either way.
 */
export async function drainSummariesWhenIdle(db: Queryable, limit: number): Promise<number> {
  if (isEmbedded(db)) {
    if (pgliteThreadOf(db)?.idle() === false) return 0;
    return drainSummaries(db, limit);
  }
  return pairsDrained(db, sql`select adesua_summaries_drain_quiet(${limit}::int, interval '1 second', interval '1 minute') as n`);
}
