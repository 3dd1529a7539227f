import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { isEmbedded, pgliteThreadOf } from "../../db/prepared";

/**
 * On the embedded database the triggers on submissions and records leave the summaries' work in
 * `summary_backlog` (decision 038): an exam's submits then hold PGlite's one session for the
 * submission itself, not for the summaries too. Every read of a summary drains the backlog first,
 * so what it shows is exactly what the triggers would have kept; a background job drains it a little
 * at a time meanwhile. On PostgreSQL the triggers do the work at once and the backlog stays empty.
 * `limit`: at most this many (quiz, student) pairs (null: all). Returns how many were brought up to date.
 */
export async function drainSummaries(db: Queryable, limit: number | null = null): Promise<number> {
  if (!isEmbedded(db)) return 0;
  const r = await db.execute<{ n: number }>(sql`select adesua_summaries_drain(${limit}::int) as n`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The background job's turn: a few pairs, and only once PGlite's thread has been left alone for a second
 * (during an exam the saves never leave it so long: the submit burst is not slowed by it; the next read
 * drains whatever is left).
 */
export async function drainSummariesWhenIdle(db: Queryable, limit: number): Promise<number> {
  if (pgliteThreadOf(db)?.idle() === false) return 0;
  return drainSummaries(db, limit);
}
