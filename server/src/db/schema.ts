import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    studentType: text("student_type"),
    /** argon2id hash; null when no password is set. Never leaves the server. */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_idx").on(t.role, t.id),
    check("users_role_check", sql`${t.role} in ('student','teacher','admin')`),
    check("users_student_type_check", sql`${t.studentType} is null or ${t.studentType} in ('jhs1','jhs2','jhs3')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    /** sha256 of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The admin who started an impersonation session, if any. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_impersonator_id_idx").on(t.impersonatorId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** Failed sign-ins, counted per email to throttle password guessing (shared by all app servers). */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_failures_email_created_idx").on(t.email, t.createdAt)],
);

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
    index("audit_logs_created_at_idx").on(t.createdAt),
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_user_id_idx").on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditLogRow = typeof auditLogs.$inferSelect;
