import { bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { users } from "./schema";

/** Sessions and sign-in throttling, exported through schema.ts. */

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

/**
 * Failed sign-ins and refused sign-ups (409), counted per account and client address and per
 * address alone to throttle password guessing and email probing (shared by all app servers).
 * See docs/decisions/010-login-throttling.md.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    /** The client address (request ip, through trusted proxies only). */
    address: text("address").notNull().default(""),
    /** "login" (a wrong password, or a claim while the password is checked) or "register" (a 409). */
    kind: text("kind").notNull().default("login"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_failures_email_address_created_idx").on(t.email, t.address, t.createdAt),
    index("login_failures_address_created_idx").on(t.address, t.createdAt),
    index("login_failures_created_idx").on(t.createdAt),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;
