import type { AuditLog, Role } from "@adesua/domain";
import type { AuditLogRow } from "../../db/schema";

/** The names an entry is shown with, joined by the audit-log service's query (issue 24). */
export type AuditLogNames = { actorName: string | null; actorRole: string | null; impersonatorName: string | null; targetName: string | null };

export function presentAuditLog(r: AuditLogRow, names: AuditLogNames): AuditLog {
  return {
    id: r.id,
    entityType: r.entityType,
    entityId: r.entityId,
    action: r.action,
    userId: r.userId,
    actorName: names.actorName,
    actorRole: (names.actorRole as Role | null) ?? null,
    targetName: names.targetName,
    impersonatorId: r.impersonatorId,
    impersonatorName: names.impersonatorName,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
