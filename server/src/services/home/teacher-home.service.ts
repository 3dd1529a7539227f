import type { InsightKind, PageMeta, PageQuery, StudentType, TeacherHome, TeacherInsightStudent } from "@adesua/domain";
import type { Db } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import { carriedTotal, pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { INSIGHT_COUNTS_SQL, insightStudentsSql, MY_QUIZ_IDS_SQL, TEACHER_OVERVIEW_SQL } from "./teacher-home.queries";
import { drainSummaries } from "../performance/summary-backlog";

/** The teacher home's figures (decision 024): the teacher's quiz ids, then two prepared statements, everything aggregated by the database. */

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());
const ID_NOW_QUIZZES = ["int", "timestamptz", "int[]"];
const NOW_QUIZZES = ["timestamptz", "int[]"];
const NOW_QUIZZES_TEACHER = [...NOW_QUIZZES, "int"];

/** The teacher's quiz ids as an array literal ("{3,7,9}"), the form both drivers pass as int[]. */
async function myQuizzes(db: Db, viewer: Viewer): Promise<string> {
  const [row] = await queryPrepared(db, "adesua_teacher_quiz_ids_v1", MY_QUIZ_IDS_SQL, ["int"], [viewer.id]);
  const ids = row.ids as number[] | string;
  return typeof ids === "string" ? ids : `{${ids.join(",")}}`;
}

const counts = (db: Db, viewer: Viewer, now: Date, quizzes: string) =>
  queryPrepared(db, "adesua_teacher_insights_v3", INSIGHT_COUNTS_SQL, NOW_QUIZZES_TEACHER, [now.toISOString(), quizzes, viewer.id]);

/** GET /teachers/me/home. */
export async function teacherHome(db: Db, viewer: Viewer, now: Date): Promise<TeacherHome> {
  const at = now.toISOString();
  const [quizzes] = await Promise.all([myQuizzes(db, viewer), drainSummaries(db)]);
  const [[stats], [insights]] = await Promise.all([
    queryPrepared(db, "adesua_teacher_overview_v3", TEACHER_OVERVIEW_SQL, ID_NOW_QUIZZES, [viewer.id, at, quizzes]),
    counts(db, viewer, now, quizzes),
  ]);
  // json_agg rows: PostgreSQL's driver parses json, PGlite's may hand back the text.
  const list = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : (v ?? [])) as Record<string, unknown>[];
  const deadlines = list(stats.deadlines);
  const courses = list(stats.courses);
  return {
    stats: {
      courses: Number(stats.course_count),
      totalQuizzes: Number(stats.total_quizzes),
      activeQuizzes: Number(stats.active_quizzes),
      students: Number(insights.students),
      toGrade: Number(stats.to_grade),
      averageScore: num(stats.average_score),
    },
    deadlines: deadlines.map((d) => ({
      quizId: Number(d.id),
      title: String(d.title),
      courseTitle: String(d.course_title),
      closeTime: iso(d.close_time)!,
      submissions: Number(d.submissions),
    })),
    courses: courses.map((c) => ({
      id: Number(c.id),
      title: String(c.title),
      quizCount: Number(c.quiz_count),
      results: Number(c.results),
      averageScore: num(c.average),
    })),
    insights: { top: Number(insights.top), support: Number(insights.support), active: Number(insights.active) },
    serverNow: at,
  };
}

/** GET /teachers/me/insights: the students behind one insight, by name. */
export async function insightStudents(
  db: Db,
  viewer: Viewer,
  now: Date,
  q: PageQuery & { kind: InsightKind },
): Promise<{ data: TeacherInsightStudent[]; pagination: PageMeta }> {
  const w = pageWindow(q);
  const [quizzes] = await Promise.all([myQuizzes(db, viewer), drainSummaries(db)]);
  const raw = await queryPrepared(
    db,
    `adesua_teacher_insight_${q.kind}_v3`,
    insightStudentsSql(q.kind),
    [...NOW_QUIZZES, "int", "int", "int"],
    [now.toISOString(), quizzes, w.limit, w.offset, viewer.id],
  );
  const rows = raw.map((r) => ({ ...r, total: Number(r.total) }) as Record<string, unknown> & { total: number });
  const total = await carriedTotal(rows, q, async () => Number((await counts(db, viewer, now, quizzes))[0][q.kind]));
  return {
    data: rows.map((r) => ({
      studentId: Number(r.id),
      name: String(r.name),
      studentType: (r.student_type as StudentType | null) ?? null,
      averageScore: num(r.average),
      passMark: num(r.pass_mark),
      quizCount: Number(r.quiz_count),
      // Newest first from the database; shown oldest first ("Falling: 90 → 80 → 70").
      recentScores: ((r.scores as unknown[] | null) ?? []).map(Number).reverse(),
      belowPassMark: Boolean(r.below),
      falling: Boolean(r.falling),
      lastActivity: iso(r.last_activity),
    })),
    pagination: pageMeta(q, total),
  };
}
