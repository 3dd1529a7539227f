import type { RouteObject } from "react-router";
import type { Role } from "@adesua/domain";

/**
 * The pages of each role area. Features add their routes here (the app composes features;
 * features never import each other). `roles` narrows a page inside a wider area.
 */
export type AreaRoute = RouteObject & { roles?: readonly Role[] };

export const studentRoutes: AreaRoute[] = [
  { index: true, lazy: async () => ({ Component: (await import("../features/home/routes/student-home")).StudentHomePage }) },
];

export const teacherRoutes: AreaRoute[] = [
  { index: true, roles: ["teacher"], lazy: async () => ({ Component: (await import("../features/home/routes/staff-home")).TeacherHomePage }) },
];

export const adminRoutes: AreaRoute[] = [
  { index: true, lazy: async () => ({ Component: (await import("../features/home/routes/staff-home")).AdminHomePage }) },
  { path: "users", roles: ["admin"], lazy: async () => ({ Component: (await import("../features/users/routes/users-page")).UsersPage }) },
];
