import { z } from "zod";
import { PersonRefSchema, SEARCH_TOO_LONG, pageOf, pageQuery, searchParam } from "./common";
import { COURSE_MESSAGES } from "../constants";

export { COURSE_MESSAGES };
import { FileInfoSchema } from "./files";
import { MAX_ID, positiveId, wholeNumber } from "./common";

/** A course as every role sees it. */
export const CourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The teacher who teaches it; null while unassigned. */
  teacherId: z.number().int().nullable(),
  /** Null while unassigned. */
  teacher: PersonRefSchema.nullable(),
  /** The course material PDF (download: GET /api/courses/{id}/material); null when none was uploaded. */
  material: FileInfoSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof CourseSchema>;

/** GET /courses: search matches title or description, case-insensitive. Sorted by title. */
/** Limit: 12 on the student pages, 100 for dropdowns; never more than 100. */
export const CourseListQuerySchema = pageQuery(12).extend({
  search: searchParam(SEARCH_TOO_LONG),
  /** Only courses taught by this teacher (e.g. a teacher's own courses for the quiz form). */
  teacherId: positiveId("teacherId").optional(),
});
export type CourseListQuery = z.input<typeof CourseListQuerySchema>;

export const CourseListResponseSchema = pageOf(CourseSchema);
export type CourseListResponse = z.infer<typeof CourseListResponseSchema>;

/** Counts for the admin course screen. */
export const CourseStatsSchema = z.object({ total: z.number().int(), assigned: z.number().int(), unassigned: z.number().int() });
export type CourseStats = z.infer<typeof CourseStatsSchema>;

const truthy = (v: unknown) => v === true || (typeof v === "string" && ["true", "on", "1", "yes"].includes(v.trim().toLowerCase()));

/**
 * The text fields of POST /courses and PUT /courses/{id} (multipart/form-data; PUT also takes JSON).
 * The PDF travels as the file field `material`.
 */
export const CourseFormSchema = z.object({
  title: z.string({ error: COURSE_MESSAGES.title }).trim().min(1, { error: COURSE_MESSAGES.title }).max(200, { error: COURSE_MESSAGES.titleTooLong }),
  /** Optional; empty by default. */
  description: z.preprocess((v) => v ?? "", z.string({ error: "Description must be text" }).trim().max(5000, { error: COURSE_MESSAGES.descriptionTooLong })),
  /** PUT only: "true" removes the current material (ignored when a new file is sent). */
  removeMaterial: z.preprocess(truthy, z.boolean()).optional(),
});
export type CourseFormInput = z.input<typeof CourseFormSchema>;

/** PUT /courses/{id}/assign (admin only); the user must be a teacher. */
export const AssignTeacherSchema = z.object({
  teacherId: wholeNumber(COURSE_MESSAGES.teacher, 1, MAX_ID),
});
export type AssignTeacherInput = z.input<typeof AssignTeacherSchema>;
