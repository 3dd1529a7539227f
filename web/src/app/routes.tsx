import type { RouteObject } from "react-router";
import type { ComponentType } from "react";
import type { Role } from "@adesua/domain";

/**
 * The pages of each role area. Features add their routes here (the app composes features;
 * features never import each other). `roles` narrows a page inside a wider area.
 */
export type AreaRoute = RouteObject & { roles?: readonly Role[] };

/** A home page with the school's current announcements above it (composed here: features never import each other). */
const withAnnouncements = async (page: Promise<ComponentType>) => {
  const [Home, { CurrentAnnouncements }] = await Promise.all([page, import("../features/announcements/components/current-announcements")]);
  return {
    Component: () => (
      <>
        <CurrentAnnouncements />
        <Home />
      </>
    ),
  };
};

const schedulePage = { lazy: async () => ({ Component: (await import("../features/schedule/staff/schedule-page")).SchedulePage }) };
const eventForm = { lazy: async () => ({ Component: (await import("../features/schedule/forms/event-form-page")).EventFormPage }) };
const parsePreview = { lazy: async () => ({ Component: (await import("../features/schedule/staff/parse-preview-page")).ParsePreviewPage }) };
const announcementsPage = { lazy: async () => ({ Component: (await import("../features/announcements/staff/announcements-page")).AnnouncementsPage }) };
const importExportPage = { lazy: async () => ({ Component: (await import("../features/import-export/routes/import-export-page")).ImportExportPage }) };
const announcementForm = { lazy: async () => ({ Component: (await import("../features/announcements/forms/announcement-form-page")).AnnouncementFormPage }) };

export const studentRoutes: AreaRoute[] = [
  { index: true, lazy: () => withAnnouncements(import("../features/student-home/routes/student-home").then((m) => m.StudentHomePage)) },
  { path: "courses", lazy: async () => ({ Component: (await import("../features/courses/routes/student-courses-page")).StudentCoursesPage }) },
  { path: "courses/:id", lazy: async () => ({ Component: (await import("../features/courses/routes/student-course-detail-page")).StudentCourseDetailPage }) },
  { path: "quizzes", lazy: async () => ({ Component: (await import("../features/quizzes/routes/student-quizzes-page")).StudentQuizzesPage }) },
  { path: "quizzes/:id", roles: ["student"], lazy: async () => ({ Component: (await import("../features/quizzes/routes/quiz-detail-page")).QuizDetailPage }) },
  { path: "quizzes/:id/attempt", lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/attempt-page")).AttemptPage }) },
  { path: "records", roles: ["student"], lazy: async () => ({ Component: (await import("../features/records/routes/records-page")).RecordsPage }) },
  { path: "past-questions", lazy: async () => ({ Component: (await import("../features/question-bank/routes/past-questions-page")).PastQuestionsPage }) },
  { path: "past-questions/read/:id", lazy: async () => ({ Component: (await import("../features/question-bank/routes/read-page")).ReadGroupPage }) },
  { path: "past-questions/attempt/:id", lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/practice-page")).PracticePage }) },
  {
    path: "schedule",
    lazy: async () => ({ Component: (await import("../features/schedule/routes/student-schedule-page")).StudentSchedulePage }),
  },
];

/** The question bank's staff screens, the same in the teacher area (teachers only) and the admin area. */
const bankStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "quiz/upload", roles, lazy: async () => ({ Component: (await import("../features/question-bank/staff/upload-quiz-page")).UploadQuizPage }) },
  { path: "questions", roles, lazy: async () => ({ Component: (await import("../features/question-bank/staff/question-bank-page")).QuestionBankPage }) },
  { path: "questions/new", roles, lazy: async () => ({ Component: (await import("../features/question-bank/staff/new-questions-page")).NewQuestionsPage }) },
  { path: "questions/read/:id", roles, lazy: async () => ({ Component: (await import("../features/question-bank/routes/read-page")).ReadGroupPage }) },
];

export const teacherRoutes: AreaRoute[] = [
  { index: true, roles: ["teacher"], lazy: () => withAnnouncements(import("../features/home/routes/staff-home").then((m) => m.TeacherHomePage)) },
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
  ...bankStaffRoutes(["teacher"]),
  { path: "schedule", roles: ["teacher"], ...schedulePage },
  { path: "schedule/new", roles: ["teacher"], ...eventForm },
  { path: "schedule/:id/edit", roles: ["teacher"], ...eventForm },
  { path: "schedule/parse", roles: ["teacher"], ...parsePreview },
  { path: "import-export", roles: ["teacher"], ...importExportPage },
];

export const adminRoutes: AreaRoute[] = [
  { index: true, lazy: () => withAnnouncements(import("../features/home/routes/staff-home").then((m) => m.AdminHomePage)) },
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
  ...bankStaffRoutes(),
  { path: "bulk-upload", lazy: async () => ({ Component: (await import("../features/question-bank/staff/bulk-upload-page")).BulkUploadPage }) },
  { path: "questions/attempt/:id", lazy: async () => ({ Component: (await import("../features/quiz-taking/routes/practice-page")).PracticePage }) },
  { path: "schedule", ...schedulePage },
  { path: "schedule/new", ...eventForm },
  { path: "schedule/:id/edit", ...eventForm },
  { path: "schedule/parse", ...parsePreview },
  { path: "announcements", ...announcementsPage },
  { path: "announcement/new", ...announcementForm },
  { path: "announcement/:id/edit", ...announcementForm },
  { path: "import-export", ...importExportPage },
];
