/** Plain values of the admin home, reports, library and audit screens (no zod: usable on any page). */

/** The admin home warns about the data disk at this percentage used and above (spec §9: good below 80). */
export const STORAGE_WARNING_PERCENT = 80;

/** "Signed in within this many days" counts a user as active on the admin home. */
export const ACTIVE_USER_DAYS = 7;

/** How many entries the admin home's recent activity shows. */
export const RECENT_ACTIVITY_COUNT = 10;

export const REPORT_IDS = ["quizAnalytics", "studentPerformance", "libraryStats", "courseEngagement", "beceReadiness", "studentsAtRisk"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The two formats a report exports to (spec §9). */
export const REPORT_FORMATS = ["csv", "docx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const LIBRARY_ITEM_TYPES = ["material", "quiz-pdf"] as const;
export type LibraryItemType = (typeof LIBRARY_ITEM_TYPES)[number];
export const LIBRARY_TYPE_LABELS: Record<LibraryItemType, string> = { material: "Course material", "quiz-pdf": "Quiz paper (PDF)" };

export const AUDIT_PAGE_SIZE = 20;

export const LOGS_MESSAGES = {
  clearFailed: "Failed to clear logs: ",
  loadError: "Error Loading Logs",
  empty: "No Logs Found",
  emptyHint: "No audit logs match your current filters.",
  clearTitle: "Clear All Logs",
  clearBody: "Are you sure you want to clear all audit logs? This action cannot be undone and will permanently delete all log records.",
} as const;

export const REPORT_MESSAGES = {
  exportFailed: "Failed to export report",
  noData: "No report data to export",
} as const;

/**
 * Every action the audit trail records: `recordAudit` accepts only these, and the Audit logs screen's Action filter
 * is built from this list (issue 24), so an action that can occur is always one that can be filtered on.
 */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "login",
  "logout",
  "impersonate",
  "regrade",
  "release_answers",
  "approve",
  "reject",
  "override",
  "grade",
  "import",
  "publish",
  "unpublish",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the screen names each action (the spec's Create, Update, Delete, Login, Logout; a Record, so no action goes without a label). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "Create",
  update: "Update",
  delete: "Delete",
  login: "Login",
  logout: "Logout",
  impersonate: "Impersonate",
  regrade: "Regrade",
  release_answers: "Release answers",
  approve: "Approve",
  reject: "Reject",
  override: "Override",
  grade: "Grade",
  import: "Import",
  publish: "Publish",
  unpublish: "Unpublish",
};

/** The label of an action, or the action itself for one written before this list knew it. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action.toLowerCase() as AuditAction] ?? action;
