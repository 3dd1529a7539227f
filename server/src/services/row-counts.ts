import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { rowCounts } from "../db/schema";

export type CountedTable = "submissions" | "records" | "audit_logs";

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
