import { and, eq, notInArray, sql } from "drizzle-orm";
import { MOCK_MESSAGES, type Mock, type MockInput, type MockList, type MockListQuery, type PaperInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { mockPapers, mockSubjects, mocks } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest } from "../../lib/errors";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { visibleMocksSql } from "../../policies/mocks.policy";
import { int, rowsOf } from "../performance/scope";
import { loadMockHead, presentMock, schoolAssessment } from "./mock-load";

/** Mocks: list, create, change, delete (issue 28, decision 050). Admins write; policies/mocks.policy.ts says who reads. */

type ListRow = {
  id: number;
  title: string;
  student_type: Mock["level"];
  released_at: unknown;
  starts_at: unknown;
  ends_at: unknown;
  subjects: unknown;
  total: unknown;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

/** GET /mocks: the mocks this viewer may read, latest timetable first. */
export async function listMocks(db: Queryable, viewer: Viewer, q: MockListQuery): Promise<MockList> {
  const { limit, offset } = pageWindow(q);
  const rows = await rowsOf<ListRow>(
    db,
    sql`select m.id, m.title, m.student_type, m.released_at,
               (select min(p.starts_at) from mock_papers p where p.mock_id = m.id) as starts_at,
               (select max(p.starts_at + p.duration_minutes * interval '1 minute') from mock_papers p where p.mock_id = m.id) as ends_at,
               (select coalesce(json_agg(s.name order by s.position, s.id), '[]'::json) from mock_subjects s where s.mock_id = m.id) as subjects,
               count(*) over () as total
        from mocks m
        where ${visibleMocksSql(viewer)} ${q.level ? sql`and m.student_type = ${q.level}` : sql``}
        order by starts_at desc nulls first, m.id desc
        limit ${limit} offset ${offset}`,
  );
  let total = rows.length ? int(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const [c] = await rowsOf<{ n: unknown }>(
      db,
      sql`select count(*) as n from mocks m where ${visibleMocksSql(viewer)} ${q.level ? sql`and m.student_type = ${q.level}` : sql``}`,
    );
    total = int(c?.n);
  }
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      level: r.student_type,
      released: r.released_at !== null,
      releasedAt: iso(r.released_at),
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      subjects: (typeof r.subjects === "string" ? JSON.parse(r.subjects) : r.subjects) as string[],
    })),
    pagination: pageMeta(q, total),
  };
}

type QuizFacts = { id: number; student_type: string; marks: unknown };

/** Checks the quizzes and courses the input names; the outOf of each paper (a quiz paper: the quiz's marks). */
async function resolvePapers(db: Queryable, input: MockInput): Promise<Map<PaperInput, number>> {
  const quizIds = [...new Set(input.subjects.flatMap((s) => s.papers.map((p) => p.quizId)).filter((id): id is number => !!id))];
  const courseIds = [...new Set(input.subjects.map((s) => s.courseId).filter((id): id is number => !!id))];
  const [quizzes, courses] = await Promise.all([
    quizIds.length
      ? rowsOf<QuizFacts>(
          db,
          sql`select q.id, q.student_type, (select coalesce(sum(x.marks), 0) from questions x where x.quiz_id = q.id) as marks
              from quizzes q where q.id in (${sql.join(
                quizIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        )
      : [],
    courseIds.length
      ? rowsOf<{ id: number }>(
          db,
          sql`select id from courses where id in (${sql.join(
            courseIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : [],
  ]);
  if (courses.length !== courseIds.length) throw badRequest(MOCK_MESSAGES.courseNotFound);
  const outOf = new Map<PaperInput, number>();
  for (const s of input.subjects)
    for (const p of s.papers) {
      if (p.quizId) {
        const quiz = quizzes.find((q) => q.id === p.quizId);
        if (!quiz) throw badRequest(MOCK_MESSAGES.quizNotFound);
        if (quiz.student_type !== input.level) throw badRequest(MOCK_MESSAGES.quizLevel);
        outOf.set(p, p.outOf ?? (Number(quiz.marks) > 0 ? Math.min(1000, Number(quiz.marks)) : 100));
      } else outOf.set(p, p.outOf ?? (p.questions ? p.questions.reduce((a, q) => a + q.outOf, 0) : 100));
      if (p.questions && Math.abs(p.questions.reduce((a, q) => a + q.outOf, 0) - (outOf.get(p) as number)) > 1e-6) throw badRequest(MOCK_MESSAGES.questions);
    }
  return outOf;
}

const isCore = (name: string, core: string[]) => core.some((c) => c.trim().toLowerCase() === name.trim().toLowerCase());

/** Writes the input's subjects and papers: those sent with their id are kept (with their marks), the rest replaced. */
async function writeParts(tx: Queryable, mockId: number, input: MockInput, outOf: Map<PaperInput, number>): Promise<void> {
  const { coreSubjects } = await schoolAssessment(tx);
  const [oldSubjects, oldPapers] = await Promise.all([
    tx.select({ id: mockSubjects.id }).from(mockSubjects).where(eq(mockSubjects.mockId, mockId)),
    tx.select({ id: mockPapers.id }).from(mockPapers).where(eq(mockPapers.mockId, mockId)),
  ]);
  const subjectIds = new Set(oldSubjects.map((s) => s.id));
  const paperIds = new Set(oldPapers.map((p) => p.id));
  for (const s of input.subjects) if (s.id && !subjectIds.has(s.id)) throw badRequest(MOCK_MESSAGES.subjectNotFound);
  for (const p of input.subjects.flatMap((s) => s.papers)) if (p.id && !paperIds.has(p.id)) throw badRequest(MOCK_MESSAGES.paperIdNotFound);
  const keptPapers = input.subjects.flatMap((s) => s.papers.map((p) => p.id)).filter((id): id is number => !!id);
  const keptSubjects = input.subjects.map((s) => s.id).filter((id): id is number => !!id);
  await tx
    .delete(mockPapers)
    .where(keptPapers.length ? and(eq(mockPapers.mockId, mockId), notInArray(mockPapers.id, keptPapers)) : eq(mockPapers.mockId, mockId));
  await tx
    .delete(mockSubjects)
    .where(keptSubjects.length ? and(eq(mockSubjects.mockId, mockId), notInArray(mockSubjects.id, keptSubjects)) : eq(mockSubjects.mockId, mockId));
  for (const [si, s] of input.subjects.entries()) {
    const subject = { name: s.name, core: s.core ?? isCore(s.name, coreSubjects), courseId: s.courseId ?? null, position: si };
    let subjectId = s.id;
    if (subjectId) await tx.update(mockSubjects).set(subject).where(eq(mockSubjects.id, subjectId));
    else
      [{ id: subjectId }] = await tx
        .insert(mockSubjects)
        .values({ mockId, ...subject })
        .returning({ id: mockSubjects.id });
    for (const [pi, p] of s.papers.entries()) {
      const paper = {
        subjectId,
        name: p.name,
        kind: p.kind,
        quizId: p.kind === "quiz" ? (p.quizId ?? null) : null,
        outOf: outOf.get(p) as number,
        weight: p.weight,
        questions: p.questions ?? null,
        startsAt: new Date(p.startsAt),
        durationMinutes: p.durationMinutes,
        position: pi,
      };
      if (p.id) await tx.update(mockPapers).set(paper).where(eq(mockPapers.id, p.id));
      else await tx.insert(mockPapers).values({ mockId, ...paper });
    }
  }
}

const snapshot = (input: MockInput) => ({
  title: input.title,
  level: input.level,
  subjects: input.subjects.map((s) => `${s.name}: ${s.papers.map((p) => p.name).join(", ")}`),
});

/** POST /mocks. */
export async function createMock(db: Db, viewer: Viewer, input: MockInput, actor: Actor): Promise<Mock> {
  const head = await db.transaction(async (tx) => {
    const outOf = await resolvePapers(tx, input);
    const [row] = await tx.insert(mocks).values({ title: input.title, studentType: input.level, createdBy: viewer.id }).returning({ id: mocks.id });
    await writeParts(tx, row.id, input, outOf);
    await recordAudit(tx, { entityType: "mock", entityId: row.id, action: "create", actor, after: snapshot(input) });
    return loadMockHead(tx, viewer, row.id);
  });
  return presentMock(db, viewer, head);
}

/** PUT /mocks/{id}. */
export async function updateMock(db: Db, viewer: Viewer, id: number, input: MockInput, actor: Actor): Promise<Mock> {
  const head = await db.transaction(async (tx) => {
    const before = await loadMockHead(tx, viewer, id, true);
    const outOf = await resolvePapers(tx, input);
    await tx.update(mocks).set({ title: input.title, studentType: input.level, updatedAt: new Date() }).where(eq(mocks.id, id));
    await writeParts(tx, id, input, outOf);
    const subjects = await tx.select({ name: mockSubjects.name }).from(mockSubjects).where(eq(mockSubjects.mockId, id));
    await recordAudit(tx, {
      entityType: "mock",
      entityId: id,
      action: "update",
      actor,
      before: { title: before.title, level: before.level },
      after: { ...snapshot(input), subjectCount: subjects.length },
    });
    return loadMockHead(tx, viewer, id);
  });
  return presentMock(db, viewer, head);
}

/** DELETE /mocks/{id}: its subjects, papers and marks go with it. */
export async function deleteMock(db: Db, viewer: Viewer, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const head = await loadMockHead(tx, viewer, id, true);
    await tx.delete(mocks).where(eq(mocks.id, id));
    await recordAudit(tx, { entityType: "mock", entityId: id, action: "delete", actor, before: { title: head.title, level: head.level } });
  });
}

/** POST (release = true) and DELETE /mocks/{id}/release. */
export async function setReleased(db: Db, viewer: Viewer, id: number, release: boolean, actor: Actor, now: Date): Promise<Mock> {
  const head = await db.transaction(async (tx) => {
    const before = await loadMockHead(tx, viewer, id, true);
    const releasedAt = release ? (before.releasedAt ?? now) : null;
    await tx.update(mocks).set({ releasedAt, updatedAt: new Date() }).where(eq(mocks.id, id));
    if ((before.releasedAt !== null) !== release)
      await recordAudit(tx, {
        entityType: "mock",
        entityId: id,
        action: release ? "publish" : "unpublish",
        actor,
        before: { released: before.releasedAt !== null },
        after: { released: release, title: before.title },
      });
    return loadMockHead(tx, viewer, id);
  });
  return presentMock(db, viewer, head);
}
