import type { HistoryScenario } from "../scenario";

/** Issue 14: the library list for each role. */
export default [
  { name: "library, admin", role: "admin", path: () => "/api/library?page=1&limit=20" },
  { name: "library, student", role: "student", path: () => "/api/library?page=1&limit=5" },
] satisfies HistoryScenario[];
