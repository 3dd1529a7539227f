import { and, count, eq, gt, lt, min, ne, or, sql, type SQL } from "drizzle-orm";
import { ENROLMENT_MESSAGES, REJECTED_ACCOUNT_MESSAGE, SIGNUP_CLOSED_MESSAGE, type RegisterInput, type User } from "@adesua/domain";
import type { Db, Tx } from "../../db/client";
import { loginFailures, users, type UserRow } from "../../db/schema";
import { badRequest, conflict, HttpError } from "../../lib/errors";
import { sessions } from "../../db/schema";
import { dummyHash, hashPassword, verifyPassword } from "../../auth/passwords";
import { recordAudit, type Actor } from "../../audit/audit";
import { presentUser } from "../users/user.presenter";
import { readSettings } from "../admin/settings.service";
import { createSession, revokeSession } from "../../auth/sessions";

/** Failed sign-ins allowed per account from one client address within the window. */
export const LOGIN_MAX_FAILURES = 10;
/** Failed sign-ins (and sign-up 409s) allowed from one client address across all accounts. */
export const ADDRESS_MAX_FAILURES = 100;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_LOGIN = "Invalid email or password";

type Kind = "login" | "register";

function tooMany(oldest: Date | null, now: Date, fromNetwork: boolean): HttpError {
  const retryMs = (oldest ? oldest.getTime() + LOGIN_WINDOW_MS : now.getTime() + LOGIN_WINDOW_MS) - now.getTime();
  const retry = Math.max(1, Math.ceil(retryMs / 1000));
  const who = fromNetwork ? " from your network" : "";
  return new HttpError(429, `Too many failed sign-in attempts${who}. Try again in ${Math.ceil(retry / 60)} minute(s).`, {
    "Retry-After": String(retry),
  });
}

/** Advisory-lock class for the per-address failure counters (any constant unique to this use). */
const LOCK_CLASS = 8_010;

/** The rows of login_failures made since `since` that meet `where`: how many, and when the oldest was made. */
async function recentFailures(tx: Tx, since: Date, ...where: SQL[]) {
  const [found] = await tx
    .select({ n: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(...where, gt(loginFailures.createdAt, since)));
  return found;
}

/**
 * Claims one failure slot in the database before the caller does the expensive or revealing work
 * (a password check, a "taken" answer). Counting and claiming happen in one transaction holding an
 * advisory lock on the client address, so under any number of parallel requests on any number of
 * servers exactly the limit of them get a slot; the rest are refused without a password check.
 * A successful sign-in removes its claim again (with the earlier failures of that account and address).
 */
async function claimFailure(db: Db, kind: Kind, email: string, address: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${address}))`);
    const byAddress = await recentFailures(tx, since, eq(loginFailures.address, address), ne(loginFailures.kind, "signup"));
    if (byAddress.n >= ADDRESS_MAX_FAILURES) throw tooMany(byAddress.oldest, now, true);
    if (kind === "login") {
      const byPair = await recentFailures(tx, since, eq(loginFailures.email, email), eq(loginFailures.address, address), eq(loginFailures.kind, "login"));
      if (byPair.n >= LOGIN_MAX_FAILURES) throw tooMany(byPair.oldest, now, false);
    }
    await tx.insert(loginFailures).values({ email, address, kind, createdAt: now });
  });
}

/**
 * Checks the password. Failures are counted per account and client address (10 in 15 minutes)
 * and per address (100 in 15 minutes), in the database so every app server shares the counters.
 * A correct password from an address with no recent failures is never refused, so nobody can
 * lock an account's owner out from another network. See docs/decisions/010-login-throttling.md.
 */
export async function checkLogin(db: Db, email: string, password: string, address: string, now: Date): Promise<UserRow> {
  await claimFailure(db, "login", email, address, now);
  // The field takes an email or the sign-in name printed on a class-list slip (decision 025).
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, email), eq(users.username, email)))
    .limit(1);
  // Unknown emails verify against a dummy hash so both answers take the same time.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) throw new HttpError(401, INVALID_LOGIN); // the claim stays: it is the failure
  // The owner proved the password: forget this address's failures on this account (and the claim).
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.address, address), eq(loginFailures.kind, "login")));
  // Told only to whoever knows the password: a rejected teacher account cannot sign in (decision 017).
  if (user.status === "rejected") throw new HttpError(403, REJECTED_ACCOUNT_MESSAGE);
  return user;
}

const TAKEN = "Email is already registered";

/** The window of the sign-up limit (decision 041): successful sign-ups from one address per hour. */
export const SIGNUP_WINDOW_MS = 3600_000;
/** Advisory-lock class of the per-address sign-up counter (unique to this use). */
const SIGNUP_LOCK_CLASS = 8_011;

export type SignupOptions = { production: boolean; signupPerHour: number };

/**
 * Claims one of the address's sign-ups of the hour (decision 041), before any work: counted and claimed in one
 * transaction under an advisory lock on the address, in login_failures with kind 'signup', so every app server
 * shares the count and parallel sign-ups cannot pass the limit. 429 with Retry-After past it. Returns the claim's
 * id (given back when the sign-up does not happen), or null when the limit is off (0).
 */
async function claimSignup(db: Db, email: string, address: string, now: Date, perHour: number): Promise<number | null> {
  if (perHour <= 0) return null;
  const since = new Date(now.getTime() - SIGNUP_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK_CLASS}, hashtext(${address}))`);
    const made = await recentFailures(tx, since, eq(loginFailures.address, address), eq(loginFailures.kind, "signup"));
    if (made.n >= perHour) {
      const oldest = made.oldest ? new Date(made.oldest) : now;
      const retry = Math.max(1, Math.ceil((oldest.getTime() + SIGNUP_WINDOW_MS - now.getTime()) / 1000));
      throw new HttpError(429, `Too many accounts were made from your network. Try again in ${Math.ceil(retry / 60)} minute(s).`, {
        "Retry-After": String(retry),
      });
    }
    const [claim] = await tx.insert(loginFailures).values({ email, address, kind: "signup", createdAt: now }).returning({ id: loginFailures.id });
    return claim.id;
  });
}

/**
 * POST /auth/register: a new user (a student's level defaults to JHS 1), audited as created by
 * themselves. A taken email counts against the client address like a failed sign-in (429 past the
 * limit), so nobody can test thousands of emails. Successful sign-ups are limited per address and hour
 * (SIGNUP_PER_HOUR, decision 041), so throwaway accounts cannot be made by the hundred.
 */
export async function registerUser(db: Db, input: RegisterInput, address: string, now: Date, opts: SignupOptions): Promise<User> {
  // Closed student sign-up is said before anything else, so it reveals nothing about emails.
  if (input.role === "student" && !(await readSettings(db, opts)).studentSignupOpen) throw new HttpError(403, SIGNUP_CLOSED_MESSAGE);
  const claim = await claimSignup(db, input.email, address, now, opts.signupPerHour);
  const taken = async () => {
    // Not a sign-up after all: its claim is given back, and the 409 counts as a failure instead.
    if (claim !== null) await db.delete(loginFailures).where(eq(loginFailures.id, claim));
    await countTakenEmail(db, input.email, address, now);
    return conflict(TAKEN);
  };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw await taken();
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        role: input.role,
        studentType: input.role === "student" ? (input.studentType ?? "jhs1") : null,
        // A school decides who teaches: a self-registered teacher waits for an admin (decision 017).
        status: input.role === "teacher" ? "pending" : "active",
        passwordHash,
      })
      .onConflictDoNothing()
      .returning();
    if (!rows[0]) return null; // a parallel registration won the unique index
    const created = presentUser(rows[0]);
    await recordAudit(tx, { entityType: "user", entityId: created.id, action: "create", actor: { userId: created.id, impersonatorId: null }, after: created });
    return created;
  });
  if (!user) throw await taken();
  return user;
}

/**
 * Counts a sign-up refused because the email is taken (409) against the client address, like a
 * failed sign-in, so nobody can test thousands of emails. Successful sign-ups are never counted.
 * Throws 429 when the address is over its limit.
 */
export async function countTakenEmail(db: Db, email: string, address: string, now: Date): Promise<void> {
  await claimFailure(db, "register", email, address, now);
}

/** Removes counters that left the window (a background job). */
export async function purgeOldFailures(db: Db, now: Date): Promise<void> {
  // Sign-up claims (decision 041) live for their own, longer window.
  await db
    .delete(loginFailures)
    .where(
      or(
        and(ne(loginFailures.kind, "signup"), lt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS))),
        and(eq(loginFailures.kind, "signup"), lt(loginFailures.createdAt, new Date(now.getTime() - SIGNUP_WINDOW_MS))),
      ),
    );
}

/**
 * POST /auth/change-password: the signed-in user's own password, proved by the current one. Clears the
 * first-sign-in flag of a slip's one-time password; the user's other sessions end, this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  user: UserRow,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
): Promise<User> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest(ENROLMENT_MESSAGES.currentPasswordWrong);
  if (input.currentPassword === input.newPassword) throw badRequest(ENROLMENT_MESSAGES.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId), sql`${sessions.revokedAt} is null`));
    await recordAudit(tx, {
      entityType: "user",
      entityId: user.id,
      action: "update",
      actor,
      before: { passwordChanged: false, mustChangePassword: user.mustChangePassword },
      after: { passwordChanged: true, mustChangePassword: false },
    });
    return presentUser(row);
  });
}

/** The signed-in user as the API shows them (GET /auth/me). */
export function signedInUser(user: UserRow): User {
  return presentUser(user);
}

/** POST /auth/login: checks the password, opens a session and audits the sign-in in one transaction. */
export async function logIn(
  db: Db,
  input: { email: string; password: string },
  address: string,
  now: Date,
  ttlMs: number,
): Promise<{ token: string; user: User }> {
  const user = await checkLogin(db, input.email, input.password, address, now);
  const session = await db.transaction(async (tx) => {
    const s = await createSession(tx, user.id, ttlMs);
    await recordAudit(tx, { entityType: "user", entityId: user.id, action: "login", actor: { userId: user.id, impersonatorId: null } });
    return s;
  });
  return { token: session.token, user: presentUser(user) };
}

/** POST /auth/logout: ends this session and audits it. */
export async function logOut(db: Db, sessionId: number, userId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await recordAudit(tx, { entityType: "user", entityId: userId, action: "logout", actor });
  });
}

/** POST /auth/impersonate/:userId: a session as `target` that remembers the admin who opened it (audited). */
export async function impersonate(
  db: Db,
  admin: { userId: number; sessionId: number },
  target: UserRow,
  ttlMs: number,
): Promise<{ token: string; user: User; expiresAt: string }> {
  const session = await db.transaction(async (tx) => {
    const s = await createSession(tx, target.id, ttlMs, { userId: admin.userId, sessionId: admin.sessionId });
    await recordAudit(tx, {
      entityType: "user",
      entityId: target.id,
      action: "impersonate",
      actor: { userId: admin.userId, impersonatorId: null },
      after: { impersonatedUserId: target.id, expiresAt: s.expiresAt },
    });
    return s;
  });
  return { token: session.token, user: presentUser(target), expiresAt: session.expiresAt.toISOString() };
}
