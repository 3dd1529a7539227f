import { z } from "zod";
import { PageMetaSchema, pageQuery } from "./common";

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "login",
  "logout",
  "impersonate",
  "regrade",
  "release_answers",
  "approve",
  "reject",
  "override",
  "grade",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditLogSchema = z.object({
  id: z.number().int(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  userId: z.number().int().nullable(),
  /** Set when the action was done by an admin acting as another user. */
  impersonatorId: z.number().int().nullable(),
  /** Previous values of the changed fields only. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** New values of the changed fields only. */
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;

export const AuditLogQuerySchema = pageQuery(50, 200).extend({
  search: z.string().trim().max(100).optional(),
  action: z.string().trim().toLowerCase().max(40).optional(),
  sortBy: z.enum(["entityType", "action", "createdAt", "entityId"]).default("entityType"),
  sortOrder: z.enum(["asc", "desc"]).default("asc"),
});

export const AuditLogListSchema = z.object({
  data: z.array(AuditLogSchema),
  pagination: PageMetaSchema,
});
