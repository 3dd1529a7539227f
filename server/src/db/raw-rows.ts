import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A table's columns as select items of fixed SQL text, and the mapping back to the row Drizzle would
 * return (each column's own `mapFromDriverValue`: numbers from numeric text, JSON from text, Dates kept),
 * for hot statements run with `queryPrepared` (decision 038): building a Drizzle select of a wide row on
 * every request cost more than running it. The list comes from the schema, so a new column is never missed.
 */
export function rawColumns<T extends Table>(table: T, alias: string, prefix: string) {
  const columns = Object.entries(getTableColumns(table));
  const select = columns.map(([key, c]) => `${alias}."${c.name}" as "${prefix}${key}"`).join(", ");
  const map = (row: Record<string, unknown>): T["$inferSelect"] => {
    const out: Record<string, unknown> = {};
    for (const [key, c] of columns) {
      const v = row[prefix + key];
      out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    return out as T["$inferSelect"];
  };
  return { select, map };
}
