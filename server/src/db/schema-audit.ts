import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The audit trail (exported through schema.ts). */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    /** Kept as plain numbers (no foreign key) so the trail survives deleting the user. */
    userId: integer("user_id"),
    impersonatorId: integer("impersonator_id"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_user_id_idx").on(t.userId),
    // The audit screen's sorts (GET /logs sorts by lower(type) or lower(action), then id): an index
    // per order reads one page of 100,000 entries without sorting them all.
    index("audit_logs_type_sort_idx").on(sql`lower(${t.entityType})`, t.id),
    index("audit_logs_action_sort_idx").on(sql`lower(${t.action})`, t.id),
    index("audit_logs_time_sort_idx").on(t.createdAt, t.id),
  ],
);
export type AuditLogRow = typeof auditLogs.$inferSelect;
