import type { HistoryScenario } from "../scenario";

/** Issue 14: the reports (no target in the issue: measured so a slow one is seen). */
export default [
  { name: "report: BECE readiness (admin)", role: "admin", path: () => "/api/reports/bece-readiness" },
  { name: "report: BECE readiness (teacher)", role: "teacher", path: () => "/api/reports/bece-readiness" },
  { name: "report: students at risk (admin)", role: "admin", path: () => "/api/reports/students-at-risk" },
  { name: "report: course engagement (admin)", role: "admin", path: () => "/api/reports/course-engagement" },
  { name: "report: quiz analytics (teacher)", role: "teacher", path: (c) => `/api/reports/quiz-analytics/${c.quizId}` },
  { name: "report: student performance (admin)", role: "admin", path: (c) => `/api/reports/student-performance/${c.studentId}` },
] satisfies HistoryScenario[];
