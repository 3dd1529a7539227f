import { sql, type SQLWrapper } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { rowCounts } from "../../db/schema";

export type CountedTable = "submissions" | "records" | "audit_logs" | "courses";

/**
 * A big table's exact size, kept by statement triggers in row_counts (migration 0007, decision 026):
 * the sum of its shards, read without scanning the table. As an SQL expression, to sit in a larger select.
 */
export const countedRows = (name: CountedTable) =>
  sql<number>`(select coalesce(sum(${rowCounts.n}), 0)::bigint from ${rowCounts} where ${rowCounts.tableName} = ${name})`.mapWith(Number);

export async function rowCount(db: Queryable, name: CountedTable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)::bigint`.mapWith(Number) })
    .from(rowCounts)
    .where(sql`${rowCounts.tableName} = ${name}`);
  return row.n;
}

/**
 * How many quizzes a level has, kept by triggers in row_counts as 'quizzes:<level>' (migration 0013,
 * decision 033): the student quiz list's total and the home summary, without counting the level's
 * quizzes on every request. As an SQL expression; `level` may be a placeholder.
 */
export const quizzesOfLevel = (level: string | SQLWrapper) =>
  sql<number>`(select coalesce(sum(${rowCounts.n}), 0)::int from ${rowCounts} where ${rowCounts.tableName} = 'quizzes:' || ${level})`.mapWith(Number);
