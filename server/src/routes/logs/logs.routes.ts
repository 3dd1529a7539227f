import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditLogListSchema, AuditLogQuerySchema, type AuditLog } from "@adesua/domain";
import { auditLogs, type AuditLogRow } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { actorOf } from "../../lib/context";
import { ADMIN } from "../../lib/access";
import { escapeLike } from "../../lib/sql";

function presentLog(r: AuditLogRow): AuditLog {
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

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/logs",
    { config: { access: ADMIN }, schema: { tags: ["logs"], querystring: AuditLogQuerySchema, response: { 200: AuditLogListSchema } } },
    async (req) => {
      const { search, action, sortBy, sortOrder, page, limit } = req.query;
      const where: SQL[] = [];
      if (search) {
        const q = `%${escapeLike(search)}%`;
        where.push(or(ilike(auditLogs.entityType, q), ilike(auditLogs.entityId, q))!);
      }
      if (action) where.push(eq(sql`lower(${auditLogs.action})`, action));
      const cond = where.length ? and(...where) : undefined;
      const dir = sortOrder === "asc" ? asc : desc;
      const sortCol = {
        entityType: sql`lower(${auditLogs.entityType})`,
        action: sql`lower(${auditLogs.action})`,
        createdAt: sql`${auditLogs.createdAt}`,
        // Numeric ids sort as numbers; missing or non-numeric ids count as 0.
        entityId: sql`case when ${auditLogs.entityId} ~ '^[0-9]{1,15}$' then ${auditLogs.entityId}::bigint else 0 end`,
      }[sortBy];
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(auditLogs)
          .where(cond)
          .orderBy(dir(sortCol), dir(auditLogs.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: count() }).from(auditLogs).where(cond),
      ]);
      return { data: rows.map(presentLog), pagination: { total, page, limit } };
    },
  );

  app.delete("/logs", { config: { access: ADMIN }, schema: { tags: ["logs"], response: { 200: z.object({ deleted: z.number().int() }) } } }, async (req) => {
    return app.db.transaction(async (tx) => {
      const gone = await tx.delete(auditLogs).returning({ id: auditLogs.id });
      // The clearing itself stays on record: who emptied the trail and how much.
      await recordAudit(tx, { entityType: "audit_log", entityId: null, action: "delete", actor: actorOf(req), before: { count: gone.length } });
      return { deleted: gone.length };
    });
  });
};
