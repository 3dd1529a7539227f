import type { HistoryScenario } from "../scenario";

/**
 * Issue 12 part B (decision 023): the quiz dashboard, the students' performance with each strategy,
 * quiz details with item analysis, and a student's history. The bench teacher (teacher 1) has 4 courses,
 * 20 quizzes and ~10,000 submissions; the admin sees all 200 quizzes, 2,000 students, 100,000 submissions.
 */
export default [
  { name: "performance dashboard (teacher)", role: "teacher", path: () => "/api/performance/dashboard", targetP95: 150 },
  { name: "performance dashboard (admin, 200 quizzes)", role: "admin", path: () => "/api/performance/dashboard", targetP95: 150 },
  {
    name: "dashboard, sorted by average, expired (admin)",
    role: "admin",
    path: () => "/api/performance/dashboard?status=expired&sortBy=avgScore&sortOrder=desc&page=2",
    targetP95: 150,
  },
  { name: "students standard (teacher)", role: "teacher", path: () => "/api/performance/students?strategy=standard", targetP95: 150 },
  { name: "students standard (admin, 2,000)", role: "admin", path: () => "/api/performance/students?strategy=standard", targetP95: 150 },
  { name: "students highest (admin, 2,000)", role: "admin", path: () => "/api/performance/students?strategy=highest", targetP95: 150 },
  { name: "students weighted (admin, 2,000)", role: "admin", path: () => "/api/performance/students?strategy=weighted", targetP95: 150 },
  {
    name: "students weighted, by score, 60–80 (admin)",
    role: "admin",
    path: () => "/api/performance/students?strategy=weighted&minScore=60&maxScore=80&sortBy=finalScore&sortOrder=desc",
    targetP95: 150,
  },
  { name: "quiz details + item analysis (teacher)", role: "teacher", path: (c) => `/api/performance/quiz-details/${c.quizId}`, targetP95: 150 },
  { name: "student history (teacher)", role: "teacher", path: (c) => `/api/performance/student/${c.studentId}`, targetP95: 150 },
] satisfies HistoryScenario[];
