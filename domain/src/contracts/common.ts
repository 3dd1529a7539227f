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

/** Path parameter `id` as a positive integer. */
/** A positive whole number from a path or query string, with one message for every way it can be wrong. */
export const positiveId = (name: string) => {
  const error = `${name} must be a positive number`;
  return z.coerce.number({ error }).int({ error }).positive({ error });
};

/** Path parameter `id`. */
export const IdParamsSchema = z.object({ id: positiveId("id") });

/**
 * The one page query of every list: `page` from 1, `limit` from 1 to `max` (default `size`). Lists
 * extend it with their filters; the server turns it into limit/offset with `server/src/lib/pagination.ts`.
 */
export const pageQuery = (size: number, max = 100) => {
  const limitError = { error: `limit must be between 1 and ${max}` };
  return z.object({
    page: z.coerce.number().int().min(1, { error: "page must be 1 or more" }).default(1),
    limit: z.coerce.number().int().min(1, limitError).max(max, limitError).default(size),
  });
};
export const PageQuerySchema = pageQuery(20);
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The one page meta of every list answer (under `pagination`, or `meta` for quizzes as the spec says). */
export const PageMetaSchema = z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
