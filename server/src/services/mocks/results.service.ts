import { sql } from "drizzle-orm";
import { parseClassName, type MockResults, type MockResultsQuery, type SubjectSummary } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertStudentMayReadResults } from "../../policies/mocks.policy";
import { itemAnalysis } from "../performance/item-analysis.service";
import { rowsOf } from "../performance/scope";
import { loadMockHead, schoolAssessment, type MockHead } from "./mock-load";
import { resultsSql, type ResultsFilter } from "./results.queries";

type Computed = Omit<MockResults, "mock" | "subjects"> & { subjects: (Omit<SubjectSummary, "weakestTopics"> & { id: number })[] };

/** The results of a mock as the database computes them (results.queries.ts), for a class or one student. */
export async function computeResults(db: Queryable, head: MockHead, filter: ResultsFilter): Promise<Computed> {
  const { bands } = await schoolAssessment(db);
  // PostgreSQL would JIT-compile this large statement on every call (most of its time, bench/README.md): off for it
  // alone, as the reports do (decision 026).
  const run = async (q: Queryable) => {
    await q.execute(sql`set local jit = off`);
    return rowsOf<{ results: unknown }>(q, resultsSql(head.id, bands, filter));
  };
  const [row] = "transaction" in db && typeof db.transaction === "function" ? await db.transaction(run) : await run(db);
  const r = (typeof row.results === "string" ? JSON.parse(row.results) : row.results) as Computed;
  // numeric comes back from json as numbers already; counts are bigint → numbers in JSON
  return r;
}

/** Paper 1's weakest topics of each subject: item analysis of its quiz papers, grouped by the questions' topics. */
async function weakestTopics(db: Queryable, mockId: number): Promise<Map<number, SubjectSummary["weakestTopics"]>> {
  const papers = await rowsOf<{ subject_id: number; quiz_id: number }>(
    db,
    sql`select p.subject_id, p.quiz_id from mock_papers p where p.mock_id = ${mockId} and p.kind = 'quiz' and p.quiz_id is not null
        order by p.subject_id, p.position, p.id`,
  );
  const out = new Map<number, SubjectSummary["weakestTopics"]>();
  for (const p of papers) {
    if (out.has(p.subject_id)) continue; // the subject's first quiz paper: Paper 1
    const [analysis, topics] = await Promise.all([
      itemAnalysis(db, p.quiz_id),
      rowsOf<{ id: number; topic: string | null; marks: unknown }>(
        db,
        sql`select q.id, coalesce(nullif(btrim(q.topic), ''), nullif(btrim(src.topic), ''), nullif(btrim(q.section), '')) as topic, q.marks
            from questions q left join questions src on src.id = q.source_question_id where q.quiz_id = ${p.quiz_id}`,
      ),
    ]);
    const byTopic = new Map<string, { share: number; marks: number; questions: number }>();
    for (const item of analysis.items) {
      const t = topics.find((x) => x.id === item.questionId);
      if (!t?.topic || item.facility === null || item.facility === undefined) continue;
      const marks = Number(t.marks) || 1;
      const acc = byTopic.get(t.topic) ?? { share: 0, marks: 0, questions: 0 };
      byTopic.set(t.topic, { share: acc.share + item.facility * marks, marks: acc.marks + marks, questions: acc.questions + 1 });
    }
    const list = [...byTopic.entries()]
      .map(([topic, a]) => ({ topic, percent: Math.round((a.share / a.marks) * 1000) / 10, questions: a.questions }))
      .sort((a, b) => a.percent - b.percent || a.topic.localeCompare(b.topic))
      .slice(0, 5);
    out.set(p.subject_id, list);
  }
  return out;
}

/** The filter of a `?class=` (the mock's level; another level's class has no students). */
export function classFilter(head: MockHead, className: string | undefined): ResultsFilter {
  if (!className) return {};
  const parsed = parseClassName(className);
  if (!parsed) throw badRequest("class must be a class such as JHS 3B");
  if (parsed.studentType !== head.level) return { className: true, studentId: 0 };
  return { className: true, stream: parsed.stream };
}

/**
 * The results a printout or a text message is made from (`printout`): no weakest topics (never printed, so their item
 * analysis is skipped), and a student's own keeps the previous mock, whose title their slip prints (its counts of who
 * improved are the sitting's, never printed on a slip). `studentId`: one student's row only (a slip).
 */
export type ResultsOptions = { studentId?: number; printout?: boolean };

/**
 * GET /mocks/{id}/results: staff the sitting (or a class); a student their own row, after release only. A slip for one
 * student asks the database for that row alone (`studentId`; a student asking for another's gets no row).
 */
export async function mockResults(
  db: Queryable,
  viewer: Viewer,
  mockId: number,
  q: MockResultsQuery,
  { studentId, printout = false }: ResultsOptions = {},
): Promise<MockResults> {
  const head = await loadMockHead(db, viewer, mockId);
  assertStudentMayReadResults(viewer, head.releasedAt !== null);
  const student = viewer.role === "student";
  const byClass = student ? {} : classFilter(head, q.class);
  // A student reads their own row only; another level's class has no row (its studentId 0) whoever is asked for.
  const filter: ResultsFilter = student
    ? { studentId: studentId === undefined || studentId === viewer.id ? viewer.id : 0 }
    : { ...byClass, studentId: byClass.studentId ?? studentId };
  const [computed, topics] = await Promise.all([computeResults(db, head, filter), student || printout ? null : weakestTopics(db, head.id)]);
  return {
    mock: { id: head.id, title: head.title, level: head.level, grading: head.grading, released: head.releasedAt !== null },
    students: computed.students,
    subjects: student ? [] : computed.subjects.map(({ id, ...s }) => ({ ...s, weakestTopics: topics?.get(id) ?? [] })),
    aggregateCounts: student ? [] : computed.aggregateCounts,
    previous: student && !printout ? null : computed.previous,
    sitting: computed.sitting,
    incomplete: student ? 0 : computed.incomplete,
  };
}
