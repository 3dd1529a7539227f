import { z } from "zod";
import { LIBRARY_ITEM_TYPES } from "../constants";
import { TitledRefSchema, pageOf, pageQuery, searchParam } from "./common";

/** A document of the library: a course's material or a quiz's paper as a PDF. */
export const LibraryItemSchema = z.object({
  /** "material-<courseId>" or "quiz-pdf-<quizId>": unique across both kinds. */
  id: z.string(),
  title: z.string(),
  type: z.enum(LIBRARY_ITEM_TYPES),
  /** The course the document belongs to. */
  course: TitledRefSchema,
  /** The file's name as uploaded. */
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** When the file was uploaded (ISO). */
  createdAt: z.string(),
  /** Where to GET the file (API path without the /api prefix). */
  downloadPath: z.string(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

/** GET /library: newest first; `search` matches the title, the file name or the course. */
export const LibraryQuerySchema = pageQuery(20).extend({
  search: searchParam(),
  type: z.enum(LIBRARY_ITEM_TYPES, { error: "type must be material or quiz-pdf" }).optional(),
});
export type LibraryQuery = z.input<typeof LibraryQuerySchema>;

export const LibraryListSchema = pageOf(LibraryItemSchema);
export type LibraryList = z.infer<typeof LibraryListSchema>;
