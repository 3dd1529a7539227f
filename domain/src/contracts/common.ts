import { z } from "zod";

import { ROLES, STUDENT_TYPES } from "../constants";

export { ROLES, STUDENT_TYPES, STUDENT_TYPE_LABELS, type Role, type StudentType } from "../constants";

/** The three roles of the product. */
export const RoleSchema = z.enum(ROLES);

/** JHS levels; a student sees only the quizzes of their own level. */
export const StudentTypeSchema = z.enum(STUDENT_TYPES, { error: "Level must be jhs1, jhs2 or jhs3" });

/** Every error the API sends has this shape. */
export const ErrorSchema = z.object({
  error: z.string(),
  /** A stable machine-readable code beside the message, on refusals a client branches on (decision 015). */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

/** The largest id: ids are PostgreSQL `integer`s (positive 32-bit). */
export const MAX_ID = 2_147_483_647;
/** The last page any list can be asked for. */
export const MAX_PAGE = 100_000;

/** A text of plain decimal digits becomes its number; anything else is left for the number check to refuse. */
const fromDigits = (v: unknown) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v);

/**
 * A whole number from a path, query string, form field or JSON body. Only plain decimal digits
 * are read as a number: `0x6`, ` 6`, `6e0`, `0b110`, `0o6` and `6.0` are refused, not read as 6.
 * In the OpenAPI document it is an integer with its minimum and maximum.
 */
export const wholeNumber = (error: string, min: number, max: number, tooBig: string = error) =>
  z.preprocess(fromDigits, z.number({ error }).int({ error }).min(min, { error }).max(max, { error: tooBig }));

/** An id in a path, query or body: a positive 32-bit integer, with one message for every way it can be wrong. */
export const positiveId = (name: string) => wholeNumber(`${name} must be a positive number`, 1, MAX_ID);

/** An optional id in a form or JSON body: "" and null read as none. */
export const optionalId = (name: string) => z.preprocess((v) => (v === "" ? null : v), positiveId(name).nullable().optional());

/** A text that must be there (not empty once trimmed), at most `max` characters: one message, or `tooLong` past `max`. */
export const requiredText = (error: string, max: number, tooLong: string = error) => z.string({ error }).trim().min(1, { error }).max(max, { error: tooLong });

/** `page` of a list query: 1 to MAX_PAGE. */
export const pageNumber = () => wholeNumber("page must be 1 or more", 1, MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1);

/** Path parameters that are ids, each a `positiveId` named as in the path: `idParams("quizId")`, `idParams("id", "questionId")`. */
export const idParams = <K extends string>(...names: [K, ...K[]]) =>
  z.object(Object.fromEntries(names.map((name) => [name, positiveId(name)])) as Record<K, ReturnType<typeof positiveId>>);

/** Path parameter `id`. */
export const IdParamsSchema = idParams("id");

/**
 * The one page query of every list: `page` from 1, `limit` from 1 to `max` (default `size`), both plain
 * decimal digits only. Lists extend it with their filters; the server turns it into limit/offset with
 * `server/src/lib/pagination.ts`.
 */
export const pageQuery = (size: number, max = 100) =>
  z.object({
    page: pageNumber(),
    limit: wholeNumber(`limit must be between 1 and ${max}`, 1, max).default(size),
  });
export const PageQuerySchema = pageQuery(20);
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `search` of a list query: part of a name or title (any case), trimmed, 100 characters at most. Some lists say the limit in `error`. */
export const searchParam = (error?: string) =>
  z
    .string()
    .trim()
    .max(100, error === undefined ? undefined : { error })
    .optional();
export const SEARCH_TOO_LONG = "search must be at most 100 characters";

/** `sortOrder` of a list query. */
export const SortOrderSchema = z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" });

/** The one page meta of every list answer (under `pagination`, or `meta` for quizzes as the spec says). */
export const PageMetaSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** The one list answer: a page of `item`s and its meta, `{ data, pagination }`. A list adds its own fields after them with `.extend`. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: PageMetaSchema });

/**
 * A submission's score line: the percentage over the questions with a key (two decimals; null with no keyed question),
 * how many of them were answered right, and how many have a key.
 */
export const ScoreLineSchema = z.object({ score: z.number().nullable(), correct: z.number().int(), total: z.number().int() });
/**
 * The score line as a student may be shown it: `score` (also null while unknown) and `correct` are null while the quiz
 * keeps scores until it closes (`scoreHidden`, showScore "after_close", decision 041).
 */
export const HideableScoreLineSchema = ScoreLineSchema.extend({ correct: z.number().int().nullable() });

/** Someone another answer points to: a student, a teacher, who decided. */
export const PersonRefSchema = z.object({ id: z.number().int(), name: z.string() });
/** Something another answer points to by its title: a course, a quiz. */
export const TitledRefSchema = z.object({ id: z.number().int(), title: z.string() });

export const OkSchema = z.object({ ok: z.literal(true) });
