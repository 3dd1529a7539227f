import { PassThrough, Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { PERFORMANCE_MESSAGES, type QuizPerformanceRow } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { forbidden, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { int, num, rowsOf, scopedQuizzes } from "./scope";
import { quizPerformanceRows } from "./quiz-dashboard.service";
import type { StudentRow } from "./quiz-details.service";
import { XlsxWriter } from "./xlsx-writer";
import { csvStream, escapeFormula } from "../../lib/csv-writer";

/** Quizzes read per detail query: bounded memory (a class per quiz), few round trips. */
const QUIZZES_PER_BATCH = 10;

const SUMMARY_HEADERS = [
  "Quiz ID",
  "Quiz Title",
  "Course",
  "Created",
  "Total Students",
  "Completed Attempts",
  "Average Score",
  "Min Score",
  "Max Score",
  "Pass Rate",
  "Max Attempts",
  "Status",
  "Performance Rating",
];
const STUDENT_HEADERS = [
  "Quiz ID",
  "Quiz Title",
  "Course",
  "Student",
  "Email",
  "Level",
  "Score",
  "Correct",
  "Total",
  "Attempts",
  "Last Attempt",
  "Passed",
  "Marks",
  "Marks Available",
];

type Cell = string | number | null;

/** A spreadsheet would run a cell starting with = + - @ as a formula: such text is quoted with an apostrophe. */
const safe = (v: Cell): Cell => (typeof v === "string" ? escapeFormula(v) : v);

const summaryCells = (r: QuizPerformanceRow): Cell[] => [
  r.quizId,
  r.quizTitle,
  r.courseTitle,
  r.createdAt,
  r.totalStudents,
  r.completedAttempts,
  r.avgScore,
  r.minScore,
  r.maxScore,
  r.passRate,
  r.maxAttempts ?? "Unlimited",
  r.status,
  r.performanceRating ?? "",
];

/**
 * The quizzes to export, in the viewer's scope (checked before a byte is sent): a quiz that does not
 * exist is 404, one of another teacher's course 403.
 */
export async function exportQuizRows(db: Queryable, viewer: Viewer, quizIds: readonly number[], now: Date): Promise<QuizPerformanceRow[]> {
  const ids = [...new Set(quizIds)];
  const rows = await quizPerformanceRows(db, viewer, ids, now);
  if (rows.length < ids.length) {
    const found = await rowsOf<{ n: unknown }>(db, sql`select count(*)::int as n from quizzes where id in ${ids}`);
    if (int(found[0].n) < ids.length) throw notFound(PERFORMANCE_MESSAGES.quizNotFound);
    throw forbidden(PERFORMANCE_MESSAGES.notYourQuiz);
  }
  return rows;
}

type DetailRow = Omit<StudentRow, "user_id"> & { quiz_id: number; graded: boolean; passing_score: unknown; marks_earned: unknown; marks_available: unknown };

/** One batch's detail rows: each student's best submission per quiz, by quiz then name. */
function detailRows(db: Queryable, viewer: Viewer, batch: readonly QuizPerformanceRow[]): Promise<DetailRow[]> {
  return rowsOf<DetailRow>(
    db,
    sql`
      select b.quiz_id, u.name, ${viewer.role === "admin" ? sql`u.email` : sql`null::text`} as email, u.student_type, b.score::float8 as score, b.correct, b.total, b.attempts::int as attempts,
             to_char(b.last_attempt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_attempt, b.graded,
             q.passing_score::float8 as passing_score,
             -- Marks earned (those marked so far) and available over the questions (issue 27); empty for submissions before marks were kept.
             (select sum((e ->> 'earned')::numeric) filter (where jsonb_typeof(e -> 'earned') = 'number')
                from jsonb_array_elements(case when jsonb_typeof(b.item_marks) = 'array' then b.item_marks else '[]'::jsonb end) e)::float8 as marks_earned,
             (select sum((e ->> 'available')::numeric) filter (where jsonb_typeof(e -> 'available') = 'number')
                from jsonb_array_elements(case when jsonb_typeof(b.item_marks) = 'array' then b.item_marks else '[]'::jsonb end) e)::float8 as marks_available
      from (
        select distinct on (s.quiz_id, s.user_id) s.quiz_id, s.user_id, s.score, s.correct, s.total, s.graded, s.item_marks,
               count(*) over w as attempts, max(s.created_at) over w as last_attempt
        from submissions s where s.quiz_id in ${batch.map((q) => q.quizId)}
        window w as (partition by s.quiz_id, s.user_id)
        order by s.quiz_id, s.user_id, s.graded desc, s.score desc nulls last, s.id desc
      ) b join users u on u.id = b.user_id join quizzes q on q.id = b.quiz_id
      where ${scopedQuizzes(viewer)}
      order by b.quiz_id, u.name, u.id`,
  );
}

/**
 * Each student's best submission per quiz (as quiz details shows it), a few quizzes per query, in the quizzes' order:
 * one batch of rows per query. The next batch's query runs while the caller writes this one (the database and the
 * writer work side by side).
 */
async function* studentRows(db: Queryable, viewer: Viewer, quizzes: readonly QuizPerformanceRow[]): AsyncGenerator<Cell[][]> {
  const batches: QuizPerformanceRow[][] = [];
  for (let i = 0; i < quizzes.length; i += QUIZZES_PER_BATCH) batches.push(quizzes.slice(i, i + QUIZZES_PER_BATCH));
  let next = batches.length ? detailRows(db, viewer, batches[0]) : null;
  // A prefetched batch that is never awaited (the download was cancelled) must not surface as an unhandled rejection.
  next?.catch(() => {});
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b];
    const rows = await next!;
    next = b + 1 < batches.length ? detailRows(db, viewer, batches[b + 1]) : null;
    next?.catch(() => {});
    const grouped = new Map<number, DetailRow[]>();
    for (const r of rows) {
      const list = grouped.get(Number(r.quiz_id));
      if (list) list.push(r);
      else grouped.set(Number(r.quiz_id), [r]);
    }
    const out: Cell[][] = [];
    for (const q of batch) {
      for (const r of grouped.get(q.quizId) ?? []) {
        const score = num(r.score);
        out.push([
          q.quizId,
          q.quizTitle,
          q.courseTitle,
          r.name,
          r.email ?? "",
          r.student_type ?? "",
          score,
          int(r.correct),
          int(r.total),
          int(r.attempts),
          String(r.last_attempt),
          !r.graded || score === null ? "Pending" : score >= (num(r.passing_score) ?? 0) ? "Yes" : "No",
          num(r.marks_earned),
          num(r.marks_available),
        ]);
      }
    }
    yield out;
  }
}

/**
 * quiz_performance.csv: the quizzes' figures, or with student details one row per student per quiz
 * (the quiz's columns first). Streamed as it is read; a BOM so Excel reads accented names.
 */
export function performanceCsv(db: Queryable, viewer: Viewer, quizzes: QuizPerformanceRow[], details: boolean): Readable {
  // The one CSV writer (lib/csv-writer.ts). One chunk per query's rows: a hundred thousand tiny writes would
  // cost more than the rows themselves.
  if (!details)
    return csvStream(
      SUMMARY_HEADERS,
      (async function* () {
        yield quizzes.map(summaryCells);
      })(),
    );
  return csvStream(STUDENT_HEADERS, studentRows(db, viewer, quizzes));
}

/**
 * quiz_performance.xlsx: a "Summary" sheet of the quizzes' figures and, with details, a "Students"
 * sheet, streamed by XlsxWriter: rows are zipped as they are read, so the workbook is never held in
 * memory, and the next batch waits while the client is behind (a slow phone's download).
 */
export function performanceXlsx(db: Queryable, viewer: Viewer, quizzes: QuizPerformanceRow[], details: boolean): Readable {
  const out = new PassThrough();
  const book = new XlsxWriter(out, details ? ["Summary", "Students"] : ["Summary"]);
  void (async () => {
    const summary = book.sheet(0);
    summary.row(SUMMARY_HEADERS);
    for (const q of quizzes) summary.row(summaryCells(q).map(safe));
    summary.end();
    if (details) {
      const sheet = book.sheet(1);
      sheet.row(STUDENT_HEADERS);
      for await (const batch of studentRows(db, viewer, quizzes)) {
        for (const cells of batch) sheet.row(cells.map(safe));
        if (await sheet.caughtUp(out)) return book.abort();
      }
      sheet.end();
    }
    await book.finish();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
