import type { HistoryScenario } from "../scenario";

/** A reference call that existed before issues 12 and 14: the teacher's quiz list, first page. */
export default [
  { name: "teacher quiz list", role: "teacher", path: () => "/api/quizzes?page=1&limit=20" },
  { name: "audit logs, first page", role: "admin", path: () => "/api/logs?page=1&limit=20", targetP95: 150 },
] satisfies HistoryScenario[];
