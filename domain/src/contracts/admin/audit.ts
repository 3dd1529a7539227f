import { z } from "zod";
import { RoleSchema, pageOf, pageQuery, searchParam } from "../common";

export { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditActionLabel, type AuditAction } from "../../constants/admin";

export const AuditLogSchema = z.object({
  id: z.number().int(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  userId: z.number().int().nullable(),
  /** Who did it: the acting user's name and role (null when the entry has no user, or the user is gone). */
  actorName: z.string().nullable(),
  actorRole: RoleSchema.nullable(),
  /** What it was done to, by name: the user's name, the quiz's or course's title… (the snapshot's name once deleted). */
  targetName: z.string().nullable(),
  /** The admin's name when the action was done while impersonating. */
  impersonatorName: z.string().nullable(),
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
  /** Matches the entity type or id, or the name of who did it or what it was done to. */
  search: searchParam(),
  action: z.string().trim().toLowerCase().max(40).optional(),
  sortBy: z.enum(["entityType", "action", "createdAt", "entityId"]).default("entityType"),
  sortOrder: z.enum(["asc", "desc"]).default("asc"),
});

export const AuditLogListSchema = pageOf(AuditLogSchema);
