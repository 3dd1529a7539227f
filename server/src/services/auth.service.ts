import { and, count, eq, gt, min } from "drizzle-orm";
import type { RegisterInput, User } from "@adesua/domain";
import type { Db } from "../db/client";
import { loginFailures, users, type UserRow } from "../db/schema";
import { conflict, HttpError } from "../lib/errors";
import { dummyHash, hashPassword, verifyPassword } from "../auth/passwords";
import { recordAudit } from "../audit/audit";
import { presentUser } from "../presenters/user";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_LOGIN = "Invalid email or password";

/**
 * Checks the password, counting failures per email in the database so every app server shares
 * the same counter. After 10 failures within 15 minutes the email is refused with 429 until the
 * oldest of them leaves the window.
 */
export async function checkLogin(db: Db, email: string, password: string, now: Date): Promise<UserRow> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [f] = await db
    .select({ n: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  if (f.n >= LOGIN_MAX_FAILURES) {
    const retryMs = (f.oldest ? f.oldest.getTime() + LOGIN_WINDOW_MS : now.getTime() + LOGIN_WINDOW_MS) - now.getTime();
    const retry = Math.max(1, Math.ceil(retryMs / 1000));
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(retry / 60)} minute(s).`, {
      "Retry-After": String(retry),
    });
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // Unknown emails verify against a dummy hash so both answers take the same time.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ email, createdAt: now });
    throw new HttpError(401, INVALID_LOGIN);
  }
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
  return user;
}

const TAKEN = "Email is already registered";

/** POST /auth/register: a new user (a student's level defaults to JHS 1), audited as created by themselves. */
export async function registerUser(db: Db, input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) throw conflict(TAKEN);
    const rows = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        role: input.role,
        studentType: input.role === "student" ? (input.studentType ?? "jhs1") : null,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning();
    if (!rows[0]) throw conflict(TAKEN); // a parallel registration won the unique index
    const created = presentUser(rows[0]);
    await recordAudit(tx, { entityType: "user", entityId: created.id, action: "create", actor: { userId: created.id, impersonatorId: null }, after: created });
    return created;
  });
}
