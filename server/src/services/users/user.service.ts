import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PageMeta, PageQuery, Role, StudentType, User, UserListItem } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { attempts, courses, quizzes, users, type UserRow } from "../../db/schema";
import { hashPassword } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import { recordAudit, type Actor } from "../../audit/audit";
import { presentUser } from "./user.presenter";
import { assertCanChangePassword, assertCanDelete, listableRoles } from "../../policies/users.policy";
import { quizColumnsOf, taughtQuizSql } from "../../policies/quizzes.policy";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { escapeLike } from "../../lib/sql";
import { pageMeta, pageWithCount } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";

export const USER_NOT_FOUND = "User not found";

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** Students who have an attempt at a quiz the teacher made or whose course they teach. */
function tookQuizOf(teacherId: number): SQL {
  return exists(
    sql`(select 1 from ${attempts} a join ${quizzes} q on q.id = a.quiz_id join ${courses} c on c.id = q.course_id
      where a.user_id = ${users.id} and ${taughtQuizSql(teacherId, quizColumnsOf("q", "c"))})`,
  );
}

/**
 * GET /users: the roles the viewer may list (optionally one of them), searched by name (and email,
 * for admins), sorted by name; pending teachers first for admins. Teachers see only the students
 * who took their quizzes, without emails (decision 017).
 */
export async function listUsers(
  db: Db,
  viewer: Viewer,
  q: PageQuery & {
    role?: Role;
    studentType?: StudentType;
    stream?: string | null;
    class?: { studentType: StudentType; stream: string | null };
    search?: string;
  },
): Promise<{ data: UserListItem[]; pagination: PageMeta }> {
  const allowed = listableRoles(viewer);
  const roles = q.role ? allowed.filter((r) => r === q.role) : allowed;
  if (roles.length === 0) return { data: [], pagination: pageMeta(q, 0) };
  const teacher = viewer.role === "teacher";
  const where: SQL[] = [inArray(users.role, roles)];
  if (teacher) where.push(tookQuizOf(viewer.id));
  if (q.studentType) where.push(eq(users.studentType, q.studentType));
  if (q.stream) where.push(eq(users.stream, q.stream));
  // "JHS 1B" is the level and the stream; "JHS 1" the whole level (every stream).
  if (q.class) {
    where.push(eq(users.studentType, q.class.studentType));
    if (q.class.stream) where.push(eq(users.stream, q.class.stream));
  }
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    where.push(teacher ? ilike(users.name, like) : or(ilike(users.name, like), ilike(users.email, like), ilike(users.username, like))!);
  }
  const cond = and(...where);
  const { rows, meta } = await pageWithCount(
    q,
    (w) =>
      db
        .select()
        .from(users)
        .where(cond)
        .orderBy(desc(sql`${users.status} = 'pending'`), asc(users.name), asc(users.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => (await db.select({ total: count() }).from(users).where(cond))[0].total,
  );
  return { data: rows.map((r) => (teacher ? { ...presentUser(r), email: null, username: null } : presentUser(r))), pagination: meta };
}

/** How many self-registered teachers wait for an admin (the admin home's card). */
export async function countPendingTeachers(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "teacher"), eq(users.status, "pending")));
  return row.n;
}

/**
 * POST /users/{id}/approve and /reject (admin only, audited): decides a pending teacher. A rejected
 * account is kept (marked rejected, so the audit trail and the email stay) and cannot sign in; its
 * sessions end at once.
 */
export async function decidePendingTeacher(db: Db, userId: number, decision: "approve" | "reject", actor: Actor): Promise<User> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.status !== "pending") throw conflict("This account is not waiting for approval");
    const status = decision === "approve" ? "active" : "rejected";
    const [row] = await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, target.id)).returning();
    if (decision === "reject") await revokeUserSessions(tx, row.id);
    await recordAudit(tx, { entityType: "user", entityId: row.id, action: decision, actor, before: { status: target.status }, after: { status } });
    return presentUser(row);
  });
}

/**
 * PUT /users/{id}: an admin sets a password (every session of that user ends) and/or moves a student to another
 * level or class (stream), in one transaction, each change audited. A teacher or admin has no class: 400.
 */
export async function updateUser(
  db: Db,
  viewer: Viewer,
  userId: number,
  input: { password?: string; studentType?: StudentType; stream?: string | null },
  actor: Actor,
): Promise<User> {
  assertCanChangePassword(viewer);
  const classChange = input.studentType !== undefined || input.stream !== undefined;
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound(USER_NOT_FOUND);
    if (classChange && target.role !== "student") throw badRequest("Only students have a level and class");
    const level = { studentType: input.studentType ?? target.studentType, stream: input.stream !== undefined ? input.stream : target.stream };
    const [row] = await tx
      .update(users)
      .set({ ...(passwordHash ? { passwordHash } : {}), ...(classChange ? level : {}), updatedAt: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    if (passwordHash) {
      await revokeUserSessions(tx, row.id);
      await recordAudit(tx, {
        entityType: "user",
        entityId: row.id,
        action: "update",
        actor,
        before: { passwordChanged: false },
        after: { passwordChanged: true },
      });
    }
    if (classChange) {
      const before = { studentType: target.studentType, stream: target.stream };
      await recordAudit(tx, { entityType: "user", entityId: row.id, action: "update", actor, before, after: level });
    }
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
