import type { AuditLog } from "@adesua/domain";
import type { AuditLogRow } from "../db/schema";

export function presentAuditLog(r: AuditLogRow): AuditLog {
  return {
    id: r.id,
    entityType: r.entityType,
    entityId: r.entityId,
    action: r.action,
    userId: r.userId,
    impersonatorId: r.impersonatorId,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
