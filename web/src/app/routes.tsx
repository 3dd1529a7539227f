import type { RouteObject } from "react-router";
import type { ComponentType } from "react";
import type { Role } from "@adesua/domain";
import { tokenStore } from "@/lib/storage";
import { queryClient } from "./query-client";
import type { MocksPageName } from "../features/mocks/staff/mocks-pages";
import type { TermsPageName } from "../features/terms/staff/terms-pages";
import type { SittingsPageName } from "../features/sittings/staff/sittings-pages";

/**
 * The pages of each role area. Features add their routes here (the app composes features;
 * features never import each other). `roles` narrows a page inside a wider area.
 */
/** A route's lazy page: the module's export `name` (one helper instead of the same arrow at every route, a smaller entry). */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

export type AreaRoute = RouteObject & { roles?: readonly Role[] };

/** A home page with the school's current announcements above it (composed here: features never import each other). */
const withAnnouncements = async (page: Promise<ComponentType>) => {
  const [Home, { CurrentAnnouncements }] = await Promise.all([page, import("../features/schedule/components/current-announcements")]);
  return {
    Component: () => (
      <>
        <CurrentAnnouncements />
        <Home />
      </>
    ),
  };
};

/** How long a page's loader waits for its first data before the page shows anyway (with its skeletons). */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * The student home's data before it renders (decision 029): the announcements above it, the stat cards, the
 * quizzes, the courses and the library's latest titles (decision 035). On a first visit their calls left with the HTML (the preload script), so this
 * rarely waits; rendering with the data means no skeleton that then moves the page down (layout shift).
 */
async function studentHomeLoader() {
  // Only when the app renders pages at once (a token and the user cached beside it); otherwise it waits for
  // the session check first, and so does this.
  // Not for a user who must first choose a password (decision 025): the guard shows that screen, and every call would be refused.
  if (!tokenStore.get() || !tokenStore.getUser() || tokenStore.getUser<{ mustChangePassword?: boolean }>()?.mustChangePassword) return null;
  const [home, notices] = await Promise.all([import("../features/home/api/student-home"), import("../features/schedule/api/announcements")]);
  const all = Promise.allSettled([
    queryClient.ensureQueryData(notices.getCurrentAnnouncementsQueryOptions()),
    queryClient.ensureQueryData(home.getHomeQuizzesQueryOptions()),
    queryClient.ensureQueryData(home.getStudentSummaryQueryOptions()),
    queryClient.ensureQueryData(home.getHomeCoursesQueryOptions()),
    queryClient.ensureQueryData(home.getHomeLibraryQueryOptions()),
  ]);
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
  return null;
}

const schedulePage = { lazy: page(() => import("../features/schedule/staff/schedule-page"), "SchedulePage") };
const eventForm = { lazy: page(() => import("../features/schedule/forms/event-form-page"), "EventFormPage") };
const parsePreview = { lazy: page(() => import("../features/schedule/staff/parse-preview-page"), "ParsePreviewPage") };
const announcementsPage = { lazy: page(() => import("../features/schedule/staff/announcements-page"), "AnnouncementsPage") };
/** Performance (issue 12): the same four pages in the teacher area (teachers only) and the admin area. */
const performanceRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "performance", roles, lazy: page(() => import("../features/performance/staff/quiz-dashboard-page"), "QuizDashboardPage") },
  {
    path: "performance-legacy",
    roles,
    lazy: page(() => import("../features/performance/staff/students-performance-page"), "StudentsPerformancePage"),
  },
  {
    path: "performance/quiz-details/:id",
    roles,
    lazy: page(() => import("../features/performance/staff/quiz-details-page"), "QuizDetailsPage"),
  },
  {
    path: "performance/:studentId",
    roles,
    lazy: page(() => import("../features/performance/staff/student-history-page"), "StudentHistoryPage"),
  },
];
const reportsPage = { lazy: page(() => import("../features/reports/routes/reports-page"), "ReportsPage") };
const libraryPage = { lazy: page(() => import("../features/library/routes/library-page"), "LibraryPage") };
const importExportPage = { lazy: page(() => import("../features/admin/routes/import-export-page"), "ImportExportPage") };
const announcementForm = { lazy: page(() => import("../features/schedule/forms/announcement-form-page"), "AnnouncementFormPage") };
const gradeQuiz = { lazy: page(() => import("../features/grading/staff/grade-quiz-page"), "GradeQuizPage") };
const submissionsPage = { lazy: page(() => import("../features/grading/staff/submissions-page"), "SubmissionsPage") };
// Grades Management; the gradebook's table picker goes in through its `tablePicker` prop (features never import each other).
/** Grades Management with the gradebook's table picker in its slot (features never import each other; the app composes them). */
const gradesPage = {
  lazy: async () => {
    const [{ GradesPage }, { GradebookPanel }] = await Promise.all([
      import("../features/grading/staff/grades-page"),
      import("../features/gradebook/staff/gradebook-panel"),
    ]);
    return { Component: () => <GradesPage tablePicker={GradebookPanel} /> };
  },
};
const recordsAdmin = { lazy: page(() => import("../features/grading/staff/records-admin-page"), "RecordsAdminPage") };
const recordForm = { lazy: page(() => import("../features/grading/forms/record-form-page"), "RecordFormPage") };

/** Grading and the records admin: the same screens in the teacher area (teachers only) and the admin area. */
const gradingStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "quiz/:quizId/grade", roles, ...gradeQuiz },
  { path: "grade", roles, ...gradesPage },
  { path: "records", roles, ...recordsAdmin },
  { path: "record/new", roles, ...recordForm },
  { path: "record/:id/edit", roles, ...recordForm },
];

/*
 * Terminal reports and mock examinations (issue 28), the same in the teacher area (teachers only) and the admin area;
 * each feature's pages load through one module (features/<f>/staff/<f>-pages.ts), so the entry carries one import each.
 */
const termPage = (name: TermsPageName) => ({
  lazy: async () => ({ Component: await (await import("../features/terms/staff/terms-pages")).loadTermsPage(name) }),
});
const termStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "terms", roles, ...termPage("list") },
  { path: "terms/new", roles: ["admin"], ...termPage("form") },
  { path: "terms/:id/edit", roles: ["admin"], ...termPage("form") },
  { path: "terms/:id", roles, ...termPage("term") },
  { path: "terms/:id/subjects/:subjectId", roles, ...termPage("scores") },
  { path: "terms/:id/reports", roles, ...termPage("reports") },
];

const mockPage = (name: MocksPageName) => ({
  lazy: async () => ({ Component: await (await import("../features/mocks/staff/mocks-pages")).loadMocksPage(name) }),
});
const mockStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "mocks", roles, ...mockPage("list") },
  { path: "mocks/new", roles: ["admin"], ...mockPage("form") },
  { path: "mocks/:id/edit", roles: ["admin"], ...mockPage("form") },
  { path: "mocks/:id", roles, ...mockPage("mock") },
  { path: "mocks/:id/papers/:paperId/marks", roles, ...mockPage("marks") },
  { path: "mocks/:id/results", roles, ...mockPage("results") },
];

/** Paper sittings (issue 29): print a quiz with answer sheets, scan them back; the same in both staff areas. */
const sittingPage = (name: SittingsPageName) => ({
  lazy: async () => ({ Component: await (await import("../features/sittings/staff/sittings-pages")).loadSittingsPage(name) }),
});
const sittingStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "quizzes/:quizId/paper", roles, ...sittingPage("paper") },
  { path: "sittings", roles, ...sittingPage("list") },
  { path: "sittings/:id", roles, ...sittingPage("sitting") },
  { path: "sittings/:id/scan", roles, ...sittingPage("scan") },
  { path: "sittings/:id/scans/:scanId", roles, ...sittingPage("settle") },
];

export const studentRoutes: AreaRoute[] = [
  {
    index: true,
    loader: studentHomeLoader,
    lazy: () => withAnnouncements(import("../features/home/routes/student-home").then((m) => m.StudentHomePage)),
  },
  { path: "courses", lazy: page(() => import("../features/courses/routes/student-courses-page"), "StudentCoursesPage") },
  { path: "courses/:id", lazy: page(() => import("../features/courses/routes/student-course-detail-page"), "StudentCourseDetailPage") },
  { path: "quizzes", lazy: page(() => import("../features/quizzes/routes/student-quizzes-page"), "StudentQuizzesPage") },
  { path: "quizzes/:id", roles: ["student"], lazy: page(() => import("../features/quizzes/routes/quiz-detail-page"), "QuizDetailPage") },
  { path: "quizzes/:id/attempt", lazy: page(() => import("../features/attempts/routes/attempt-page"), "AttemptPage") },
  { path: "records", roles: ["student"], lazy: page(() => import("../features/grading/routes/records-page"), "RecordsPage") },
  { path: "past-questions", lazy: page(() => import("../features/question-bank/routes/past-questions-page"), "PastQuestionsPage") },
  { path: "past-questions/read/:id", lazy: page(() => import("../features/question-bank/routes/read-page"), "ReadGroupPage") },
  { path: "past-questions/attempt/:id", lazy: page(() => import("../features/attempts/routes/practice-page"), "PracticePage") },
  {
    path: "schedule",
    lazy: page(() => import("../features/schedule/routes/student-schedule-page"), "StudentSchedulePage"),
  },
  // Issue 28: the student's own mock result slips and term report cards (the list composes the two features).
  { path: "results", roles: ["student"], lazy: page(() => import("./results-page"), "ResultsPage") },
  {
    path: "results/mocks/:id",
    roles: ["student"],
    lazy: page(() => import("../features/mocks/routes/student-slip-page"), "StudentSlipPage"),
  },
  {
    path: "results/terms/:id",
    roles: ["student"],
    lazy: page(() => import("../features/terms/routes/student-report-page"), "StudentReportPage"),
  },
];

/** The question bank's staff screens, the same in the teacher area (teachers only) and the admin area. */
const bankStaffRoutes = (roles?: readonly Role[]): AreaRoute[] => [
  { path: "quiz/upload", roles, lazy: page(() => import("../features/question-bank/staff/upload-quiz-page"), "UploadQuizPage") },
  { path: "questions", roles, lazy: page(() => import("../features/question-bank/staff/question-bank-page"), "QuestionBankPage") },
  { path: "questions/new", roles, lazy: page(() => import("../features/question-bank/staff/new-questions-page"), "NewQuestionsPage") },
  { path: "questions/read/:id", roles, lazy: page(() => import("../features/question-bank/routes/read-page"), "ReadGroupPage") },
];

export const teacherRoutes: AreaRoute[] = [
  { index: true, roles: ["teacher"], lazy: () => withAnnouncements(import("../features/home/routes/teacher-home").then((m) => m.TeacherHomePage)) },
  {
    path: "courses",
    roles: ["teacher"],
    lazy: page(() => import("../features/courses/routes/teacher-courses-page"), "TeacherCoursesPage"),
  },
  {
    path: "courses/new",
    roles: ["teacher", "admin"],
    lazy: page(() => import("../features/courses/forms/course-form-page"), "CourseFormPage"),
  },
  {
    path: "courses/:id/edit",
    roles: ["teacher", "admin"],
    lazy: page(() => import("../features/courses/forms/course-form-page"), "CourseFormPage"),
  },
  {
    path: "quizzes",
    roles: ["teacher"],
    lazy: page(() => import("../features/quizzes/routes/quiz-management-page"), "QuizManagementPage"),
  },
  { path: "quizzes/new", roles: ["teacher"], lazy: page(() => import("../features/quizzes/forms/quiz-form-page"), "QuizFormPage") },
  { path: "quizzes/:id", roles: ["teacher"], lazy: page(() => import("../features/quizzes/routes/quiz-detail-page"), "QuizDetailPage") },
  {
    path: "quizzes/:id/attempt",
    roles: ["teacher"],
    lazy: page(() => import("../features/attempts/routes/attempt-page"), "AttemptPage"),
  },
  { path: "quiz/:id/edit", roles: ["teacher"], lazy: page(() => import("../features/quizzes/forms/quiz-form-page"), "QuizFormPage") },
  ...bankStaffRoutes(["teacher"]),
  { path: "schedule", roles: ["teacher"], ...schedulePage },
  { path: "schedule/new", roles: ["teacher"], ...eventForm },
  { path: "schedule/:id/edit", roles: ["teacher"], ...eventForm },
  { path: "schedule/parse", roles: ["teacher"], ...parsePreview },
  {
    path: "tables",
    roles: ["admin"],
    lazy: page(() => import("../features/gradebook/staff/table-management-page"), "TableManagementPage"),
  },
  ...performanceRoutes(["teacher"]),
  ...gradingStaffRoutes(["teacher"]),
  ...termStaffRoutes(["teacher"]),
  ...mockStaffRoutes(["teacher"]),
  ...sittingStaffRoutes(["teacher"]),
  { path: "quizzes/:quizId/submissions", roles: ["teacher"], ...submissionsPage },
  // Every submission waiting for the teacher (the home's "To grade" figure leads here; issue 24 §2): the admin area's page.
  { path: "submissions", roles: ["teacher"], ...submissionsPage },
  { path: "reports", roles: ["teacher"], ...reportsPage },
  { path: "library", roles: ["teacher"], ...libraryPage },
  { path: "import-export", roles: ["teacher"], ...importExportPage },
];

export const adminRoutes: AreaRoute[] = [
  { index: true, lazy: () => withAnnouncements(import("../features/home/routes/admin-home-page").then((m) => m.AdminHomePage)) },
  { path: "users", roles: ["admin"], lazy: page(() => import("../features/users/routes/users-page"), "UsersPage") },
  { path: "courses", lazy: page(() => import("../features/courses/routes/admin-courses-page"), "AdminCoursesPage") },
  { path: "course/new", lazy: page(() => import("../features/courses/forms/course-form-page"), "CourseFormPage") },
  { path: "course/:id/edit", lazy: page(() => import("../features/courses/forms/course-form-page"), "CourseFormPage") },
  { path: "quizzes", lazy: page(() => import("../features/quizzes/routes/quiz-management-page"), "QuizManagementPage") },
  { path: "quizzes/new", lazy: page(() => import("../features/quizzes/forms/quiz-form-page"), "QuizFormPage") },
  { path: "quiz/new", lazy: page(() => import("../features/quizzes/forms/quiz-form-page"), "QuizFormPage") },
  { path: "quizzes/:id", lazy: page(() => import("../features/quizzes/routes/quiz-detail-page"), "QuizDetailPage") },
  { path: "quizzes/:id/attempt", lazy: page(() => import("../features/attempts/routes/attempt-page"), "AttemptPage") },
  { path: "quiz/:id/edit", lazy: page(() => import("../features/quizzes/forms/quiz-form-page"), "QuizFormPage") },
  ...bankStaffRoutes(),
  { path: "bulk-upload", lazy: page(() => import("../features/question-bank/staff/bulk-upload-page"), "BulkUploadPage") },
  { path: "questions/attempt/:id", lazy: page(() => import("../features/attempts/routes/practice-page"), "PracticePage") },
  { path: "schedule", ...schedulePage },
  { path: "schedule/new", ...eventForm },
  { path: "schedule/:id/edit", ...eventForm },
  { path: "schedule/parse", ...parsePreview },
  { path: "announcements", ...announcementsPage },
  { path: "announcement/new", ...announcementForm },
  { path: "announcement/:id/edit", ...announcementForm },
  ...performanceRoutes(),
  ...gradingStaffRoutes(),
  ...termStaffRoutes(),
  ...mockStaffRoutes(),
  ...sittingStaffRoutes(),
  { path: "submissions", ...submissionsPage },
  { path: "reports", ...reportsPage },
  { path: "library", ...libraryPage },
  { path: "logs", roles: ["admin"], lazy: page(() => import("../features/admin/routes/audit-logs-page"), "AuditLogsPage") },
  { path: "import-export", ...importExportPage },
  // Issue 28: the school's profile and assessment settings, and the log of messages to guardians (admins only).
  { path: "school", roles: ["admin"], lazy: page(() => import("../features/admin/staff/school-page"), "SchoolPage") },
  { path: "messages", roles: ["admin"], lazy: page(() => import("../features/guardians/staff/messages-page"), "MessagesPage") },
];
