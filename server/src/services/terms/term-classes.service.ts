import { and, eq, sql } from "drizzle-orm";
import {
  classLabel,
  parseClassName,
  STUDENT_TYPES,
  TERM_MESSAGES,
  TERM_REPORT_MESSAGES,
  type CheckInput,
  type StudentType,
  type TermClass,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { termChecks, terms } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanCheck, isReleased, type CheckRole } from "../../policies/terms.policy";

/** The classes of a term's reports and their checks (issue 28, decision 050). */

export type ClassRef = { level: StudentType; stream: string | null; label: string };

/** A class as written ("JHS 2B", "jhs2b") → its level, stream and label; 400 when it names none. */
export function readClass(text: string | undefined): ClassRef {
  if (!text?.trim()) throw badRequest(TERM_REPORT_MESSAGES.classNeeded);
  const c = parseClassName(text);
  if (!c) throw badRequest(TERM_REPORT_MESSAGES.className);
  return { level: c.studentType, stream: c.stream, label: classLabel(c.studentType, c.stream) };
}

type ClassFigure = { level: string; stream: string | null; students: number };
type CheckFigure = { class_name: string; role: string; checked_at: string | Date; by_id: number | null; by_name: string | null };

/** Every class with students (each level, each stream), in order, with its size. */
async function classFigures(db: Queryable, only?: ClassRef): Promise<ClassFigure[]> {
  const res = await db.execute<ClassFigure>(sql`
    select u.student_type as level, u.stream, count(*)::int as students from users u
    where u.role = 'student' and u.student_type is not null
      ${only ? sql`and u.student_type = ${only.level} and coalesce(u.stream, '') = ${only.stream ?? ""}` : sql``}
    group by u.student_type, u.stream order by u.student_type, u.stream nulls first`);
  return res.rows;
}

async function checkFigures(db: Queryable, termId: number, className?: string): Promise<CheckFigure[]> {
  const res = await db.execute<CheckFigure>(sql`
    select c.class_name, c.role, c.checked_at, u.id as by_id, u.name as by_name
    from term_checks c left join users u on u.id = c.checked_by
    where c.term_id = ${termId} ${className ? sql`and c.class_name = ${className}` : sql``}`);
  return res.rows;
}

function presentClass(level: string, stream: string | null, students: number, checks: CheckFigure[]): TermClass {
  const label = classLabel(level as StudentType, stream);
  const mine = checks.filter((c) => c.class_name === label);
  const check = (role: CheckRole) => {
    const c = mine.find((x) => x.role === role);
    if (!c) return null;
    return { by: c.by_id === null ? null : { id: c.by_id, name: c.by_name ?? "" }, at: new Date(c.checked_at).toISOString() };
  };
  return {
    class: label,
    level,
    students,
    classTeacher: check("class_teacher"),
    headTeacher: check("head_teacher"),
    released: isReleased(mine.map((c) => c.role)),
  };
}

/** GET /terms/{id}/classes: each class of each level with students, with its checks. */
export async function termClasses(db: Queryable, termId: number): Promise<{ classes: TermClass[] }> {
  const [figures, checks] = await Promise.all([classFigures(db), checkFigures(db, termId)]);
  figures.sort((a, b) => STUDENT_TYPES.indexOf(a.level as StudentType) - STUDENT_TYPES.indexOf(b.level as StudentType));
  return { classes: figures.map((f) => presentClass(f.level, f.stream, f.students, checks)) };
}

/** One class's size and checks (0 students when it has none). */
export async function termClass(db: Queryable, termId: number, c: ClassRef): Promise<TermClass> {
  const [figures, checks] = await Promise.all([classFigures(db, c), checkFigures(db, termId, c.label)]);
  return presentClass(c.level, c.stream, figures[0]?.students ?? 0, checks);
}

async function assertTerm(db: Queryable, termId: number): Promise<void> {
  const [t] = await db.select({ id: terms.id }).from(terms).where(eq(terms.id, termId)).for("update");
  if (!t) throw notFound(TERM_MESSAGES.notFound);
}

/** POST /terms/{id}/checks: the class teacher's or head teacher's check (given once; a second is a no-op). */
export async function addCheck(db: Db, viewer: Viewer, termId: number, input: CheckInput, actor: Actor): Promise<TermClass> {
  assertCanCheck(viewer, input.role);
  const c = readClass(input.class);
  return db.transaction(async (tx) => {
    await assertTerm(tx, termId);
    const current = await termClass(tx, termId, c);
    if (current.students === 0) throw notFound(TERM_REPORT_MESSAGES.classNotFound);
    const made = await tx.insert(termChecks).values({ termId, className: c.label, role: input.role, checkedBy: viewer.id }).onConflictDoNothing().returning();
    if (made.length)
      await recordAudit(tx, { entityType: "term_check", entityId: termId, action: "create", actor, after: { class: c.label, role: input.role } });
    return termClass(tx, termId, c);
  });
}

/** DELETE /terms/{id}/checks?class=&role=: takes a check back (the class is no longer released). */
export async function removeCheck(db: Db, viewer: Viewer, termId: number, input: CheckInput, actor: Actor): Promise<TermClass> {
  assertCanCheck(viewer, input.role);
  const c = readClass(input.class);
  return db.transaction(async (tx) => {
    await assertTerm(tx, termId);
    const gone = await tx
      .delete(termChecks)
      .where(and(eq(termChecks.termId, termId), eq(termChecks.className, c.label), eq(termChecks.role, input.role)))
      .returning();
    if (gone.length)
      await recordAudit(tx, { entityType: "term_check", entityId: termId, action: "delete", actor, before: { class: c.label, role: input.role } });
    return termClass(tx, termId, c);
  });
}
