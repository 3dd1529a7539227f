import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { TERM_MESSAGES, type ComponentInput, type TermSubject, type TermSubjectInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { courses, gradebooks, mockPapers, mocks, quizzes, termComponents, termSubjects, type TermComponentRow, type TermSubjectRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanEditSubject, assertCanManageTerms, canEditSubject } from "../../policies/terms.policy";
import { presentComponent, presentSubject } from "./term.presenter";

/** A term's subjects and their components (issue 28, decision 050). */

export type LoadedSubject = { row: TermSubjectRow; courseTeacherId: number | null };

/** The subject of this term, or 404. */
export async function loadSubject(db: Queryable, termId: number, subjectId: number, lock = false): Promise<LoadedSubject> {
  const q = db
    .select({ row: termSubjects, courseTeacherId: courses.teacherId })
    .from(termSubjects)
    .leftJoin(courses, eq(courses.id, termSubjects.courseId))
    .where(and(eq(termSubjects.id, subjectId), eq(termSubjects.termId, termId)));
  const [found] = lock ? await q.for("update", { of: termSubjects }) : await q;
  if (!found) throw notFound(TERM_MESSAGES.subjectNotFound);
  return found;
}

/** Checks a component's source: it exists, and it is of the subject's level. */
async function checkSource(db: Queryable, level: string, c: ComponentInput): Promise<void> {
  let sourceLevel: string | null | undefined;
  if (c.kind === "quiz") {
    [{ level: sourceLevel } = { level: undefined }] = await db.select({ level: quizzes.studentType }).from(quizzes).where(eq(quizzes.id, c.quizId!));
  } else if (c.kind === "gradebook") {
    const [g] = await db.select({ level: gradebooks.studentType, columns: gradebooks.columns }).from(gradebooks).where(eq(gradebooks.id, c.gradebookId!));
    const column = g?.columns.find((col) => col.key === c.columnKey);
    if (!g || !column || column.type !== "number") throw badRequest(TERM_MESSAGES.sourceNotFound);
    // A table of every student serves every level.
    sourceLevel = g.level ?? level;
  } else if (c.kind === "mock") {
    [{ level: sourceLevel } = { level: undefined }] = await db
      .select({ level: mocks.studentType })
      .from(mockPapers)
      .innerJoin(mocks, eq(mocks.id, mockPapers.mockId))
      .where(eq(mockPapers.id, c.mockPaperId!));
  } else return;
  if (sourceLevel === undefined) throw badRequest(TERM_MESSAGES.sourceNotFound);
  if (sourceLevel !== level) throw badRequest(TERM_MESSAGES.sourceLevel);
}

/** The stored fields of a component: only its own kind's source. */
const componentValues = (c: ComponentInput, position: number) => ({
  part: c.part,
  kind: c.kind,
  name: c.name,
  quizId: c.kind === "quiz" ? c.quizId! : null,
  gradebookId: c.kind === "gradebook" ? c.gradebookId! : null,
  columnKey: c.kind === "gradebook" ? c.columnKey! : null,
  mockPaperId: c.kind === "mock" ? c.mockPaperId! : null,
  outOf: c.outOf,
  weight: c.weight,
  position,
});

/** No two subjects of a level with one name in a term (case ignored). */
async function assertNameFree(db: Queryable, termId: number, level: string, name: string, except: number | null): Promise<void> {
  const [clash] = await db
    .select({ id: termSubjects.id })
    .from(termSubjects)
    .where(
      and(
        eq(termSubjects.termId, termId),
        eq(termSubjects.studentType, level),
        sql`lower(${termSubjects.name}) = lower(${name})`,
        except === null ? undefined : ne(termSubjects.id, except),
      ),
    );
  if (clash) throw conflict(TERM_MESSAGES.subjectTwice);
}

async function assertCourse(db: Queryable, courseId: number | null | undefined): Promise<void> {
  if (!courseId) return;
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!c) throw badRequest("Course not found");
}

/**
 * Writes a subject's components as the whole list: those sent with their id (of this subject) are updated and keep
 * their marks; new ones are added; the others are removed.
 */
async function writeComponents(db: Queryable, subjectId: number, level: string, list: ComponentInput[]): Promise<TermComponentRow[]> {
  const existing = await db.select().from(termComponents).where(eq(termComponents.subjectId, subjectId));
  const ids = new Set(existing.map((c) => c.id));
  for (const c of list) {
    if (c.id !== undefined && !ids.has(c.id)) throw badRequest(TERM_MESSAGES.componentNotFound);
    await checkSource(db, level, c);
  }
  const kept = new Set(list.map((c) => c.id).filter((id): id is number => id !== undefined));
  const gone = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length) await db.delete(termComponents).where(inArray(termComponents.id, gone));
  for (const [i, c] of list.entries()) {
    if (c.id !== undefined) await db.update(termComponents).set(componentValues(c, i)).where(eq(termComponents.id, c.id));
    else await db.insert(termComponents).values({ subjectId, ...componentValues(c, i) });
  }
  return db.select().from(termComponents).where(eq(termComponents.subjectId, subjectId)).orderBy(asc(termComponents.part), asc(termComponents.position));
}

const auditOf = (s: TermSubjectRow, comps: TermComponentRow[]) => ({
  termId: s.termId,
  level: s.studentType,
  name: s.name,
  courseId: s.courseId,
  components: comps.map(presentComponent),
});

/** Adds subjects to a term inside the caller's transaction, each audited. */
export async function addSubjects(tx: Queryable, termId: number, inputs: TermSubjectInput[], actor: Actor): Promise<TermSubjectRow[]> {
  const made: TermSubjectRow[] = [];
  for (const input of inputs) {
    await assertNameFree(tx, termId, input.level, input.name, null);
    await assertCourse(tx, input.courseId);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(termSubjects)
      .where(and(eq(termSubjects.termId, termId), eq(termSubjects.studentType, input.level)));
    const [row] = await tx
      .insert(termSubjects)
      .values({ termId, studentType: input.level, name: input.name, courseId: input.courseId ?? null, position: n })
      .returning();
    const comps = await writeComponents(
      tx,
      row.id,
      row.studentType,
      input.components.map(({ id: _, ...c }) => c),
    );
    await recordAudit(tx, { entityType: "term_subject", entityId: row.id, action: "create", actor, after: auditOf(row, comps) });
    made.push(row);
  }
  return made;
}

async function presentOne(db: Queryable, viewer: Viewer, subjectId: number, termId: number): Promise<TermSubject> {
  const s = await loadSubject(db, termId, subjectId);
  const comps = await db
    .select()
    .from(termComponents)
    .where(eq(termComponents.subjectId, subjectId))
    .orderBy(asc(termComponents.part), asc(termComponents.position));
  return presentSubject(s.row, comps, canEditSubject(viewer, s));
}

/** POST /terms/{id}/subjects (admin). */
export async function createSubject(db: Db, viewer: Viewer, termId: number, input: TermSubjectInput, actor: Actor): Promise<TermSubject> {
  assertCanManageTerms(viewer);
  return db.transaction(async (tx) => {
    const [row] = await addSubjects(tx, termId, [input], actor);
    return presentOne(tx, viewer, row.id, termId);
  });
}

/**
 * PUT /terms/{id}/subjects/{subjectId}: an admin changes everything; the course's teacher changes the name and the
 * components, never the level or the course (403).
 */
export async function updateSubject(db: Db, viewer: Viewer, termId: number, subjectId: number, input: TermSubjectInput, actor: Actor): Promise<TermSubject> {
  return db.transaction(async (tx) => {
    const s = await loadSubject(tx, termId, subjectId, true);
    assertCanEditSubject(viewer, s);
    if (viewer.role !== "admin" && (input.level !== s.row.studentType || (input.courseId ?? null) !== s.row.courseId))
      throw forbidden(TERM_MESSAGES.notYourSubject);
    await assertNameFree(tx, termId, input.level, input.name, subjectId);
    await assertCourse(tx, input.courseId);
    const beforeComps = await tx
      .select()
      .from(termComponents)
      .where(eq(termComponents.subjectId, subjectId))
      .orderBy(asc(termComponents.part), asc(termComponents.position));
    const [row] = await tx
      .update(termSubjects)
      .set({ studentType: input.level, name: input.name, courseId: input.courseId ?? null })
      .where(eq(termSubjects.id, subjectId))
      .returning();
    const comps = await writeComponents(tx, subjectId, input.level, input.components);
    await recordAudit(tx, {
      entityType: "term_subject",
      entityId: subjectId,
      action: "update",
      actor,
      before: auditOf(s.row, beforeComps),
      after: auditOf(row, comps),
    });
    return presentOne(tx, viewer, subjectId, termId);
  });
}

/** DELETE /terms/{id}/subjects/{subjectId} (admin). */
export async function deleteSubject(db: Db, viewer: Viewer, termId: number, subjectId: number, actor: Actor): Promise<void> {
  assertCanManageTerms(viewer);
  await db.transaction(async (tx) => {
    const s = await loadSubject(tx, termId, subjectId, true);
    const comps = await tx.select().from(termComponents).where(eq(termComponents.subjectId, subjectId));
    await tx.delete(termSubjects).where(eq(termSubjects.id, subjectId));
    await recordAudit(tx, { entityType: "term_subject", entityId: subjectId, action: "delete", actor, before: auditOf(s.row, comps) });
  });
}
