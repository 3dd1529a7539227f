import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { courses, files, users } from "./schema";

/** Tables of the schedule and announcements (issue 13), exported through schema.ts. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

/**
 * School events (issue 13). `rrule` is the stored RFC 5545 RRULE (no prefix) or null; `seriesEndAt` is
 * an upper bound of the end of the last occurrence (the event's end for a one-off), so a range query
 * reads only rows with `start_at < to and series_end_at > from` through one index.
 */
export const scheduleEvents = pgTable(
  "schedule_events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startAt: ts("start_at").notNull(),
    endAt: ts("end_at").notNull(),
    rrule: text("rrule"),
    seriesEndAt: ts("series_end_at").notNull(),
    /** Null means school-wide. */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    fileId: integer("file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("schedule_events_range_idx").on(t.startAt, t.seriesEndAt),
    index("schedule_events_course_id_idx").on(t.courseId, t.startAt),
    index("schedule_events_created_by_idx").on(t.createdBy),
    index("schedule_events_file_id_idx").on(t.fileId),
    check("schedule_events_end_after_start", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** Cancelled occurrences of a repeating event (EXDATE), by the occurrence's start. */
export const scheduleExceptions = pgTable(
  "schedule_exceptions",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => scheduleEvents.id, { onDelete: "cascade" }),
    occurrenceStart: ts("occurrence_start").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);

/** One private calendar-feed token per user, stored as its sha256 like session tokens. */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feed_tokens_user_id_key").on(t.userId), uniqueIndex("calendar_feed_tokens_token_hash_key").on(t.tokenHash)],
);

/** Notices the admin publishes; shown while now is within [start_date, end_date] (null = open-ended). */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Plain text as written; never HTML. */
    content: text("content").notNull(),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("announcements_window_idx").on(t.startDate, t.endDate), index("announcements_created_at_idx").on(t.createdAt, t.id)],
);

/** Announcements a user has dismissed for themselves. */
export const announcementDismissals = pgTable(
  "announcement_dismissals",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index("announcement_dismissals_user_id_idx").on(t.userId)],
);

export type ScheduleEventRow = typeof scheduleEvents.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
