import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Exact row counts of the big tables (submissions, records, audit_logs) for the admin home and the
 * unfiltered audit list, kept by statement
 * triggers (migration 0007: `adesua_count_rows`): a table's count is the sum of its shards. Each
 * database session adds to its own shard (backend pid mod 8), so concurrent submits do not queue on one
 * row. Decision 026.
 */
export const rowCounts = pgTable(
  "row_counts",
  {
    tableName: text("table_name").notNull(),
    shard: integer("shard").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.shard] })],
);
