import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { users } from "./schema";

/** Sessions, exported through schema.ts. */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    /** sha256 of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin who started an impersonation session, if any. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    /** For an impersonation session: the admin's session that made it (revoked and expiring with it). */
    parentSessionId: integer("parent_session_id").references((): AnyPgColumn => sessions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_impersonator_id_idx").on(t.impersonatorId),
    index("sessions_parent_session_id_idx").on(t.parentSessionId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
