import { sql } from "drizzle-orm";
import { MOCK_MESSAGES, parseClassName, type MarkEntry, type PaperMarks, type PaperMarksInput, type PaperMarksSaved } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanEnterMarks, teacherSubjectSql } from "../../policies/mocks.policy";
import { int, num, rowsOf } from "../performance/scope";
import { levelStudentsSql, loadMockHead, presentPaper, type MockHead } from "./mock-load";

/** Marks entry for a mock's papers (issue 28): read, save (an upsert per paper and student), import. */

export type PaperContext = {
  head: MockHead;
  paper: Parameters<typeof presentPaper>[0];
  subject: string;
  outOf: number;
  questions: { label: string; outOf: number }[] | null;
};

/** The mock and paper a viewer may enter marks for (404 for a mock or paper they cannot see, 403 not their subject). */
export async function loadPaperForMarks(db: Queryable, viewer: Viewer, mockId: number, paperId: number): Promise<PaperContext> {
  const head = await loadMockHead(db, viewer, mockId);
  const [paper] = await rowsOf<PaperContext["paper"] & { subject: string; mine: boolean }>(
    db,
    sql`select p.id, p.subject_id, p.name, p.kind, p.quiz_id, q.title as quiz_title, p.out_of, p.weight, p.questions, p.starts_at,
               p.duration_minutes, null as marked, ms.name as subject,
               ${viewer.role === "teacher" ? teacherSubjectSql(viewer.id) : viewer.role === "admin" ? sql`true` : sql`false`} as mine
        from mock_papers p join mock_subjects ms on ms.id = p.subject_id left join quizzes q on q.id = p.quiz_id
        where p.id = ${paperId} and p.mock_id = ${mockId}`,
  );
  if (!paper) throw notFound(MOCK_MESSAGES.paperNotFound);
  assertCanEnterMarks(viewer, Boolean(paper.mine));
  const presented = presentPaper(paper, true);
  return { head, paper, subject: paper.subject, outOf: presented.outOf, questions: presented.questions };
}

/** "JHS 3B" as a condition on users `u` (the level is the mock's); 400 for a class that names no JHS class. */
export function classFilterSql(head: MockHead, className: string | undefined) {
  if (!className) return sql``;
  const parsed = parseClassName(className);
  if (!parsed) throw badRequest("class must be a class such as JHS 3B");
  if (parsed.studentType !== head.level) return sql`and false`;
  return parsed.stream === null ? sql`and u.stream is null` : sql`and upper(u.stream) = ${parsed.stream}`;
}

/** The class label of users `u` in SQL ("JHS 3B"; "JHS 3" with no stream), as classLabel writes it. */
export const classLabelSql = sql`('JHS ' || substr(u.student_type, 4) || coalesce(u.stream, ''))`;

/** The paper's percentage per student of users `u` in SQL: the entered mark over outOf, else the best quiz score. */
export const quizScoreSql = (paper: string, u = "u") =>
  sql.raw(
    `(select max(coalesce(s.manual_score, s.score)) from submissions s where ${paper}.quiz_id is not null and s.quiz_id = ${paper}.quiz_id and s.user_id = ${u}.id)`,
  );

type MarkRow = { id: number; name: string; class: string; mark: unknown; question_marks: unknown; quiz_score: unknown; percent: unknown; updated_at: unknown };

/** GET /mocks/{id}/papers/{paperId}/marks: every student of the level (or of a class) with their mark. */
export async function paperMarks(db: Queryable, viewer: Viewer, mockId: number, paperId: number, className?: string): Promise<PaperMarks> {
  const ctx = await loadPaperForMarks(db, viewer, mockId, paperId);
  const rows = await rowsOf<MarkRow>(
    db,
    sql`select u.id, u.name, ${classLabelSql} as class, mm.mark, mm.question_marks, mm.updated_at, x.quiz_score,
               coalesce(round(mm.mark / p.out_of * 100, 2), x.quiz_score) as percent
        from mock_papers p
        join users u on ${levelStudentsSql(ctx.head.level)} ${classFilterSql(ctx.head, className)}
        left join mock_marks mm on mm.paper_id = p.id and mm.student_id = u.id
        cross join lateral (select ${quizScoreSql("p")} as quiz_score) x
        where p.id = ${paperId}
        order by u.name, u.id`,
  );
  const students = rows.map((r) => ({
    studentId: r.id,
    name: r.name,
    class: r.class,
    mark: num(r.mark),
    questionMarks: (typeof r.question_marks === "string" ? JSON.parse(r.question_marks) : r.question_marks) as (number | null)[] | null,
    quizScore: num(r.quiz_score),
    percent: num(r.percent),
    updatedAt: r.updated_at === null ? null : new Date(r.updated_at as string).toISOString(),
  }));
  return { paper: presentPaper(ctx.paper, true), subject: ctx.subject, students, missing: students.filter((s) => s.percent === null).length };
}

/** A checked entry, ready to store: the total (the sum of question marks when all are entered) and the question marks. */
export type CheckedMark = { studentId: number; mark: number | null; questionMarks: (number | null)[] | null };

/** Checks one entry against the paper; the message names the student. Null when it is fine. */
export function entryProblem(ctx: PaperContext, e: MarkEntry, student: string): { problem: string } | { ok: CheckedMark } {
  const { questions, outOf } = ctx;
  if (questions) {
    if (e.questionMarks === undefined) {
      if (e.mark === null || e.mark === undefined) return { ok: { studentId: e.studentId, mark: null, questionMarks: null } };
      return { problem: MOCK_MESSAGES.perQuestion };
    }
    if (e.questionMarks.length !== questions.length) return { problem: MOCK_MESSAGES.questionMarksLength(student, questions.length) };
    for (const [i, m] of e.questionMarks.entries())
      if (m !== null && (m < 0 || m > questions[i].outOf)) return { problem: MOCK_MESSAGES.questionMarkRange(student, questions[i].label, questions[i].outOf) };
    const all = e.questionMarks.every((m) => m !== null);
    const sum = Math.round(e.questionMarks.reduce((a: number, m) => a + (m ?? 0), 0) * 100) / 100;
    return { ok: { studentId: e.studentId, mark: all ? sum : null, questionMarks: e.questionMarks } };
  }
  if (e.questionMarks !== undefined) return { problem: MOCK_MESSAGES.notPerQuestion };
  const mark = e.mark ?? null;
  if (mark !== null && (mark < 0 || mark > outOf)) return { problem: MOCK_MESSAGES.markRange(student, outOf) };
  return { ok: { studentId: e.studentId, mark, questionMarks: null } };
}

/** The sitting's students among these ids, by id (name, for messages). */
export async function levelStudentsByIds(db: Queryable, head: MockHead, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select u.id, u.name from users u where ${levelStudentsSql(head.level)} and u.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Stores checked marks: one upsert per (paper, student), so teachers saving other papers (or other students of the
 * same paper) at the same moment never overwrite each other; an entry with nothing in it removes the row.
 */
export async function storeMarks(db: Queryable, paperId: number, marks: CheckedMark[], userId: number): Promise<void> {
  const keep = marks.filter((m) => m.mark !== null || (m.questionMarks ?? []).some((q) => q !== null));
  const clear = marks.filter((m) => !keep.includes(m)).map((m) => m.studentId);
  if (keep.length)
    await db.execute(
      sql`insert into mock_marks (paper_id, student_id, mark, question_marks, updated_by, updated_at)
          values ${sql.join(
            keep.map((m) => sql`(${paperId}, ${m.studentId}, ${m.mark}, ${m.questionMarks ? JSON.stringify(m.questionMarks) : null}::jsonb, ${userId}, now())`),
            sql`, `,
          )}
          on conflict (paper_id, student_id) do update
            set mark = excluded.mark, question_marks = excluded.question_marks, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    );
  if (clear.length)
    await db.execute(
      sql`delete from mock_marks where paper_id = ${paperId} and student_id in (${sql.join(
        clear.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** How many of the sitting have no mark for this paper (entered or from the quiz). */
export async function missingCount(db: Queryable, ctx: PaperContext): Promise<number> {
  const [r] = await rowsOf<{ n: unknown }>(
    db,
    sql`select count(*) as n from mock_papers p join users u on ${levelStudentsSql(ctx.head.level)}
        where p.id = ${ctx.paper.id}
          and not exists (select 1 from mock_marks mm where mm.paper_id = p.id and mm.student_id = u.id and mm.mark is not null)
          and ${quizScoreSql("p")} is null`,
  );
  return int(r?.n);
}

/** PUT /mocks/{id}/papers/{paperId}/marks: all or nothing; a mark out of range is a 400 naming the student. */
export async function saveMarks(db: Db, viewer: Viewer, mockId: number, paperId: number, input: PaperMarksInput, actor: Actor): Promise<PaperMarksSaved> {
  const ctx = await loadPaperForMarks(db, viewer, mockId, paperId);
  const ids = [...new Set(input.marks.map((m) => m.studentId))];
  const names = await levelStudentsByIds(db, ctx.head, ids);
  const checked: CheckedMark[] = [];
  for (const e of input.marks) {
    const name = names.get(e.studentId);
    if (name === undefined) throw badRequest(MOCK_MESSAGES.studentNotFound);
    const r = entryProblem(ctx, e, name);
    if ("problem" in r) throw badRequest(r.problem);
    checked.push(r.ok);
  }
  await db.transaction(async (tx) => {
    await storeMarks(tx, paperId, checked, viewer.id);
    if (checked.length)
      await recordAudit(tx, {
        entityType: "mock_paper",
        entityId: paperId,
        action: "grade",
        actor,
        after: { mockId, paper: `${ctx.subject} ${ctx.paper.name}`, marks: checked.length },
      });
  });
  return { saved: checked.length, missing: await missingCount(db, ctx) };
}
