import type { HistoryScenario } from "../scenario";

/** Issue 12: the teacher home (one call) and the students behind its "needs support" figure (decision 024). */
export default [
  { name: "teacher home", role: "teacher", path: () => "/api/teachers/me/home", targetP95: 150 },
  { name: "teacher home: students needing support", role: "teacher", path: () => "/api/teachers/me/insights?kind=support&page=1&limit=20", targetP95: 150 },
] satisfies HistoryScenario[];
