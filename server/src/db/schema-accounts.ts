import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AssessmentSettings } from "@adesua/domain";
// Lazy reference only (`() => files.id`): schema.ts imports this module.
import { files } from "./schema";

/** The school's settings and the sign-in failure counters, exported through schema.ts. */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** The school's settings: one row (id 1), changed by admins through PUT /api/settings. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Whether anyone may sign up as a student (teachers always may, as pending). */
    studentSignupOpen: boolean("student_signup_open").notNull().default(true),
    /**
     * When an admin last chose studentSignupOpen. While null the choice is the default of issue 25: closed when
     * NODE_ENV=production or once a class list has been imported, open otherwise.
     */
    studentSignupChosenAt: timestamp("student_signup_chosen_at", { withTimezone: true, mode: "date" }),
    /** HMAC key of signed download links, made by the first server that needs it (decision 027); never sent out. */
    downloadSecret: text("download_secret"),
    /** The school as printed on report cards and slips (issue 28). */
    schoolName: text("school_name"),
    schoolAddress: text("school_address"),
    schoolMotto: text("school_motto"),
    /** The school's crest: an uploaded image. */
    crestFileId: integer("crest_file_id").references(() => files.id, { onDelete: "set null" }),
    /** Grades, core subjects, weights and remarks (issue 28); null = the defaults of domain/rules/assessment. */
    assessment: jsonb("assessment").$type<Partial<AssessmentSettings>>(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("settings_single_row_check", sql`${t.id} = 1`)],
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
