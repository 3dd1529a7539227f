import type { HistoryScenario } from "../scenario";

/** Issue 14: the Audit Logs screen's calls over 100,000 entries (its default order, a late page, a filter, a search). */
export default [
  { name: "audit logs, default sort (type asc)", role: "admin", path: () => "/api/logs?page=1&limit=20&sortBy=entityType&sortOrder=asc", targetP95: 150 },
  { name: "audit logs, page 200 by date desc", role: "admin", path: () => "/api/logs?page=200&limit=20&sortBy=createdAt&sortOrder=desc", targetP95: 150 },
  {
    name: "audit logs, action=update by action",
    role: "admin",
    path: () => "/api/logs?page=1&limit=20&action=update&sortBy=action&sortOrder=asc",
    targetP95: 150,
  },
  {
    name: "audit logs, search 'quiz' by id",
    role: "admin",
    path: () => "/api/logs?page=1&limit=20&search=quiz&sortBy=entityId&sortOrder=desc",
    targetP95: 150,
  },
] satisfies HistoryScenario[];
