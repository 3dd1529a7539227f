/**
 * Schedule (issue 13): events, their occurrences, quiz windows, circular parsing and the calendar feed.
 *
 * Calls (all under /api, signed in unless noted):
 *   GET    /schedules?from=&to=&includeQuizzes=   ScheduleListQuery → ScheduleListResponse (occurrences in [from, to),
 *                                                  recurring events expanded; default now → now + 60 days; every role)
 *   GET    /schedules/{id}                         → ScheduleEvent (404 when not visible to the viewer)
 *   POST   /schedules                              multipart (ScheduleForm fields + optional file `file`, .pdf/.docx ≤ 10 MB)
 *                                                  or JSON ScheduleForm → 201 ScheduleEvent (teacher: own course or
 *                                                  school-wide; admin: any; student 403)
 *   PUT    /schedules/{id}                         same as POST (+ `removeFile`) → ScheduleEvent (teacher: own events only)
 *   DELETE /schedules/{id}                         → { ok: true }
 *   GET    /schedules/{id}/file                    → the attached file's bytes (404 when none)
 *   POST   /schedules/{id}/exceptions              ScheduleException → ScheduleEvent (cancels one occurrence)
 *   DELETE /schedules/{id}/exceptions?occurrenceStart=   → ScheduleEvent (brings a cancelled occurrence back)
 *   POST   /schedules/parse                        multipart `file` (.pdf/.docx) → ParsedSchedule (staff only;
 *                                                  no file 400 "Select a file to parse"; other types 415)
 *   GET    /schedules/feed-token                   → FeedTokenStatus (the URL is never shown again)
 *   POST   /schedules/feed-token                   → 201 FeedTokenCreated (revokes the previous token)
 *   DELETE /schedules/feed-token                   → { ok: true } (revokes; the old URL answers 404)
 *   GET    /schedules/feed/{token}.ics             PUBLIC (the token is the credential) → text/calendar; revoked/unknown 404
 */
import { z } from "zod";
import { IdParamsSchema, MAX_ID, PersonRefSchema, TitledRefSchema } from "../common";
import { FileInfoSchema } from "../files";

export const SCHEDULE_MESSAGES = {
  title: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  start: "Start is required",
  end: "End is required",
  endAfterStart: "End must be after start",
  recurrenceTooLong: "Recurrence must be at most 500 characters",
  course: "Course must be a course id, or empty for school-wide",
  parseNoFile: "Select a file to parse",
  fileType: "Only .pdf and .docx files can be attached",
  range: "to must be after from",
  rangeTooLong: "The range can be at most 400 days",
  occurrenceStart: "occurrenceStart must be the start of an occurrence",
  notAnOccurrence: "That is not an occurrence of this event",
  notOwnCourse: "You can only create events for your own courses or school-wide",
  notOwnEvent: "You can only change your own events",
  studentsCannot: "Students cannot change the schedule",
} as const;

/** Longest range GET /schedules expands in one call. */
export const MAX_SCHEDULE_RANGE_DAYS = 400;
/** Range used when GET /schedules has no `to`. */
export const DEFAULT_SCHEDULE_RANGE_DAYS = 60;

/** An ISO 8601 date or date-time text that Date can read (e.g. "2026-12-04T14:00:00Z", "2026-12-04T14:00"). */
const dateTimeText = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(40, { error })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { error });

const truthy = (v: unknown) => v === true || (typeof v === "string" && ["true", "on", "1", "yes"].includes(v.trim().toLowerCase()));

/** An event as GET /schedules/{id}, POST and PUT answer it. */
export const ScheduleEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601 instant of the first occurrence. */
  start: z.string(),
  end: z.string(),
  /** The stored RFC 5545 RRULE value (no "RRULE:" prefix), "" when the event does not repeat. */
  recurrence: z.string(),
  /** The rule in words ("Every week on Monday at 9:00 am, until …"), "" when it does not repeat. */
  recurrenceDescription: z.string(),
  /** Null means school-wide. */
  courseId: z.number().int().nullable(),
  course: TitledRefSchema.nullable(),
  createdBy: PersonRefSchema.nullable(),
  /** Attached circular (download: GET /api/schedules/{id}/file); null when none. */
  file: FileInfoSchema.nullable(),
  /** Starts (ISO instants) of cancelled occurrences, in order. */
  exceptions: z.array(z.string()),
  /** Whether the viewer may edit or delete it. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleEvent = z.infer<typeof ScheduleEventSchema>;

/** One entry of the calendar: an occurrence of an event, or a quiz window computed from a quiz. */
export const ScheduleOccurrenceSchema = z.object({
  /** Unique in the answer (React key): "event-{id}-{start}", "quiz-{id}" or "mock-{paperId}". */
  key: z.string(),
  /** "mock": a paper of a mock examination on the timetable (issue 28). */
  kind: z.enum(["event", "quiz", "mock"]),
  /** The event id (kind "event"), the quiz id (kind "quiz") or the paper id (kind "mock"). */
  id: z.number().int(),
  /** Set for kind "event". */
  eventId: z.number().int().nullable(),
  /** Set for kind "quiz". */
  quizId: z.number().int().nullable(),
  title: z.string(),
  /** This occurrence's own start and end (ISO instants). */
  start: z.string(),
  end: z.string(),
  /** Always false: events and quiz windows are timed. */
  allDay: z.boolean(),
  /** Null for school-wide events. */
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
  /** True for an occurrence of a repeating event. */
  recurring: z.boolean(),
  /**
   * For quizzes: "window" (open → close), "opens" (only an open time: 15 minutes from it) or
   * "closes" (only a close time: the 15 minutes up to it). Null for events.
   */
  quizMarker: z.enum(["window", "opens", "closes"]).nullable(),
  /** The viewer may edit or delete the event (always false for quizzes and mock papers). */
  canEdit: z.boolean(),
  /** Set for kind "mock": the mock, and the paper's subject and name ("Mathematics", "Paper 1"). */
  mock: z.object({ id: z.number().int(), title: z.string(), paperId: z.number().int(), subject: z.string(), paper: z.string() }).nullable().optional(),
});
export type ScheduleOccurrence = z.infer<typeof ScheduleOccurrenceSchema>;

/** GET /schedules query. */
export const ScheduleListQuerySchema = z.object({
  /** ISO date or date-time; default now. */
  from: dateTimeText("from must be an ISO date or date-time").optional(),
  /** ISO date or date-time, exclusive; default from + 60 days; at most 400 days after from. */
  to: dateTimeText("to must be an ISO date or date-time").optional(),
  /** Include quiz windows (default true). */
  includeQuizzes: z.preprocess((v) => (v === undefined ? true : truthy(v)), z.boolean()).optional(),
});
export type ScheduleListQuery = z.input<typeof ScheduleListQuerySchema>;

export const ScheduleListResponseSchema = z.object({
  /** In start order. */
  data: z.array(ScheduleOccurrenceSchema),
  /** The range actually used (ISO instants). */
  from: z.string(),
  to: z.string(),
});
export type ScheduleListResponse = z.infer<typeof ScheduleListResponseSchema>;

/**
 * Text fields of POST /schedules and PUT /schedules/{id} (multipart/form-data, or JSON without a file).
 * The recurrence is plain English ("weekly on Monday") or RRULE text; the server reads it with
 * `parseRecurrence` from `@adesua/domain/recurrence` against `start` and stores the RRULE (400 with
 * the reader's message when it cannot).
 */
export const ScheduleFormSchema = z
  .object({
    title: z.string({ error: SCHEDULE_MESSAGES.title }).trim().min(1, { error: SCHEDULE_MESSAGES.title }).max(200, { error: SCHEDULE_MESSAGES.titleTooLong }),
    description: z.preprocess(
      (v) => v ?? "",
      z.string({ error: "Description must be text" }).trim().max(5000, { error: SCHEDULE_MESSAGES.descriptionTooLong }),
    ),
    start: dateTimeText(SCHEDULE_MESSAGES.start),
    end: dateTimeText(SCHEDULE_MESSAGES.end),
    /** Plain English or RRULE; empty or "none" = does not repeat. */
    recurrence: z.preprocess((v) => v ?? "", z.string({ error: "Recurrence must be text" }).trim().max(500, { error: SCHEDULE_MESSAGES.recurrenceTooLong })),
    /** A course id; empty, missing or null = school-wide. */
    courseId: z.preprocess(
      (v) => (v === "" || v === null || v === undefined || v === "null" ? null : typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
      z
        .number({ error: SCHEDULE_MESSAGES.course })
        .int({ error: SCHEDULE_MESSAGES.course })
        .min(1, { error: SCHEDULE_MESSAGES.course })
        .max(MAX_ID, { error: SCHEDULE_MESSAGES.course })
        .nullable(),
    ),
    /** PUT only: "true" removes the attached file (ignored when a new file is sent). */
    removeFile: z.preprocess(truthy, z.boolean()).optional(),
  })
  .refine((v) => Date.parse(v.end) > Date.parse(v.start), { error: SCHEDULE_MESSAGES.endAfterStart, path: ["end"] });
export type ScheduleFormInput = z.input<typeof ScheduleFormSchema>;
export type ScheduleForm = z.output<typeof ScheduleFormSchema>;

/** POST /schedules/{id}/exceptions body, DELETE /schedules/{id}/exceptions query. */
export const ScheduleExceptionSchema = z.object({
  /** The start (ISO instant) of the occurrence, as GET /schedules gave it. */
  occurrenceStart: dateTimeText(SCHEDULE_MESSAGES.occurrenceStart),
});
export type ScheduleExceptionInput = z.input<typeof ScheduleExceptionSchema>;

/** POST /schedules/parse answer: what was found in a circular; "" / null when not found. */
export const ParsedScheduleSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** ISO instant or null. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** The RRULE when a start was found, else the phrase as written (or ""). */
  recurrence: z.string(),
  /** The full text of the file. */
  content: z.string(),
});
export type ParsedScheduleResult = z.infer<typeof ParsedScheduleSchema>;

/** GET /schedules/feed-token. */
export const FeedTokenStatusSchema = z.object({
  exists: z.boolean(),
  /** When the current token was made; null when none. */
  createdAt: z.string().nullable(),
});
export type FeedTokenStatus = z.infer<typeof FeedTokenStatusSchema>;

/** POST /schedules/feed-token: the only time the URL is shown. */
export const FeedTokenCreatedSchema = z.object({
  /** Absolute URL of the feed (https://host/api/schedules/feed/{token}.ics). */
  url: z.string(),
  /** Same URL with the webcal:// scheme, for "subscribe" links on phones. */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type FeedTokenCreated = z.infer<typeof FeedTokenCreatedSchema>;

/** Path of the feed: the token is 43 base64url characters. */
export const FeedParamsSchema = z.object({
  file: z.string().max(64, { error: "Not found" }),
});

export const ScheduleIdParamsSchema = IdParamsSchema;
