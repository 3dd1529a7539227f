import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { PageMeta, PageQuery, Role, User } from "@adesua/domain";
import type { Db, Queryable } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { revokeUserSessions } from "../auth/sessions";
import { recordAudit, type Actor } from "../audit/audit";
import { presentUser } from "../presenters/user";
import { assertCanChangePassword, assertCanDelete, listableRoles } from "../policies/user.policy";
import { notFound } from "../lib/errors";
import { escapeLike } from "../lib/sql";
import { pageMeta, pageWithCount } from "../lib/pagination";
import type { Viewer } from "../lib/viewer";

export const USER_NOT_FOUND = "User not found";

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** GET /users: the roles the viewer may list (optionally one of them), searched by name or email, sorted by name. */
export async function listUsers(db: Db, viewer: Viewer, q: PageQuery & { role?: Role; search?: string }): Promise<{ data: User[]; pagination: PageMeta }> {
  const allowed = listableRoles(viewer);
  const roles = q.role ? allowed.filter((r) => r === q.role) : allowed;
  if (roles.length === 0) return { data: [], pagination: pageMeta(q, 0) };
  const where: SQL[] = [inArray(users.role, roles)];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    where.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  const cond = and(...where);
  const { rows, meta } = await pageWithCount(
    q,
    (w) => db.select().from(users).where(cond).orderBy(asc(users.name), asc(users.id)).limit(w.limit).offset(w.offset),
    async () => (await db.select({ total: count() }).from(users).where(cond))[0].total,
  );
  return { data: rows.map(presentUser), pagination: meta };
}

/** PUT /users/{id}: an admin sets a password; every session of that user ends. */
export async function setUserPassword(db: Db, viewer: Viewer, userId: number, password: string, actor: Actor): Promise<User> {
  assertCanChangePassword(viewer);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    if (!row) throw notFound(USER_NOT_FOUND);
    await revokeUserSessions(tx, row.id);
    await recordAudit(tx, {
      entityType: "user",
      entityId: row.id,
      action: "update",
      actor,
      before: { passwordChanged: false },
      after: { passwordChanged: true },
    });
    return presentUser(row);
  });
}

/** DELETE /users/{id}. The admins are locked so two parallel deletes cannot remove the last two admins. */
export async function deleteUser(db: Db, viewer: Viewer, userId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    const target = await findUser(tx, userId);
    if (!target) throw notFound(USER_NOT_FOUND);
    assertCanDelete(viewer, target, admins.length);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, { entityType: "user", entityId: target.id, action: "delete", actor, before: presentUser(target) });
  });
}
