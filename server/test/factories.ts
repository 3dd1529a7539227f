import type { Role, StudentType } from "@adesua/domain";
import type { Db } from "../src/db/client";
import { users, type UserRow } from "../src/db/schema";
import { hashPassword } from "../src/auth/passwords";
import { createSession } from "../src/auth/sessions";

export const TEST_PASSWORD = "correct-horse-1";
let cachedHash: Promise<string> | null = null;
let seq = 0;

/** A user with TEST_PASSWORD (hashed once per test file to keep tests fast). */
export async function buildUser(
  db: Db,
  over: Partial<{ name: string; email: string; role: Role; studentType: StudentType | null }> = {},
): Promise<UserRow> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const role = over.role ?? "student";
  const n = ++seq;
  const [row] = await db
    .insert(users)
    .values({
      name: over.name ?? `${role} ${n}`,
      email: over.email ?? `${role}${n}.${process.pid}@test.school`,
      role,
      studentType: over.studentType !== undefined ? over.studentType : role === "student" ? "jhs1" : null,
      passwordHash: await cachedHash,
    })
    .returning();
  return row;
}

/** A user and a live session token for them. */
export async function signedIn(db: Db, over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, over);
  const { token } = await createSession(db, user.id, 3600_000);
  return { user, token };
}
