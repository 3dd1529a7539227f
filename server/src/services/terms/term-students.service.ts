import { and, eq, inArray, sql } from "drizzle-orm";
import { TERM_MESSAGES, type MarksImportResult, type TermStudentsInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { termStudents, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanWriteHeadRemark } from "../../policies/terms.policy";
import { readClassListInPool } from "../../documents";
import { loadTerm } from "./term.service";

/** A student's report lines beyond the subjects: attendance, conduct, interest, remarks, promotion (decision 050). */

type Line = TermStudentsInput["students"][number];
const FIELDS = ["present", "attendanceDays", "conduct", "interest", "teacherRemark", "headRemark", "promotion"] as const;
type Field = (typeof FIELDS)[number];
type Stored = Record<Field, string | number | null>;

const EMPTY: Stored = { present: null, attendanceDays: null, conduct: null, interest: null, teacherRemark: null, headRemark: null, promotion: null };

/**
 * PUT /terms/{id}/students (staff): only the fields sent change. The head teacher's remark is an admin's alone (403);
 * promotion only on a third term's reports (400); present never above the days the student could attend (400). All or
 * none, one audit record.
 */
export async function saveTermStudents(db: Db, viewer: Viewer, termId: number, input: TermStudentsInput, actor: Actor): Promise<{ saved: number }> {
  return db.transaction(async (tx) => {
    const term = await loadTerm(tx, viewer, termId, true);
    if (input.students.some((s) => s.headRemark !== undefined)) assertCanWriteHeadRemark(viewer);
    if (term.number !== 3 && input.students.some((s) => s.promotion !== undefined && s.promotion !== null && s.promotion !== ""))
      throw badRequest(TERM_MESSAGES.promotionThirdTerm);
    const saved = await writeLines(tx, viewer, term.id, term.attendanceDays, input.students);
    await recordAudit(tx, {
      entityType: "term",
      entityId: termId,
      action: "update",
      actor,
      before: { students: saved.before },
      after: { students: saved.after },
    });
    return { saved: input.students.length };
  });
}

/** Writes lines of students (each a student with a level), checking attendance against the days open. */
async function writeLines(tx: Queryable, viewer: Viewer, termId: number, termDays: number | null, lines: Line[]) {
  const ids = [...new Set(lines.map((l) => l.studentId))];
  const found = ids.length
    ? await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.role, "student"), sql`${users.studentType} is not null`))
    : [];
  const names = new Map(found.map((s) => [s.id, s.name]));
  if (ids.some((id) => !names.has(id))) throw badRequest(TERM_MESSAGES.studentNotFound);
  const old = ids.length
    ? await tx
        .select()
        .from(termStudents)
        .where(and(eq(termStudents.termId, termId), inArray(termStudents.studentId, ids)))
    : [];
  const current = new Map<number, Stored>(old.map((o) => [o.studentId, Object.fromEntries(FIELDS.map((f) => [f, o[f]])) as Stored]));
  const before: object[] = [];
  const after: object[] = [];
  for (const line of lines) {
    const name = names.get(line.studentId)!;
    const prev = current.get(line.studentId) ?? EMPTY;
    const next: Stored = { ...prev };
    for (const f of FIELDS) {
      const v = line[f];
      if (v !== undefined) next[f] = typeof v === "string" ? v || null : v;
    }
    const days = (next.attendanceDays as number | null) ?? termDays;
    if (next.present !== null && days !== null && (next.present as number) > days) throw badRequest(TERM_MESSAGES.presentRange(name));
    await tx
      .insert(termStudents)
      .values({ termId, studentId: line.studentId, ...(next as object), updatedBy: viewer.id, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [termStudents.termId, termStudents.studentId], set: { ...(next as object), updatedBy: viewer.id, updatedAt: new Date() } });
    current.set(line.studentId, next);
    before.push({ student: name, ...prev });
    after.push({ student: name, ...next });
  }
  return { before, after };
}

const key = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
const NAME = ["name", "fullname", "studentname", "student", "pupil", "learner"];
const USERNAME = ["username", "signinname", "login", "email"];
const PRESENT = ["present", "attendance", "dayspresent", "attended", "daysattended"];
const DAYS = ["days", "outof", "daysopen", "totaldays", "schooldays", "possible"];

/**
 * POST /terms/{id}/attendance/import: a .csv or .xlsx of name (or username) and present[, days]. Rows that cannot be
 * matched to one student, or whose figure is not a whole number within the days, are reported and not saved; the
 * others are saved in one transaction.
 */
export async function importAttendance(db: Db, viewer: Viewer, termId: number, bytes: Uint8Array, filename: string, actor: Actor): Promise<MarksImportResult> {
  const table = await readClassListInPool(bytes, filename);
  let at = -1;
  let col: Record<string, number> = {};
  for (let i = 0; i < Math.min(10, table.length) && at < 0; i++) {
    const keys = (table[i] ?? []).map((h) => key(String(h ?? "")));
    const find = (names: string[]) => keys.findIndex((k) => names.includes(k));
    col = { name: find(NAME), username: find(USERNAME), present: find(PRESENT), days: find(DAYS) };
    if ((col.name >= 0 || col.username >= 0) && col.present >= 0) at = i;
  }
  if (at < 0) throw badRequest("The file needs a name (or username) column and a present column");
  return db.transaction(async (tx) => {
    const term = await loadTerm(tx, viewer, termId, true);
    const students = await tx
      .select({ id: users.id, name: users.name, username: users.username, email: users.email })
      .from(users)
      .where(and(eq(users.role, "student"), sql`${users.studentType} is not null`));
    const byName = new Map<string, number[]>();
    const byLogin = new Map<string, number>();
    for (const s of students) {
      const k = s.name.trim().toLowerCase().replace(/\s+/g, " ");
      byName.set(k, [...(byName.get(k) ?? []), s.id]);
      if (s.username) byLogin.set(s.username.toLowerCase(), s.id);
      if (s.email) byLogin.set(s.email.toLowerCase(), s.id);
    }
    const problems: { row: number; error: string }[] = [];
    const lines = new Map<number, Line>();
    for (let i = at + 1; i < table.length; i++) {
      const cells = table[i] ?? [];
      const cell = (c: number) => (c >= 0 ? String(cells[c] ?? "").trim() : "");
      const login = cell(col.username).toLowerCase();
      const name = cell(col.name);
      if (!login && !name && !cell(col.present)) continue;
      const row = i + 1;
      const matches = login ? (byLogin.has(login) ? [byLogin.get(login)!] : []) : (byName.get(name.toLowerCase().replace(/\s+/g, " ")) ?? []);
      if (matches.length !== 1) {
        problems.push({ row, error: matches.length ? `More than one student is named ${name}: use the username` : `No student ${login || name}` });
        continue;
      }
      const present = cell(col.present);
      const days = cell(col.days);
      const who = login || name;
      if (!/^\d{1,3}$/.test(present) || (days && !/^\d{1,3}$/.test(days))) {
        problems.push({ row, error: TERM_MESSAGES.presentRange(who) });
        continue;
      }
      const outOf = days ? Number(days) : term.attendanceDays;
      if (Number(present) > (outOf ?? 366)) {
        problems.push({ row, error: TERM_MESSAGES.presentRange(who) });
        continue;
      }
      lines.set(matches[0], { studentId: matches[0], present: Number(present), ...(days ? { attendanceDays: Number(days) } : {}) });
    }
    const written = await writeLines(tx, viewer, term.id, term.attendanceDays, [...lines.values()]);
    if (lines.size)
      await recordAudit(tx, {
        entityType: "term",
        entityId: termId,
        action: "import",
        actor,
        before: { students: written.before },
        after: { students: written.after },
      });
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          eq(users.role, "student"),
          sql`${users.studentType} in (select s.student_type from term_subjects s where s.term_id = ${termId})`,
          sql`not exists (select 1 from term_students ts where ts.term_id = ${termId} and ts.student_id = ${users.id} and ts.present is not null)`,
        ),
      );
    return { saved: lines.size, problems, missing: n };
  });
}
