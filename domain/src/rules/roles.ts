import type { Role } from "../constants";

/** Where each role lands after signing in. */
export const ROLE_HOME: Record<Role, string> = {
  admin: "/admin/dashboard",
  teacher: "/teachers/dashboard",
  student: "/students/dashboard",
};

export const ROLE_LABEL: Record<Role, string> = { admin: "Admin", teacher: "Teacher", student: "Student" };
