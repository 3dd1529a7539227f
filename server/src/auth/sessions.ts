import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { sessions, users, type UserRow } from "../db/schema";

export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type CreatedSession = { token: string; sessionId: number; expiresAt: Date };

/** Who started an impersonation session: the admin and the admin's own session. */
export type Impersonator = { userId: number; sessionId: number };

/**
 * A new session. An impersonation session belongs to the admin's session that made it: it never
 * outlives it (its expiry is at most the admin session's) and is revoked with it.
 */
export async function createSession(db: Queryable, userId: number, ttlMs: number, impersonator: Impersonator | null = null): Promise<CreatedSession> {
  const token = randomBytes(32).toString("base64url");
  let expiresAt = new Date(Date.now() + ttlMs);
  if (impersonator) {
    const [parent] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, impersonator.sessionId)).limit(1);
    if (parent && parent.expiresAt < expiresAt) expiresAt = parent.expiresAt;
  }
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      impersonatorId: impersonator?.userId ?? null,
      parentSessionId: impersonator?.sessionId ?? null,
      expiresAt,
    })
    .returning({ id: sessions.id });
  // A sign-in of the user's own (not an admin acting as them) makes them "active" on the admin home.
  if (!impersonator) await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
  return { token, sessionId: row.id, expiresAt };
}

export type ActiveSession = { sessionId: number; impersonatorId: number | null; user: UserRow };

function buildFindSession(db: Queryable) {
  return db
    .select({ sessionId: sessions.id, impersonatorId: sessions.impersonatorId, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("find_session");
}

/** The live session behind a bearer token, or null when unknown, revoked or expired. */
export async function findSession(db: Queryable, token: string): Promise<ActiveSession | null> {
  // Every request runs this lookup: built once per database (see preparedOnce).
  const q = preparedOnce(db, "find_session", () => buildFindSession(db));
  const [row] = await q.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  return row ?? null;
}

/** Revokes a session and the impersonation sessions it started. */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(or(eq(sessions.id, sessionId), eq(sessions.parentSessionId, sessionId)), isNull(sessions.revokedAt)));
}

/**
 * Revokes every session of a user: their own, impersonation sessions that act as them, and
 * impersonation sessions they started as an admin (a changed admin password ends those too).
 */
export async function revokeUserSessions(db: Queryable, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)), isNull(sessions.revokedAt)));
}

/** Removes sessions that can never be used again (expired or revoked a day ago). */
export async function purgeDeadSessions(db: Queryable): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo))));
}
