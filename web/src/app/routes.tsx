import type { RouteObject } from "react-router";
import type { Role } from "@adesua/domain";

/**
 * The pages of each role area. Features add their routes here (the app composes features;
 * features never import each other). `roles` narrows a page inside a wider area.
 */
export type AreaRoute = RouteObject & { roles?: readonly Role[] };

export const studentRoutes: AreaRoute[] = [
  { index: true, lazy: async () => ({ Component: (await import("../features/student-home/routes/student-home")).StudentHomePage }) },
  { path: "courses", lazy: async () => ({ Component: (await import("../features/courses/routes/student-courses-page")).StudentCoursesPage }) },
  { path: "courses/:id", lazy: async () => ({ Component: (await import("../features/courses/routes/student-course-detail-page")).StudentCourseDetailPage }) },
  { path: "quizzes", lazy: async () => ({ Component: (await import("../features/quizzes/routes/student-quizzes-page")).StudentQuizzesPage }) },
  { path: "quizzes/:id", roles: ["student"], lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-detail-page")).QuizDetailPage }) },
  { path: "quizzes/:id/attempt", lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/attempt-page")).AttemptPage }) },
  { path: "records", roles: ["student"], lazy: async () => ({ Component: (await import("../features/records/routes/records-page")).RecordsPage }) },
];

export const teacherRoutes: AreaRoute[] = [
  { index: true, roles: ["teacher"], lazy: async () => ({ Component: (await import("../features/home/routes/staff-home")).TeacherHomePage }) },
  {
    path: "courses",
    roles: ["teacher"],
    lazy: async () => ({ Component: (await import("../features/courses/routes/teacher-courses-page")).TeacherCoursesPage }),
  },
  {
    path: "courses/new",
    roles: ["teacher", "admin"],
    lazy: async () => ({ Component: (await import("../features/courses/forms/course-form-page")).CourseFormPage }),
  },
  {
    path: "courses/:id/edit",
    roles: ["teacher", "admin"],
    lazy: async () => ({ Component: (await import("../features/courses/forms/course-form-page")).CourseFormPage }),
  },
  {
    path: "quizzes",
    roles: ["teacher"],
    lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-management-page")).QuizManagementPage }),
  },
  { path: "quizzes/new", roles: ["teacher"], lazy: async () => ({ Component: (await import("../features/quizzes/forms/quiz-form-page")).QuizFormPage }) },
  { path: "quizzes/:id", roles: ["teacher"], lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-detail-page")).QuizDetailPage }) },
  {
    path: "quizzes/:id/attempt",
    roles: ["teacher"],
    lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/attempt-page")).AttemptPage }),
  },
  { path: "quiz/:id/edit", roles: ["teacher"], lazy: async () => ({ Component: (await import("../features/quizzes/forms/quiz-form-page")).QuizFormPage }) },
];

export const adminRoutes: AreaRoute[] = [
  { index: true, lazy: async () => ({ Component: (await import("../features/home/routes/staff-home")).AdminHomePage }) },
  { path: "users", roles: ["admin"], lazy: async () => ({ Component: (await import("../features/users/routes/users-page")).UsersPage }) },
  { path: "courses", lazy: async () => ({ Component: (await import("../features/courses/routes/admin-courses-page")).AdminCoursesPage }) },
  { path: "course/new", lazy: async () => ({ Component: (await import("../features/courses/forms/course-form-page")).CourseFormPage }) },
  { path: "course/:id/edit", lazy: async () => ({ Component: (await import("../features/courses/forms/course-form-page")).CourseFormPage }) },
  { path: "quizzes", lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-management-page")).QuizManagementPage }) },
  { path: "quizzes/new", lazy: async () => ({ Component: (await import("../features/quizzes/forms/quiz-form-page")).QuizFormPage }) },
  { path: "quiz/new", lazy: async () => ({ Component: (await import("../features/quizzes/forms/quiz-form-page")).QuizFormPage }) },
  { path: "quizzes/:id", lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-detail-page")).QuizDetailPage }) },
  { path: "quizzes/:id/attempt", lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/attempt-page")).AttemptPage }) },
  { path: "quiz/:id/edit", lazy: async () => ({ Component: (await import("../features/quizzes/forms/quiz-form-page")).QuizFormPage }) },
];
