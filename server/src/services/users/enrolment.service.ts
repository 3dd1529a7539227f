import os from "node:os";
import { inArray, or, sql } from "drizzle-orm";
import { ENROLMENT_MESSAGES, type ImportRowError, type Role, type Slip, type StudentType, type User } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { users, type UserRow } from "../../db/schema";
import { generateOneTimePassword, hashOneTimePassword } from "../../auth/passwords";
import { recordAudits, type Actor } from "../../audit/audit";
import { presentUser } from "./user.presenter";
import { badRequest, conflict } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql";
import { readClassListInPool } from "../../documents";
import { readClassList, signInBase, uniqueSignIns } from "./class-list";

/** A user to enrol; `row` is the class list's row number (for error messages), when there is one. */
export type NewUser = { row?: number; name: string; email: string | null; role: Role; studentType: StudentType | null; stream?: string | null };
export type EnrolProgress = (p: { stage: "hashing" | "saving"; done: number; total: number }) => void;

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters, few round trips. */
const INSERT_BATCH = 500;
const LOOKUP_BATCH = 1000;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Rows whose email is already registered (the whole file is refused when any is). */
export async function registeredEmails(db: Queryable, list: NewUser[]): Promise<ImportRowError[]> {
  const withEmail = list.filter((u) => u.email);
  const taken = new Set<string>();
  for (const part of chunks(withEmail, LOOKUP_BATCH)) {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          part.map((u) => u.email!),
        ),
      );
    for (const r of rows) taken.add(r.email!);
  }
  return withEmail.filter((u) => taken.has(u.email!)).map((u) => ({ row: u.row ?? 1, message: `email ${u.email} is already registered` }));
}

/** The sign-in names already used that a new name from these bases could collide with. */
async function takenSignIns(db: Queryable, bases: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(bases)], LOOKUP_BATCH)) {
    const rows = await db
      .select({ username: users.username })
      .from(users)
      .where(or(inArray(users.username, part), inArray(sql`regexp_replace(${users.username}, '[0-9]+$', '')`, part)));
    for (const r of rows) taken.add(r.username!);
  }
  return taken;
}

/**
 * Hashes every one-time password off the event loop: @node-rs/argon2 runs each hash on libuv's worker
 * threads, and at most one per core runs at once so sign-ins of other users still find a free thread.
 */
async function hashAll(passwords: string[], onProgress?: EnrolProgress): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  const lanes = Math.max(1, Math.min(4, os.availableParallelism()));
  let next = 0;
  let done = 0;
  let reported = 0;
  const step = Math.max(1, Math.floor(passwords.length / 50));
  const lane = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashOneTimePassword(passwords[i]);
      done++;
      if (done - reported >= step || done === passwords.length) {
        reported = done;
        onProgress?.({ stage: "hashing", done, total: passwords.length });
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return out;
}

/**
 * Creates users with one-time passwords (a class list, or one user from the Users screen): sign-in names
 * for those without an email, passwords hashed in parallel off the event loop, rows inserted in batches
 * in one transaction with one audit entry each. Answers the users and their slips; the passwords exist
 * only in that answer. Emails must have been checked already (`registeredEmails`); a parallel sign-up or
 * import that takes one meanwhile rolls everything back (409).
 */
export async function enrolUsers(
  db: Db,
  list: NewUser[],
  actor: Actor,
  onProgress?: EnrolProgress,
  /** A class list's file name: the import itself is one "import" entry of the audit trail beside each user's "create". */
  importedFrom?: string,
): Promise<{ users: UserRow[]; slips: Slip[] }> {
  const bases = list.map((u) => (u.email ? null : signInBase(u.name)));
  const taken = await takenSignIns(
    db,
    bases.filter((b): b is string => b !== null),
  );
  const names = uniqueSignIns(
    bases.filter((b): b is string => b !== null),
    taken,
  );
  let k = 0;
  const usernames = bases.map((b) => (b === null ? null : names[k++]));
  const passwords = list.map(() => generateOneTimePassword());
  const hashes = await hashAll(passwords, onProgress);
  let created: UserRow[];
  try {
    created = await db.transaction(async (tx) => {
      const out: UserRow[] = [];
      for (const part of chunks(
        list.map((u, i) => ({ u, i })),
        INSERT_BATCH,
      )) {
        const rows = await tx
          .insert(users)
          .values(
            part.map(({ u, i }) => ({
              name: u.name,
              email: u.email,
              username: usernames[i],
              role: u.role,
              studentType: u.role === "student" ? u.studentType : null,
              stream: u.role === "student" ? (u.stream ?? null) : null,
              passwordHash: hashes[i],
              mustChangePassword: true,
              status: "active",
            })),
          )
          .returning();
        await recordAudits(
          tx,
          rows.map((r) => ({ entityType: "user", entityId: r.id, action: "create" as const, actor, after: { ...presentUser(r), enrolled: true } })),
        );
        out.push(...rows);
        onProgress?.({ stage: "saving", done: out.length, total: list.length });
      }
      if (importedFrom !== undefined) {
        const students = out.filter((r) => r.role === "student").length;
        await recordAudits(tx, [
          { entityType: "class_list", entityId: null, action: "import", actor, after: { name: importedFrom.slice(0, 200), created: out.length, students } },
        ]);
      }
      return out;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ENROLMENT_MESSAGES.raced);
    throw e;
  }
  // Matched by sign-in (unique), not by position: nothing promises RETURNING keeps the VALUES order.
  const passwordOf = new Map(list.map((u, i) => [u.email ?? usernames[i]!, passwords[i]]));
  const slips = created.map((r) => ({
    name: r.name,
    signIn: r.email ?? r.username!,
    password: passwordOf.get(r.email ?? r.username!)!,
    role: r.role as Role,
    studentType: (r.studentType as StudentType | null) ?? null,
    stream: r.role === "student" ? (r.stream ?? null) : null,
  }));
  return { users: created, slips };
}

/**
 * Reads and checks a whole class list before anything is created: the file (in the document worker),
 * every row, and emails already registered. Answers the users to create, or every bad row.
 */
export async function checkClassList(
  db: Queryable,
  bytes: Uint8Array,
  filename: string,
): Promise<{ ok: true; rows: NewUser[] } | { ok: false; errors: ImportRowError[] }> {
  const table = await readClassListInPool(bytes, filename);
  const read = readClassList(table);
  if (!read.ok) return read;
  const taken = await registeredEmails(db, read.rows);
  if (taken.length) return { ok: false, errors: taken };
  return { ok: true, rows: read.rows };
}

/** POST /users: one user from the Users screen, with a one-time password like an imported one. */
export async function createOneUser(db: Db, input: NewUser, actor: Actor): Promise<{ user: User; slip: Slip }> {
  if (input.role === "student" && !input.studentType) throw badRequest("Level is required for a student");
  if ((await registeredEmails(db, [input])).length) throw conflict("Email is already registered");
  const { users: rows, slips } = await enrolUsers(db, [input], actor);
  return { user: presentUser(rows[0]), slip: slips[0] };
}
