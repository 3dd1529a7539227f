import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditLog, PageMeta, PageQuery } from "@adesua/domain";
import type { Db } from "../../db/client";
import { announcements, auditLogs, courses, gradebooks, questions, quizzes, records, scheduleEvents, submissions, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { escapeLike } from "../../lib/sql";
import { pageWithCount } from "../../lib/pagination";
import { presentAuditLog } from "./audit-log.presenter";
import { rowCount } from "./row-counts";

export type AuditLogFilter = PageQuery & {
  search?: string;
  action?: string;
  sortBy: "entityType" | "action" | "createdAt" | "entityId";
  sortOrder: "asc" | "desc";
};

const actor = alias(users, "actor");
const impersonator = alias(users, "impersonator");
const targetUser = alias(users, "target_user");
const resultUser = alias(users, "result_user");
const resultQuiz = alias(quizzes, "result_quiz");

/** The entry's entity id as an integer when it is one (ids are stored as text), so the joins below use primary keys. */
const entityInt = sql<number | null>`(case when ${auditLogs.entityId} ~ '^[0-9]{1,9}$' then ${auditLogs.entityId}::int end)`;
const isType = (...types: string[]) =>
  sql`${auditLogs.entityType} in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/**
 * What the entry was done to, by name (issue 24): the user's name, the quiz's, course's, table's, event's or
 * announcement's title, a question's text (cut at 80 characters), "student — quiz" for a submission or record; once the row is gone, the name its snapshot kept.
 */
const targetName = sql<string | null>`coalesce(
  ${targetUser.name}, ${quizzes.title}, ${courses.title}, ${gradebooks.name}, ${scheduleEvents.title}, ${announcements.title},
  case when length(${questions.text}) > 80 then left(${questions.text}, 79) || '…' else ${questions.text} end,
  case when ${resultUser.name} is not null then ${resultUser.name} || coalesce(' — ' || ${resultQuiz.title}, '') end,
  ${auditLogs.before}->>'name', ${auditLogs.after}->>'name', ${auditLogs.before}->>'title', ${auditLogs.after}->>'title'
)`;

/**
 * Entries with who did it and what to, joined in SQL by primary key. Only the page's entries are joined: the caller
 * picks the page's ids first (`pageIds`), so a deep page does not join every entry it skips.
 */
function selectWithNames(db: Db, pageIds: ReturnType<typeof idsOfPage>) {
  return db
    .select({
      log: auditLogs,
      actorName: actor.name,
      actorRole: actor.role,
      impersonatorName: impersonator.name,
      targetName,
    })
    .from(pageIds)
    .innerJoin(auditLogs, eq(auditLogs.id, pageIds.id))
    .leftJoin(actor, eq(actor.id, auditLogs.userId))
    .leftJoin(impersonator, eq(impersonator.id, auditLogs.impersonatorId))
    .leftJoin(targetUser, and(isType("user", "performance"), eq(targetUser.id, entityInt)))
    .leftJoin(quizzes, and(isType("quiz"), eq(quizzes.id, entityInt)))
    .leftJoin(courses, and(isType("course"), eq(courses.id, entityInt)))
    .leftJoin(gradebooks, and(isType("table"), eq(gradebooks.id, entityInt)))
    .leftJoin(scheduleEvents, and(isType("schedule_event"), eq(scheduleEvents.id, entityInt)))
    .leftJoin(announcements, and(isType("announcement"), eq(announcements.id, entityInt)))
    .leftJoin(questions, and(isType("question"), eq(questions.id, entityInt)))
    .leftJoin(submissions, and(isType("submission"), eq(submissions.id, entityInt)))
    .leftJoin(records, and(isType("record"), eq(records.id, entityInt)))
    .leftJoin(resultUser, eq(resultUser.id, sql`coalesce(${submissions.userId}, ${records.userId})`))
    .leftJoin(resultQuiz, eq(resultQuiz.id, sql`coalesce(${submissions.quizId}, ${records.quizId})`));
}

/** The ids of one page of entries, in the page's order (the sort's index does the work). */
function idsOfPage(db: Db, cond: SQL | undefined, order: SQL[], w: { limit: number; offset: number }) {
  return db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(cond)
    .orderBy(...order)
    .limit(w.limit)
    .offset(w.offset)
    .as("page_ids");
}

/** GET /logs: searched by entity type or id or the actor's name, filtered by action, sorted by one column (then id). */
export async function listAuditLogs(db: Db, f: AuditLogFilter): Promise<{ data: AuditLog[]; pagination: PageMeta }> {
  const where: SQL[] = [];
  if (f.search) {
    const q = `%${escapeLike(f.search)}%`;
    where.push(
      or(
        ilike(auditLogs.entityType, q),
        ilike(auditLogs.entityId, q),
        sql`exists (select 1 from ${users} where ${users.id} = ${auditLogs.userId} and ${users.name} ilike ${q})`,
      )!,
    );
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
    (w) => selectWithNames(db, idsOfPage(db, cond, [dir(sortCol), dir(auditLogs.id)], w)).orderBy(dir(sortCol), dir(auditLogs.id)),
    // The whole trail's size is kept by a trigger (row_counts): no scan of 100,000 entries per page.
    async () => (cond ? (await db.select({ total: count() }).from(auditLogs).where(cond))[0].total : rowCount(db, "audit_logs")),
  );
  return { data: rows.map((r) => presentAuditLog(r.log, r)), pagination: meta };
}

/** DELETE /logs: empties the trail; the clearing itself stays on record (who, and how much). */
export async function clearAuditLogs(db: Db, actor: Actor): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(auditLogs).returning({ id: auditLogs.id });
    await recordAudit(tx, { entityType: "audit_log", entityId: null, action: "delete", actor, before: { count: gone.length } });
    return { deleted: gone.length };
  });
}
