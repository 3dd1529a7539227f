import type { InsightKind, PageMeta, PageQuery, StudentType, TeacherHome, TeacherInsightStudent } from "@adesua/domain";
import type { Db } from "../db/client";
import { carriedTotal, pageMeta, pageWindow } from "../lib/pagination";
import type { Viewer } from "../lib/viewer";
import { courseAveragesSql, deadlinesSql, insightCountsSql, insightStudentsSql, teacherStatsSql } from "./teacher-home.queries";

/** The teacher home's figures (decision 024): four statements, each aggregated by the database. */

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, q: Parameters<Db["execute"]>[0]): Promise<Row[]> => (await db.execute(q)).rows as Row[];
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

/** GET /teachers/me/home. */
export async function teacherHome(db: Db, viewer: Viewer, now: Date): Promise<TeacherHome> {
  const [[stats], [insights], deadlines, courses] = await Promise.all([
    rowsOf(db, teacherStatsSql(viewer.id, now)),
    rowsOf(db, insightCountsSql(viewer.id, now)),
    rowsOf(db, deadlinesSql(viewer.id, now)),
    rowsOf(db, courseAveragesSql(viewer.id)),
  ]);
  return {
    stats: {
      courses: Number(stats.courses),
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
    serverNow: now.toISOString(),
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
  const rows = (await rowsOf(db, insightStudentsSql(viewer.id, now, q.kind, w.limit, w.offset))).map((r) => ({ ...r, total: Number(r.total) }) as Row & { total: number });
  const total = await carriedTotal(rows, q, async () => Number((await rowsOf(db, insightCountsSql(viewer.id, now)))[0][q.kind]));
  return {
    data: rows.map((r) => ({
      studentId: Number(r.id),
      name: String(r.name),
      studentType: (r.student_type as StudentType | null) ?? null,
      averageScore: num(r.average),
      passMark: num(r.pass_mark),
      quizCount: Number(r.quiz_count),
      recentScores: ((r.scores as unknown[] | null) ?? []).map(Number),
      belowPassMark: Boolean(r.below),
      falling: Boolean(r.falling),
      lastActivity: iso(r.last_activity),
    })),
    pagination: pageMeta(q, total),
  };
}
