import type { HistoryScenario } from "../scenario";

/** Issue 14: the admin home's figures, under 150 ms on the 100,000-submission school. */
export default [{ name: "admin dashboard stats", role: "admin", path: () => "/api/admin/dashboard/stats", targetP95: 150 }] satisfies HistoryScenario[];
