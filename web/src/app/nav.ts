import type { Role } from "@adesua/domain";

export type NavItem = { label: string; to: string; roles?: Role[] };

/*
 * Every screen of the route table a role may use is one tap from its menu, or two through a list or its home
 * (issue 24 §2; e2e/navigation.e2e.ts walks them by links only). The spec's entries come first, in its order.
 */

export const STUDENT_NAV: NavItem[] = [
  { label: "Home", to: "/students/dashboard" },
  { label: "Courses", to: "/students/dashboard/courses" },
  { label: "Quizzes", to: "/students/dashboard/quizzes" },
  { label: "Schedule", to: "/students/dashboard/schedule" },
  { label: "Past Questions", to: "/students/dashboard/past-questions" },
  { label: "Records", to: "/students/dashboard/records", roles: ["student"] },
  { label: "Results", to: "/students/dashboard/results", roles: ["student"] },
];

const T: Role[] = ["teacher"];

/** The teacher area is the teacher's (decision 014); an admin comes in only for Tables, and finds the way back to their own area. */
export const TEACHER_NAV: NavItem[] = [
  { label: "Home", to: "/teachers/dashboard", roles: T },
  { label: "Admin home", to: "/admin/dashboard", roles: ["admin"] },
  { label: "Courses", to: "/teachers/dashboard/courses", roles: T },
  // "Uploads" is the Word/PDF upload: a teacher with a file finds it here; the manual form is "New quiz" on Quizzes.
  { label: "Uploads", to: "/teachers/dashboard/quiz/upload", roles: T },
  { label: "Calendar", to: "/teachers/dashboard/schedule", roles: T },
  { label: "Performance", to: "/teachers/dashboard/performance", roles: T },
  { label: "Questions", to: "/teachers/dashboard/questions", roles: T },
  { label: "Quizzes", to: "/teachers/dashboard/quizzes", roles: T },
  { label: "Grades", to: "/teachers/dashboard/grade", roles: T },
  { label: "Records", to: "/teachers/dashboard/records", roles: T },
  { label: "Reports", to: "/teachers/dashboard/reports", roles: T },
  { label: "Terminal reports", to: "/teachers/dashboard/terms", roles: T },
  { label: "Mocks", to: "/teachers/dashboard/mocks", roles: T },
  { label: "Paper sittings", to: "/teachers/dashboard/sittings", roles: T },
  { label: "Library", to: "/teachers/dashboard/library", roles: T },
  { label: "Import/Export", to: "/teachers/dashboard/import-export", roles: T },
  { label: "Tables", to: "/teachers/dashboard/tables", roles: ["admin"] },
];

export const ADMIN_NAV: NavItem[] = [
  { label: "Home", to: "/admin/dashboard" },
  { label: "Users", to: "/admin/dashboard/users", roles: ["admin"] },
  { label: "Courses", to: "/admin/dashboard/courses" },
  { label: "Quizzes", to: "/admin/dashboard/quizzes" },
  { label: "Upload Quiz", to: "/admin/dashboard/quiz/upload" },
  { label: "Questions", to: "/admin/dashboard/questions" },
  { label: "Bulk Upload", to: "/admin/dashboard/bulk-upload" },
  { label: "Performance", to: "/admin/dashboard/performance" },
  { label: "Calendar", to: "/admin/dashboard/schedule" },
  { label: "Grade", to: "/admin/dashboard/grade" },
  { label: "Submissions", to: "/admin/dashboard/submissions" },
  { label: "Records", to: "/admin/dashboard/records" },
  { label: "Announcements", to: "/admin/dashboard/announcements" },
  { label: "Library", to: "/admin/dashboard/library" },
  { label: "Tables", to: "/teachers/dashboard/tables", roles: ["admin"] },
  { label: "Reports", to: "/admin/dashboard/reports" },
  { label: "Terminal reports", to: "/admin/dashboard/terms" },
  { label: "Mocks", to: "/admin/dashboard/mocks" },
  { label: "Paper sittings", to: "/admin/dashboard/sittings" },
  { label: "Import/Export", to: "/admin/dashboard/import-export" },
  { label: "Logs", to: "/admin/dashboard/logs", roles: ["admin"] },
  { label: "School", to: "/admin/dashboard/school", roles: ["admin"] },
  { label: "Messages", to: "/admin/dashboard/messages", roles: ["admin"] },
];
