import type { PreloadRoute } from "./route-preload.ts";

/**
 * The pages a student (or anyone) may open first, for web/build/route-preload.ts: the route module whose
 * chunks and stylesheets are preloaded, and the GET calls the page makes at once, which the preload script
 * starts with the stored token while the app's code is still downloading (web/src/lib/prefetch.ts hands
 * each answer to the first `api()` call for the same address). `first-load-routes.test.ts` checks that
 * these addresses are the ones the pages' queries really request, so the table cannot silently go stale.
 * Calls are only for GETs without side effects, and only when the address has no query string or is the attempt's
 * `?start=1` (decision 035; a filtered
 * list asks for something else). The first call of each list is the session check (`ME`): the others leave
 * beside it when a user is cached beside the token (the app renders at once then), else once it has answered
 * 200 (decision 031).
 */
export const ME = "/api/auth/me";
export const STUDENT_HOME_CALLS = [
  "/api/announcements/current",
  "/api/quizzes?page=1&limit=100",
  "/api/students/me/summary",
  "/api/courses?page=1&limit=4",
  "/api/library?page=1&limit=5",
];
/** The attempt screen's first call when opened with ?start=1 (`$1`: the quiz id from the path); a POST. */
export const START_ATTEMPT = "/api/quizzes/$1/attempts";
export const QUIZ_LIST_CALLS = ["/api/quizzes?page=1&limit=12", "/api/courses?page=1&limit=100"];

export const FIRST_LOAD_ROUTES: PreloadRoute[] = [
  { path: /^\/login\/?$/, module: "src/features/auth/routes/login.tsx" },
  {
    path: /^\/students\/dashboard\/?$/,
    module: "src/features/home/routes/student-home.tsx",
    // The school's announcements above the home (routes.tsx's withAnnouncements).
    also: ["src/features/schedule/components/current-announcements.tsx"],
    api: [ME, ...STUDENT_HOME_CALLS],
  },
  { path: /^\/students\/dashboard\/schedule\/?$/, module: "src/features/schedule/routes/student-schedule-page.tsx", api: [ME] },
  { path: /^\/students\/dashboard\/quizzes\/?$/, module: "src/features/quizzes/routes/student-quizzes-page.tsx", api: [ME, ...QUIZ_LIST_CALLS] },
  {
    path: /^\/students\/dashboard\/quizzes\/([1-9]\d*)\/attempt\/?$/,
    module: "src/features/attempts/routes/attempt-page.tsx",
    api: [ME],
    // Opened with ?start=1: the attempt's start (or resume), which the page's first render asks for anyway (decision 031).
    startAttempt: START_ATTEMPT,
  },
];
