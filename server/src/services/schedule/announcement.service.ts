import { and, count, desc, eq, gte, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { announcementBound, type Announcement, type AnnouncementForm, type PageMeta, type PageQuery } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { announcementDismissals, announcements } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { notFound } from "../../lib/errors";
import { pageWithCount } from "../../lib/pagination";
import { presentAnnouncement } from "./announcement.presenter";

export const ANNOUNCEMENT_NOT_FOUND = "Announcement not found";

const bound = (text: string | null | undefined, side: "start" | "end") => (text ? new Date(announcementBound(text, side)) : null);

/** GET /announcements (admin): newest first. */
export async function listAnnouncements(db: Db, q: PageQuery): Promise<{ data: Announcement[]; pagination: PageMeta }> {
  const { rows, meta } = await pageWithCount(
    q,
    (w) => db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(w.limit).offset(w.offset),
    async () => (await db.select({ total: count() }).from(announcements))[0].total,
  );
  return { data: rows.map(presentAnnouncement), pagination: meta };
}

/** Whose window contains `now` (a missing bound is open) and this user has not dismissed. */
function currentFor(userId: number, now: Date) {
  return and(
    or(isNull(announcements.startDate), lte(announcements.startDate, now)),
    or(isNull(announcements.endDate), gte(announcements.endDate, now)),
    notExists(
      sql`(select 1 from ${announcementDismissals} where ${announcementDismissals.announcementId} = ${announcements.id} and ${announcementDismissals.userId} = ${userId})`,
    ),
  );
}

/** GET /announcements/current: newest first, at most 20. */
export async function currentAnnouncements(db: Db, userId: number, now: Date): Promise<Announcement[]> {
  const rows = await db.select().from(announcements).where(currentFor(userId, now)).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(20);
  return rows.map(presentAnnouncement);
}

export async function loadAnnouncement(db: Queryable, id: number): Promise<Announcement | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  return row ? presentAnnouncement(row) : null;
}

export async function createAnnouncement(db: Db, input: AnnouncementForm, userId: number, actor: Actor): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        content: input.content,
        startDate: bound(input.startDate, "start"),
        endDate: bound(input.endDate, "end"),
        createdBy: userId,
      })
      .returning();
    const created = presentAnnouncement(row);
    await recordAudit(tx, { entityType: "announcement", entityId: row.id, action: "create", actor, after: created });
    return created;
  });
}

export async function updateAnnouncement(db: Db, id: number, input: AnnouncementForm, actor: Actor): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update").limit(1);
    if (!locked) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    const [row] = await tx
      .update(announcements)
      .set({
        title: input.title,
        content: input.content,
        startDate: bound(input.startDate, "start"),
        endDate: bound(input.endDate, "end"),
        updatedAt: new Date(),
      })
      .where(eq(announcements.id, id))
      .returning();
    const after = presentAnnouncement(row);
    await recordAudit(tx, { entityType: "announcement", entityId: id, action: "update", actor, before: presentAnnouncement(locked), after });
    return after;
  });
}

export async function removeAnnouncement(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, { entityType: "announcement", entityId: id, action: "delete", actor, before: presentAnnouncement(row) });
  });
}

/**
 * POST /announcements/{id}/dismiss: remembered per user (idempotent). Only an announcement the user
 * can see now may be dismissed; anything else is 404.
 */
export async function dismissAnnouncement(db: Db, id: number, userId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ id: announcements.id, startDate: announcements.startDate, endDate: announcements.endDate })
    .from(announcements)
    .where(eq(announcements.id, id))
    .limit(1);
  const visible = row && (!row.startDate || row.startDate <= now) && (!row.endDate || row.endDate >= now);
  if (!visible) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  await db.insert(announcementDismissals).values({ announcementId: id, userId }).onConflictDoNothing();
}
