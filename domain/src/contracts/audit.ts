import { z } from "zod";
import { PageMetaSchema, RoleSchema, pageQuery } from "./common";

/**
 * Every action the audit trail records: `recordAudit` accepts only these, and the Audit logs screen's Action filter
 * is built from this list (issue 24), so an action that can occur is always one that can be filtered on.
 */
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
  "import",
  "publish",
  "unpublish",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the screen names each action (the spec's Create, Update, Delete, Login, Logout; a Record, so no action goes without a label). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "Create",
  update: "Update",
  delete: "Delete",
  login: "Login",
  logout: "Logout",
  impersonate: "Impersonate",
  regrade: "Regrade",
  release_answers: "Release answers",
  approve: "Approve",
  reject: "Reject",
  override: "Override",
  grade: "Grade",
  import: "Import",
  publish: "Publish",
  unpublish: "Unpublish",
};

/** The label of an action, or the action itself for one written before this list knew it. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action.toLowerCase() as AuditAction] ?? action;

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
  search: z.string().trim().max(100).optional(),
  action: z.string().trim().toLowerCase().max(40).optional(),
  sortBy: z.enum(["entityType", "action", "createdAt", "entityId"]).default("entityType"),
  sortOrder: z.enum(["asc", "desc"]).default("asc"),
});

export const AuditLogListSchema = z.object({
  data: z.array(AuditLogSchema),
  pagination: PageMetaSchema,
});
