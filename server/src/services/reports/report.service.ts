import {
  classLabel,
  LIBRARY_TYPE_LABELS,
  STUDENT_TYPE_LABELS,
  type ReportDefinition,
  type ReportId,
  type ReportResult,
  type StudentType,
} from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanSeeQuiz } from "../../policies/quizzes.policy";
import { findQuiz } from "../quizzes/quiz.service";
import { libraryCounts } from "../library/library.service";
import { courseEngagementRows, quizAnalyticsFigures, quizScoreBands, studentRecordRows, studentsAtRiskRows } from "./report.queries";
import { PRACTICE_PASS_MARK, readinessFigures, topicScores, weakestTopics } from "./bece.queries";
import { num, round2 } from "./report-scope";
import { studentInScope } from "../performance/scope";

/** GET /reports: every report, its path (with the picker's parameter) and what it tells. */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  {
    id: "beceReadiness",
    name: "BECE Readiness",
    path: "/api/reports/bece-readiness",
    needs: null,
    description: "Per level and subject: average score, pass rate and the weakest topics, from quizzes and past-question practice.",
  },
  {
    id: "studentsAtRisk",
    name: "Students at Risk",
    path: "/api/reports/students-at-risk",
    needs: null,
    description: "Students whose average is below the pass mark, or whose last three scores are falling.",
  },
  {
    id: "quizAnalytics",
    name: "Quiz Analytics",
    path: "/api/reports/quiz-analytics/{quizId}",
    needs: "quiz",
    description: "Submissions, average score, pass rate and the spread of scores of one quiz.",
  },
  {
    id: "studentPerformance",
    name: "Student Performance",
    path: "/api/reports/student-performance/{userId}",
    needs: "user",
    description: "Every quiz result of one student: quiz, course, score and date.",
  },
  {
    id: "courseEngagement",
    name: "Course Engagement",
    path: "/api/reports/course-engagement",
    needs: null,
    description: "Quizzes, submissions, students and average score per course.",
  },
  { id: "libraryStats", name: "Library Statistics", path: "/api/reports/library-stats", needs: null, description: "Library documents by type." },
];

const nameOf = (id: ReportId) => REPORT_DEFINITIONS.find((d) => d.id === id)!.name;
const levelLabel = (l: string | null) => (l ? (STUDENT_TYPE_LABELS[l as StudentType] ?? l) : "—");
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : null);

function base(id: ReportId, now: Date, subject: string | null = null) {
  return { id, name: nameOf(id), subject, generatedAt: now.toISOString() };
}

export async function quizAnalytics(db: Queryable, viewer: Viewer, quizId: number, now: Date): Promise<ReportResult> {
  const quiz = await findQuiz(db, quizId);
  if (!quiz) throw notFound("Quiz not found");
  assertCanSeeQuiz(viewer, quiz);
  const [f, bands] = await Promise.all([quizAnalyticsFigures(db, quizId), quizScoreBands(db, quizId)]);
  const byBand = new Map(bands.map((b) => [b.band, b.n]));
  const rows = Array.from({ length: 10 }, (_, i) => {
    const n = byBand.get(i) ?? 0;
    return { range: i === 9 ? "90–100" : `${i * 10}–${i * 10 + 9}`, submissions: n, share: pct(n, f.graded) };
  });
  const averageScore = round2(f.average);
  return {
    ...base("quizAnalytics", now, `${quiz.quiz.title} (${quiz.course.title})`),
    totalSubmissions: f.total,
    averageScore,
    summary: [
      { key: "totalSubmissions", label: "Submissions", value: f.total },
      { key: "students", label: "Students", value: f.students },
      { key: "averageScore", label: "Average score", value: averageScore },
      { key: "highestScore", label: "Highest score", value: round2(f.highest) },
      { key: "lowestScore", label: "Lowest score", value: round2(f.lowest) },
      { key: "passRate", label: "Pass rate (%)", value: pct(f.passed, f.total) },
    ],
    columns: [
      { key: "range", label: "Score range", kind: "text" },
      { key: "submissions", label: "Submissions", kind: "number" },
      { key: "share", label: "Share (%)", kind: "percent" },
    ],
    rows,
    chart: { title: "Score distribution", valueLabel: "Submissions", bars: rows.map((r) => ({ label: r.range, value: r.submissions })) },
  };
}

export async function studentPerformance(db: Queryable, viewer: Viewer, userId: number, now: Date): Promise<ReportResult> {
  // Only students have results, and a teacher sees only theirs (who took one of their quizzes): anyone else is
  // "Student not found" (404), as for GET /performance/student/{id} (issue 25 item 7).
  const scoped = await studentInScope(db, viewer, userId);
  const student = { name: scoped.name, level: scoped.studentType };
  const list = await studentRecordRows(db, viewer, userId);
  const scored = list.filter((r) => r.score !== null).map((r) => Number(r.score));
  const averageScore = scored.length ? Math.round((scored.reduce((a, b) => a + b, 0) / scored.length) * 100) / 100 : null;
  const perCourse = new Map<string, number[]>();
  for (const r of list) if (r.score !== null) perCourse.set(r.course_title, [...(perCourse.get(r.course_title) ?? []), Number(r.score)]);
  return {
    ...base("studentPerformance", now, `${student.name} (${levelLabel(student.level)})`),
    averageScore,
    summary: [
      { key: "results", label: "Quiz results", value: list.length },
      { key: "averageScore", label: "Average score", value: averageScore },
      { key: "passed", label: "Passed", value: list.filter((r) => r.passed === true).length },
    ],
    columns: [
      { key: "quizTitle", label: "Quiz", kind: "text" },
      { key: "courseTitle", label: "Course", kind: "text" },
      { key: "score", label: "Score", kind: "score" },
      { key: "date", label: "Date", kind: "date" },
    ],
    rows: list.map((r) => ({ quizTitle: r.quiz_title, courseTitle: r.course_title, score: num(r.score), date: new Date(r.created_at).toISOString() })),
    chart: perCourse.size
      ? {
          title: "Average score per course",
          valueLabel: "Average score (%)",
          bars: [...perCourse].map(([label, s]) => ({ label, value: Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 100) / 100 })),
        }
      : null,
  };
}

export async function libraryStats(db: Queryable, viewer: Viewer, now: Date): Promise<ReportResult> {
  const byType = await libraryCounts(db, viewer, now);
  const totalItems = byType.reduce((a, b) => a + b.count, 0);
  const rows = byType.map((b) => ({ type: LIBRARY_TYPE_LABELS[b.type], count: b.count }));
  return {
    ...base("libraryStats", now),
    totalItems,
    byType,
    summary: [{ key: "totalItems", label: "Documents", value: totalItems }],
    columns: [
      { key: "type", label: "Type", kind: "text" },
      { key: "count", label: "Documents", kind: "number" },
    ],
    rows,
    chart: { title: "Documents by type", valueLabel: "Documents", bars: rows.map((r) => ({ label: r.type, value: r.count })) },
  };
}

export async function courseEngagement(db: Queryable, viewer: Viewer, now: Date): Promise<ReportResult> {
  const list = await courseEngagementRows(db, viewer);
  const rows = list.map((r) => ({
    courseTitle: r.course_title,
    quizzes: Number(r.quizzes),
    submissions: Number(r.submissions),
    students: Number(r.students),
    averageScore: round2(r.average),
  }));
  return {
    ...base("courseEngagement", now),
    summary: [
      { key: "courses", label: "Courses", value: rows.length },
      { key: "totalSubmissions", label: "Submissions", value: rows.reduce((a, r) => a + r.submissions, 0) },
    ],
    columns: [
      { key: "courseTitle", label: "Course", kind: "text" },
      { key: "quizzes", label: "Quizzes", kind: "number" },
      { key: "submissions", label: "Submissions", kind: "number" },
      { key: "students", label: "Students", kind: "number" },
      { key: "averageScore", label: "Average score", kind: "score" },
    ],
    rows,
    chart: rows.length
      ? { title: "Submissions per course", valueLabel: "Submissions", bars: rows.slice(0, 15).map((r) => ({ label: r.courseTitle, value: r.submissions })) }
      : null,
  };
}

export async function beceReadiness(db: Queryable, viewer: Viewer, now: Date): Promise<ReportResult> {
  const [figures, topics] = await Promise.all([readinessFigures(db, viewer), topicScores(db, viewer)]);
  const weakest = weakestTopics(topics);
  const rows = figures.map((f) => {
    const quizN = Number(f.quiz_n);
    const practiceN = Number(f.practice_n);
    const n = quizN + practiceN;
    const sum = (f.quiz_avg === null ? 0 : Number(f.quiz_avg) * quizN) + (f.practice_avg === null ? 0 : Number(f.practice_avg) * practiceN);
    return {
      level: levelLabel(f.level),
      subject: f.subject,
      results: n,
      averageScore: n ? Math.round((sum / n) * 100) / 100 : null,
      passRate: pct(Number(f.quiz_passed) + Number(f.practice_passed), n),
      quizAverage: round2(f.quiz_avg),
      practiceAverage: round2(f.practice_avg),
      weakestTopics: (weakest.get(`${f.level}\u0000${f.subject_key}`) ?? []).map((t) => `${t.topic} (${t.percent}%)`).join("; ") || "Not enough topic data",
    };
  });
  return {
    ...base("beceReadiness", now),
    summary: [
      { key: "subjects", label: "Level and subject pairs", value: rows.length },
      { key: "results", label: "Results counted", value: rows.reduce((a, r) => a + r.results, 0) },
      { key: "practicePassMark", label: "Practice pass mark (%)", value: PRACTICE_PASS_MARK },
    ],
    columns: [
      { key: "level", label: "Level", kind: "text" },
      { key: "subject", label: "Subject", kind: "text" },
      { key: "results", label: "Results", kind: "number" },
      { key: "averageScore", label: "Average score", kind: "score" },
      { key: "passRate", label: "Pass rate (%)", kind: "percent" },
      { key: "quizAverage", label: "Quiz average", kind: "score" },
      { key: "practiceAverage", label: "Practice average", kind: "score" },
      { key: "weakestTopics", label: "Weakest topics", kind: "text" },
    ],
    rows,
    chart: rows.length
      ? {
          title: "Average score by level and subject",
          valueLabel: "Average score (%)",
          bars: rows.slice(0, 18).map((r) => ({ label: `${r.level} ${r.subject}`, value: r.averageScore ?? 0 })),
        }
      : null,
  };
}

export async function studentsAtRisk(db: Queryable, viewer: Viewer, now: Date): Promise<ReportResult> {
  const list = await studentsAtRiskRows(db, viewer);
  const rows = list.map((r) => {
    const below = Number(r.average) < Number(r.pass_mark);
    const falling = r.s3 !== null && Number(r.s1) < Number(r.s2) && Number(r.s2) < Number(r.s3);
    const last = [r.s3, r.s2, r.s1].filter((s) => s !== null).map((s) => String(round2(s)));
    return {
      student: r.name,
      // The class as the school writes it: "JHS 1B" (issue 24).
      level: r.level ? classLabel(r.level as StudentType, r.stream) : levelLabel(r.level),
      quizzesTaken: Number(r.n),
      averageScore: round2(r.average),
      passMark: round2(r.pass_mark),
      lastScores: last.join(" → "),
      reason: [below ? "Below pass mark" : null, falling ? "Falling" : null].filter(Boolean).join(", "),
    };
  });
  return {
    ...base("studentsAtRisk", now),
    summary: [
      { key: "students", label: "Students at risk", value: rows.length },
      { key: "belowPassMark", label: "Below pass mark", value: rows.filter((r) => r.reason.includes("Below")).length },
      { key: "falling", label: "Falling", value: rows.filter((r) => r.reason.includes("Falling")).length },
    ],
    columns: [
      { key: "student", label: "Student", kind: "text" },
      { key: "level", label: "Level", kind: "text" },
      { key: "quizzesTaken", label: "Results", kind: "number" },
      { key: "averageScore", label: "Average score", kind: "score" },
      { key: "passMark", label: "Pass mark", kind: "number" },
      { key: "lastScores", label: "Last three scores", kind: "text" },
      { key: "reason", label: "Why", kind: "text" },
    ],
    rows,
    chart: null,
  };
}
