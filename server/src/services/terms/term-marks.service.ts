import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { classLabel, TERM_MESSAGES, type ComponentMarks, type ComponentMarksInput, type StudentType, type SubjectStudentsInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { termComponents, termMarks, termSubjects, termSubjectStudents, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanEnterSubjectMarks } from "../../policies/terms.policy";
import { presentComponent } from "./term.presenter";
import { loadSubject } from "./term-subjects.service";
import { readClass } from "./term-classes.service";
import { loadTerm } from "./term.service";

/** Marks of "marks" components and the subject lines of students (issue 28, decision 050). */

/** Students of a level (or one class of it) by name, as the class list orders them. */
export async function levelStudents(db: Queryable, level: string, ids?: number[], stream?: string | null) {
  return db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email, stream: users.stream })
    .from(users)
    .where(
      and(
        eq(users.role, "student"),
        eq(users.studentType, level),
        ids ? inArray(users.id, ids.length ? ids : [0]) : undefined,
        stream !== undefined ? sql`coalesce(${users.stream}, '') = ${stream ?? ""}` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Every student sent is of the level, else 400; answers their names by id. */
async function namesOf(db: Queryable, level: string, ids: number[]): Promise<Map<number, string>> {
  const found = await levelStudents(db, level, [...new Set(ids)]);
  const names = new Map(found.map((s) => [s.id, s.name]));
  if (ids.some((id) => !names.has(id))) throw badRequest(TERM_MESSAGES.studentNotFound);
  return names;
}

async function loadComponent(db: Queryable, termId: number, componentId: number, lock = false) {
  const q = db
    .select({ component: termComponents, subject: termSubjects })
    .from(termComponents)
    .innerJoin(termSubjects, eq(termSubjects.id, termComponents.subjectId))
    .where(and(eq(termComponents.id, componentId), eq(termSubjects.termId, termId)));
  const [found] = lock ? await q.for("update", { of: termComponents }) : await q;
  if (!found) throw notFound(TERM_MESSAGES.componentNotFound);
  return found;
}

async function missingOf(db: Queryable, componentId: number, level: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.role, "student"),
        eq(users.studentType, level),
        sql`not exists (select 1 from term_marks m where m.component_id = ${componentId} and m.student_id = ${users.id})`,
      ),
    );
  return n;
}

/** GET /terms/{id}/components/{componentId}/marks?class=: the level's (or class's) students and their marks. */
export async function componentMarks(db: Db, viewer: Viewer, termId: number, componentId: number, className?: string): Promise<ComponentMarks> {
  await loadTerm(db, viewer, termId);
  const { component, subject } = await loadComponent(db, termId, componentId);
  if (component.kind !== "marks") throw badRequest(TERM_MESSAGES.notMarksComponent);
  const c = className ? readClass(className) : null;
  if (c && c.level !== subject.studentType) throw badRequest(TERM_MESSAGES.studentNotFound);
  const students = await levelStudents(db, subject.studentType, undefined, c ? c.stream : undefined);
  const marks = await db.select({ studentId: termMarks.studentId, mark: termMarks.mark }).from(termMarks).where(eq(termMarks.componentId, componentId));
  const byId = new Map(marks.map((m) => [m.studentId, Number(m.mark)]));
  const level = subject.studentType as StudentType;
  return {
    component: presentComponent(component),
    subject: subject.name,
    students: students.map((s) => ({ studentId: s.id, name: s.name, class: classLabel(level, s.stream), mark: byId.get(s.id) ?? null })),
    missing: students.filter((s) => !byId.has(s.id)).length,
  };
}

/**
 * PUT /terms/{id}/components/{componentId}/marks: sets (or, with null, clears) marks, all or none: a mark outside
 * 0…outOf refuses the whole list, naming the student. One audit record with each changed mark.
 */
export async function saveComponentMarks(
  db: Db,
  viewer: Viewer,
  termId: number,
  componentId: number,
  input: ComponentMarksInput,
  actor: Actor,
): Promise<{ saved: number; missing: number }> {
  return db.transaction(async (tx) => {
    const { component, subject } = await loadComponent(tx, termId, componentId, true);
    const s = await loadSubject(tx, termId, subject.id);
    assertCanEnterSubjectMarks(viewer, { courseId: s.row.courseId, courseTeacherId: s.courseTeacherId });
    if (component.kind !== "marks") throw badRequest(TERM_MESSAGES.notMarksComponent);
    const names = await namesOf(
      tx,
      subject.studentType,
      input.marks.map((m) => m.studentId),
    );
    const outOf = Number(component.outOf);
    for (const m of input.marks)
      if (m.mark !== null && (m.mark < 0 || m.mark > outOf)) throw badRequest(TERM_MESSAGES.markRange(names.get(m.studentId)!, outOf));
    const last = new Map(input.marks.map((m) => [m.studentId, m.mark]));
    const ids = [...last.keys()];
    const old = ids.length
      ? await tx
          .select({ studentId: termMarks.studentId, mark: termMarks.mark })
          .from(termMarks)
          .where(and(eq(termMarks.componentId, componentId), inArray(termMarks.studentId, ids)))
      : [];
    const before = new Map(old.map((o) => [o.studentId, Number(o.mark)]));
    const clears = ids.filter((id) => last.get(id) === null && before.has(id));
    const sets = ids.filter((id) => last.get(id) !== null && before.get(id) !== last.get(id));
    if (clears.length) await tx.delete(termMarks).where(and(eq(termMarks.componentId, componentId), inArray(termMarks.studentId, clears)));
    if (sets.length)
      await tx
        .insert(termMarks)
        .values(sets.map((id) => ({ componentId, studentId: id, mark: last.get(id)!, updatedBy: viewer.id, updatedAt: new Date() })))
        .onConflictDoUpdate({
          target: [termMarks.componentId, termMarks.studentId],
          set: { mark: sql`excluded.mark`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
        });
    const changed = [...clears, ...sets];
    if (changed.length)
      await recordAudit(tx, {
        entityType: "term_component",
        entityId: componentId,
        action: "update",
        actor,
        before: { marks: changed.map((id) => ({ student: names.get(id), mark: before.get(id) ?? null })) },
        after: { marks: changed.map((id) => ({ student: names.get(id), mark: last.get(id) ?? null })) },
      });
    return { saved: changed.length, missing: await missingOf(tx, componentId, subject.studentType) };
  });
}

/**
 * PUT /terms/{id}/subjects/{subjectId}/students: adjusted class scores (out of the term's classWeight, each with a
 * reason) and remarks; only the fields sent change, null returns to the computed value. All or none, audited.
 */
export async function saveSubjectStudents(
  db: Db,
  viewer: Viewer,
  termId: number,
  subjectId: number,
  input: SubjectStudentsInput,
  actor: Actor,
): Promise<{ saved: number }> {
  return db.transaction(async (tx) => {
    const term = await loadTerm(tx, viewer, termId);
    const s = await loadSubject(tx, termId, subjectId, true);
    assertCanEnterSubjectMarks(viewer, { courseId: s.row.courseId, courseTeacherId: s.courseTeacherId });
    const names = await namesOf(
      tx,
      s.row.studentType,
      input.students.map((x) => x.studentId),
    );
    const ids = [...new Set(input.students.map((x) => x.studentId))];
    const old = ids.length
      ? await tx
          .select()
          .from(termSubjectStudents)
          .where(and(eq(termSubjectStudents.subjectId, subjectId), inArray(termSubjectStudents.studentId, ids)))
      : [];
    const current = new Map(old.map((o) => [o.studentId, o]));
    const max = Number(term.classWeight);
    const before: object[] = [];
    const after: object[] = [];
    for (const line of input.students) {
      const name = names.get(line.studentId)!;
      const prev = current.get(line.studentId);
      const next = {
        classScoreAdjusted: line.classScoreAdjusted !== undefined ? line.classScoreAdjusted : (prev?.classScoreAdjusted ?? null),
        adjustReason: line.adjustReason !== undefined ? line.adjustReason || null : (prev?.adjustReason ?? null),
        remark: line.remark !== undefined ? line.remark || null : (prev?.remark ?? null),
      };
      if (next.classScoreAdjusted !== null) {
        if (next.classScoreAdjusted < 0 || next.classScoreAdjusted > max) throw badRequest(TERM_MESSAGES.classScoreRange(name, max));
        if (!next.adjustReason) throw badRequest(TERM_MESSAGES.reasonNeeded(name));
      } else next.adjustReason = null;
      await tx
        .insert(termSubjectStudents)
        .values({ subjectId, studentId: line.studentId, ...next, updatedBy: viewer.id, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [termSubjectStudents.subjectId, termSubjectStudents.studentId],
          set: { ...next, updatedBy: viewer.id, updatedAt: new Date() },
        });
      current.set(line.studentId, { ...(prev ?? { subjectId, studentId: line.studentId, updatedBy: null, updatedAt: new Date() }), ...next });
      before.push({
        student: name,
        classScoreAdjusted: prev?.classScoreAdjusted ?? null,
        adjustReason: prev?.adjustReason ?? null,
        remark: prev?.remark ?? null,
      });
      after.push({ student: name, ...next });
    }
    if (after.length)
      await recordAudit(tx, {
        entityType: "term_subject",
        entityId: subjectId,
        action: "update",
        actor,
        before: { students: before },
        after: { students: after },
      });
    return { saved: input.students.length };
  });
}
