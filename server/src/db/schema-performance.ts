import { index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { users } from "./schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An admin's override of a student's final score on the students' performance screen (issue 12,
 * decision 023): shown instead of the computed score, whatever the strategy, with the computed one
 * beside it. One per student; every change is audited.
 */
export const performanceOverrides = pgTable(
  "performance_overrides",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    finalScore: numeric("final_score", { precision: 5, scale: 2, mode: "number" }).notNull(),
    remark: text("remark").notNull().default(""),
    overriddenBy: integer("overridden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("performance_overrides_overridden_by_idx").on(t.overriddenBy)],
);

export type PerformanceOverrideRow = typeof performanceOverrides.$inferSelect;
