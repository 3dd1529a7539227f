import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { classLabel, TERM_MESSAGES, type PageQuery, type StudentType, type Term, type TermInput, type TermList } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { courses, termComponents, termSubjects, terms, users, type TermRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { notFound } from "../../lib/errors";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { canEditSubject, isStaff, termScopeSql } from "../../policies/terms.policy";
import { schoolAssessment } from "./assessment";
import { presentSubject, presentTerm, presentTermSummary } from "./term.presenter";
import { addSubjects } from "./term-subjects.service";

/** Terms: the list, one term with its subjects, and the admin's writes (issue 28, decision 050). */

/** A student's class as reports name it ("JHS 2B"); null for staff or a student without a level. */
export async function studentClassOf(db: Queryable, viewer: Viewer): Promise<string | null> {
  if (viewer.role !== "student") return null;
  const [u] = await db.select({ studentType: users.studentType, stream: users.stream }).from(users).where(eq(users.id, viewer.id));
  return u?.studentType ? classLabel(u.studentType as StudentType, u.stream) : null;
}

/** The term, or 404 (also for a student whose class has no released report of it). */
export async function loadTerm(db: Queryable, viewer: Viewer, id: number, lock = false): Promise<TermRow> {
  const scope = isStaff(viewer) ? undefined : termScopeSql(viewer, await studentClassOf(db, viewer), sql`${terms.id}`);
  const q = db
    .select()
    .from(terms)
    .where(and(eq(terms.id, id), scope));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound(TERM_MESSAGES.notFound);
  return row;
}

/** GET /terms: newest first. */
export async function listTerms(db: Db, viewer: Viewer, q: PageQuery): Promise<TermList> {
  const scope = termScopeSql(viewer, await studentClassOf(db, viewer), sql`${terms.id}`);
  const w = pageWindow(q);
  const rows = await db
    .select({ term: terms, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(terms)
    .where(scope)
    .orderBy(desc(terms.startsOn), desc(terms.id))
    .limit(w.limit)
    .offset(w.offset);
  const total =
    rows[0]?.total ??
    (q.page === 1
      ? 0
      : (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(terms)
            .where(scope)
        )[0].n);
  return { data: rows.map((r) => presentTermSummary(r.term)), pagination: pageMeta(q, total) };
}

/** A term with its subjects (a student: only their level's) and each subject's components, in order. */
export async function presentTermFor(db: Queryable, viewer: Viewer, t: TermRow): Promise<Term> {
  const subjects = await db
    .select({ subject: termSubjects, teacherId: courses.teacherId })
    .from(termSubjects)
    .leftJoin(courses, eq(courses.id, termSubjects.courseId))
    .where(and(eq(termSubjects.termId, t.id), viewer.role === "student" ? eq(termSubjects.studentType, viewer.studentType ?? "") : undefined))
    .orderBy(asc(termSubjects.studentType), asc(termSubjects.position), asc(termSubjects.id));
  const ids = subjects.map((s) => s.subject.id);
  const comps = ids.length
    ? await db
        .select()
        .from(termComponents)
        .where(inArray(termComponents.subjectId, ids))
        .orderBy(asc(termComponents.part), asc(termComponents.position), asc(termComponents.id))
    : [];
  return presentTerm(
    t,
    subjects.map((s) =>
      presentSubject(
        s.subject,
        comps.filter((c) => c.subjectId === s.subject.id),
        canEditSubject(viewer, { courseTeacherId: s.teacherId }),
      ),
    ),
  );
}

/** The stored fields of a term's form; weights and scope default from the school's settings. */
async function termValues(db: Queryable, input: TermInput, current: TermRow | null) {
  const school = current ? null : await schoolAssessment(db);
  return {
    name: input.name,
    number: input.number,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    nextTermBegins: input.nextTermBegins ?? null,
    classWeight: input.classWeight ?? current?.classWeight ?? school!.classWeight,
    examWeight: input.examWeight ?? current?.examWeight ?? school!.examWeight,
    positionScope: input.positionScope ?? current?.positionScope ?? school!.positionScope,
    attendanceDays: input.attendanceDays !== undefined ? input.attendanceDays : (current?.attendanceDays ?? null),
  };
}

const auditOf = (t: TermRow) => ({
  name: t.name,
  number: t.number,
  startsOn: t.startsOn,
  endsOn: t.endsOn,
  nextTermBegins: t.nextTermBegins,
  classWeight: Number(t.classWeight),
  examWeight: Number(t.examWeight),
  positionScope: t.positionScope,
  attendanceDays: t.attendanceDays,
});

/** POST /terms (admin), with its subjects when given. */
export async function createTerm(db: Db, viewer: Viewer, input: TermInput, actor: Actor): Promise<Term> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(terms)
      .values({ ...(await termValues(tx, input, null)), createdBy: viewer.id })
      .returning();
    if (input.subjects?.length) await addSubjects(tx, row.id, input.subjects, actor);
    await recordAudit(tx, { entityType: "term", entityId: row.id, action: "create", actor, after: auditOf(row) });
    return presentTermFor(tx, viewer, row);
  });
}

/** PUT /terms/{id} (admin): the term's own fields; subjects change through their own calls. */
export async function updateTerm(db: Db, viewer: Viewer, id: number, input: TermInput, actor: Actor): Promise<Term> {
  return db.transaction(async (tx) => {
    const before = await loadTerm(tx, viewer, id, true);
    const [row] = await tx
      .update(terms)
      .set({ ...(await termValues(tx, input, before)), updatedAt: new Date() })
      .where(eq(terms.id, id))
      .returning();
    await recordAudit(tx, { entityType: "term", entityId: id, action: "update", actor, before: auditOf(before), after: auditOf(row) });
    return presentTermFor(tx, viewer, row);
  });
}

/** DELETE /terms/{id} (admin): its subjects, marks, lines and checks go with it. */
export async function deleteTerm(db: Db, viewer: Viewer, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadTerm(tx, viewer, id, true);
    await tx.delete(terms).where(eq(terms.id, id));
    await recordAudit(tx, { entityType: "term", entityId: id, action: "delete", actor, before: auditOf(before) });
  });
}
