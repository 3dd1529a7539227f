import type { Role } from "@adesua/domain";

export type NavItem = { label: string; to: string; roles?: Role[] };

export const STUDENT_NAV: NavItem[] = [
  { label: "Home", to: "/students/dashboard" },
  { label: "Courses", to: "/students/dashboard/courses" },
  { label: "Quizzes", to: "/students/dashboard/quizzes" },
  { label: "Schedule", to: "/students/dashboard/schedule" },
  { label: "Past Questions", to: "/students/dashboard/past-questions" },
];

export const TEACHER_NAV: NavItem[] = [
  { label: "Home", to: "/teachers/dashboard" },
  { label: "Courses", to: "/teachers/dashboard/courses" },
  { label: "Uploads", to: "/teachers/dashboard/quizzes/new" },
  { label: "Calendar", to: "/teachers/dashboard/schedule" },
  { label: "Performance", to: "/teachers/dashboard/performance" },
  { label: "Questions", to: "/teachers/dashboard/questions" },
  { label: "Quizzes", to: "/teachers/dashboard/quizzes" },
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
  { label: "Tables", to: "/teachers/dashboard/tables", roles: ["admin"] },
  { label: "Reports", to: "/admin/dashboard/reports" },
  { label: "Import/Export", to: "/admin/dashboard/import-export" },
  { label: "Logs", to: "/admin/dashboard/logs", roles: ["admin"] },
];
