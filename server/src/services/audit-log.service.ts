import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AuditLog, PageMeta, PageQuery } from "@adesua/domain";
import type { Db } from "../db/client";
import { auditLogs } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit";
import { escapeLike } from "../lib/sql";
import { pageWithCount } from "../lib/pagination";
import { presentAuditLog } from "../presenters/audit-log";
import { rowCount } from "./row-counts";

export type AuditLogFilter = PageQuery & {
  search?: string;
  action?: string;
  sortBy: "entityType" | "action" | "createdAt" | "entityId";
  sortOrder: "asc" | "desc";
};

/** GET /logs: searched by entity type or id, filtered by action, sorted by one column (then id). */
export async function listAuditLogs(db: Db, f: AuditLogFilter): Promise<{ data: AuditLog[]; pagination: PageMeta }> {
  const where: SQL[] = [];
  if (f.search) {
    const q = `%${escapeLike(f.search)}%`;
    where.push(or(ilike(auditLogs.entityType, q), ilike(auditLogs.entityId, q))!);
  }
  if (f.action) where.push(eq(sql`lower(${auditLogs.action})`, f.action));
  const cond = where.length ? and(...where) : undefined;
  const dir = f.sortOrder === "asc" ? asc : desc;
  const sortCol = {
    entityType: sql`lower(${auditLogs.entityType})`,
    action: sql`lower(${auditLogs.action})`,
    createdAt: sql`${auditLogs.createdAt}`,
    // Numeric ids sort as numbers; missing or non-numeric ids count as 0.
    entityId: sql`case when ${auditLogs.entityId} ~ '^[0-9]{1,15}$' then ${auditLogs.entityId}::bigint else 0 end`,
  }[f.sortBy];
  const { rows, meta } = await pageWithCount(
    f,
    (w) => db.select().from(auditLogs).where(cond).orderBy(dir(sortCol), dir(auditLogs.id)).limit(w.limit).offset(w.offset),
    // The whole trail's size is kept by a trigger (row_counts): no scan of 100,000 entries per page.
    async () => (cond ? (await db.select({ total: count() }).from(auditLogs).where(cond))[0].total : rowCount(db, "audit_logs")),
  );
  return { data: rows.map(presentAuditLog), pagination: meta };
}

/** DELETE /logs: empties the trail; the clearing itself stays on record (who, and how much). */
export async function clearAuditLogs(db: Db, actor: Actor): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(auditLogs).returning({ id: auditLogs.id });
    await recordAudit(tx, { entityType: "audit_log", entityId: null, action: "delete", actor, before: { count: gone.length } });
    return { deleted: gone.length };
  });
}
