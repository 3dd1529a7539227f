import { asc, eq } from "drizzle-orm";
import { GUARDIAN_MESSAGES, normalisePhone, type Guardian, type GuardianInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { guardians, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";

/** A student's guardians (one or two, issue 28): admins keep them; a student reads their own. */

const present = (g: typeof guardians.$inferSelect): Guardian => ({ id: g.id, name: g.name, relationship: g.relationship, phone: g.phone });

async function studentOf(db: Queryable, userId: number): Promise<{ id: number; role: string }> {
  const [u] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound("User not found");
  return u;
}

async function guardiansOf(db: Queryable, studentId: number): Promise<Guardian[]> {
  const rows = await db.select().from(guardians).where(eq(guardians.studentId, studentId)).orderBy(asc(guardians.position), asc(guardians.id));
  return rows.map(present);
}

/** GET /users/{id}/guardians: an admin any user's (none for staff), a student only their own. */
export async function listGuardians(db: Queryable, viewer: Viewer, userId: number): Promise<Guardian[]> {
  if (viewer.role === "student" && viewer.id !== userId) throw forbidden("You can only see your own guardians");
  if (viewer.role !== "admin" && viewer.role !== "student") throw forbidden();
  await studentOf(db, userId);
  return guardiansOf(db, userId);
}

/** PUT /users/{id}/guardians: replaces the list (in the order given, phones as +233…); audited. */
export async function putGuardians(db: Db, userId: number, input: GuardianInput[], actor: Actor): Promise<Guardian[]> {
  return db.transaction(async (tx) => {
    const user = await studentOf(tx, userId);
    if (user.role !== "student") throw badRequest(GUARDIAN_MESSAGES.notStudent);
    // The student's row is the lock: two admins saving at once leave one list, not both.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const before = await guardiansOf(tx, userId);
    await tx.delete(guardians).where(eq(guardians.studentId, userId));
    if (input.length) {
      await tx
        .insert(guardians)
        .values(
          input.map((g, i) => ({ studentId: userId, name: g.name, relationship: g.relationship, phone: normalisePhone(g.phone) ?? g.phone, position: i })),
        );
    }
    const after = await guardiansOf(tx, userId);
    const snap = (list: Guardian[]) => ({ guardians: list.map(({ name, relationship, phone }) => ({ name, relationship, phone })) });
    await recordAudit(tx, { entityType: "guardians", entityId: userId, action: "update", actor, before: snap(before), after: snap(after) });
    return after;
  });
}
