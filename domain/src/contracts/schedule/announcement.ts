/**
 * Announcements (issue 13).
 *
 * Calls (all under /api, signed in):
 *   GET    /announcements?page=&limit=       admin → AnnouncementListResponse (newest first)
 *   GET    /announcements/current            any role → AnnouncementCurrentResponse (window contains now; no
 *                                            dates = always; minus those this user dismissed)
 *   GET    /announcements/{id}               admin → Announcement
 *   POST   /announcements                    admin, AnnouncementForm → 201 Announcement
 *   PUT    /announcements/{id}               admin, AnnouncementForm → Announcement
 *   DELETE /announcements/{id}               admin → { ok: true }
 *   POST   /announcements/{id}/dismiss       any role (the announcement must be current for them) → { ok: true }
 *
 * `content` is plain text with simple formatting: line breaks, links (http/https URLs) and **bold**.
 * It is stored and returned as written; the screen renders it as text (never as HTML).
 */
import { z } from "zod";
import { pageOf, pageQuery } from "../common";

export const ANNOUNCEMENT_MESSAGES = {
  title: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  content: "Content is required",
  contentTooLong: "Content must be at most 10000 characters",
  startDate: "Start date must be an ISO date or date-time",
  endDate: "End date must be an ISO date or date-time",
  endBeforeStart: "End date cannot be before start date",
  saveFailed: "Error saving announcement.",
  deleteFailed: "Delete failed",
} as const;

/** An announcement. */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text as written (line breaks, URLs, **bold**); never HTML. */
  content: z.string(),
  /** ISO instant; null = from always. */
  startDate: z.string().nullable(),
  /** ISO instant; null = until removed. */
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/**
 * An optional date: ISO date ("2026-12-01") or date-time; "" or null = none. A date alone means
 * 00:00 UTC of that day for startDate and the end of that day (23:59:59.999 UTC) for endDate
 * (UTC is the school's zone, Africa/Accra).
 */
const optionalDate = (error: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z
      .string({ error })
      .trim()
      .max(40, { error })
      .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { error })
      .nullable(),
  );

/** POST /announcements and PUT /announcements/{id} body. */
export const AnnouncementFormSchema = z
  .object({
    title: z
      .string({ error: ANNOUNCEMENT_MESSAGES.title })
      .trim()
      .min(1, { error: ANNOUNCEMENT_MESSAGES.title })
      .max(200, { error: ANNOUNCEMENT_MESSAGES.titleTooLong }),
    content: z
      .string({ error: ANNOUNCEMENT_MESSAGES.content })
      .trim()
      .min(1, { error: ANNOUNCEMENT_MESSAGES.content })
      .max(10000, { error: ANNOUNCEMENT_MESSAGES.contentTooLong }),
    startDate: optionalDate(ANNOUNCEMENT_MESSAGES.startDate).optional(),
    endDate: optionalDate(ANNOUNCEMENT_MESSAGES.endDate).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || announcementBound(v.endDate, "end") >= announcementBound(v.startDate, "start"), {
    error: ANNOUNCEMENT_MESSAGES.endBeforeStart,
    path: ["endDate"],
  });
export type AnnouncementFormInput = z.input<typeof AnnouncementFormSchema>;
export type AnnouncementForm = z.output<typeof AnnouncementFormSchema>;

/** The instant a form date stands for: a date alone is the start (or, for an end, the last millisecond) of that day in UTC. */
export function announcementBound(text: string, side: "start" | "end"): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = Date.parse(`${text}T00:00:00.000Z`);
    return side === "start" ? day : day + 86_400_000 - 1;
  }
  return Date.parse(text);
}

export const AnnouncementListQuerySchema = pageQuery(20);
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuerySchema>;

export const AnnouncementListResponseSchema = pageOf(AnnouncementSchema);
export type AnnouncementListResponse = z.infer<typeof AnnouncementListResponseSchema>;

/** GET /announcements/current: newest first. */
export const AnnouncementCurrentResponseSchema = z.object({ data: z.array(AnnouncementSchema) });
export type AnnouncementCurrentResponse = z.infer<typeof AnnouncementCurrentResponseSchema>;
