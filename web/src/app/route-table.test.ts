import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import type { Role } from "@adesua/domain/constants";
import { routes, type RouteHandle } from "./router";
import { ADMIN_NAV, STUDENT_NAV, TEACHER_NAV } from "./nav";

const ALL: Role[] = ["student", "teacher", "admin"];
const STAFF: Role[] = ["teacher", "admin"];

/**
 * The spec's "Full route table" (001, section 2), with the roles it names for each route.
 * Dynamic segments carry a sample value.
 */
const STUDENT_AREA: [string, Role[]][] = [
  ["", ALL],
  ["courses", ALL],
  ["courses/7", ALL],
  ["quizzes", ALL],
  ["quizzes/7", ["student"]],
  ["quizzes/7/attempt", ALL],
  ["past-questions", ALL],
  ["past-questions/read/7", ALL],
  ["past-questions/attempt/7", ALL],
  ["records", ["student"]],
];

const TEACHER_AREA: [string, Role[]][] = [
  ...[
    "",
    "courses",
    "quizzes/new",
    "quizzes",
    "quizzes/7",
    "quizzes/7/attempt",
    "quiz/7/edit",
    "quiz/upload",
    "quiz/7/grade",
    "quizzes/7/submissions",
    "performance",
    "performance-legacy",
    "performance/quiz-details/7",
    "performance/12",
    "library",
    "questions",
    "questions/new",
    "questions/read/7",
    "grade",
    "reports",
    "import-export",
    "schedule",
    "schedule/new",
    "schedule/7/edit",
    "schedule/parse",
    "records",
    "record/new",
    "record/7/edit",
  ].map((p): [string, Role[]] => [p, ["teacher"]]),
  ["courses/new", STAFF],
  ["tables", ["admin"]],
];

/** "Admin area (admin and teacher allowed)"; users and logs are the admin's own screens (decision 014). */
const ADMIN_AREA: [string, Role[]][] = [
  ...[
    "",
    "courses",
    "course/new",
    "course/7/edit",
    "quizzes",
    "quizzes/new",
    "quizzes/7",
    "quizzes/7/attempt",
    "quiz/new",
    "quiz/upload",
    "quiz/7/edit",
    "quiz/7/grade",
    "records",
    "record/new",
    "record/7/edit",
    "schedule",
    "schedule/new",
    "schedule/7/edit",
    "performance",
    "performance-legacy",
    "performance/quiz-details/7",
    "performance/12",
    "library",
    "questions",
    "questions/new",
    "bulk-upload",
    "questions/read/7",
    "questions/attempt/7",
    "submissions",
    "grade",
    "reports",
    "import-export",
    "announcements",
    "announcement/new",
    "announcement/7/edit",
  ].map((p): [string, Role[]] => [p, STAFF]),
  ["users", ["admin"]],
  ["logs", ["admin"]],
];

const TABLE: [string, Role[]][] = [
  ...STUDENT_AREA.map(([p, r]): [string, Role[]] => [`/students/dashboard${p && `/${p}`}`, r]),
  ...TEACHER_AREA.map(([p, r]): [string, Role[]] => [`/teachers/dashboard${p && `/${p}`}`, r]),
  ...ADMIN_AREA.map(([p, r]): [string, Role[]] => [`/admin/dashboard${p && `/${p}`}`, r]),
];

/** Who the matched chain of routes lets in: each level's roles narrow the ones above. */
function answer(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1);
  let roles: Role[] = ALL;
  for (const m of matches) {
    const h = m.route.handle as RouteHandle | undefined;
    if (h?.roles) roles = roles.filter((r) => h.roles!.includes(r));
  }
  const handle = leaf?.route.handle as RouteHandle | undefined;
  return { leafPath: leaf?.route.path, notFound: !!handle?.notFound, notYet: !!handle?.notYet, roles, depth: matches.length };
}

describe("the spec's route table", () => {
  it.each(TABLE)("%s is a screen for exactly the roles the spec names", (path, roles) => {
    const a = answer(path);
    // Three levels: the app root, the area, the page (the outer catch-all is two levels).
    expect(a.depth, `${path} fell through to the login redirect`).toBe(3);
    expect(a.notFound, `${path} answers "Page not found"`).toBe(false);
    for (const role of ALL) expect(a.roles.includes(role), `${path} for a ${role}`).toBe(roles.includes(role));
  });

  it("leads every navigation entry to a screen", () => {
    for (const item of [...STUDENT_NAV, ...TEACHER_NAV, ...ADMIN_NAV]) {
      const a = answer(item.to);
      expect(a.notFound || a.depth !== 3, item.to).toBe(false);
    }
  });

  it.each(["/students/dashboard/no-such-page", "/teachers/dashboard/quiz/7/nonsense", "/admin/dashboard/performance/1/2/3"])(
    "answers %s with Page not found inside its area",
    (path) => {
      const a = answer(path);
      expect(a.notFound).toBe(true);
      expect(a.depth).toBe(3);
    },
  );

  it.each(["/no/such/page", "/students", "/dashboard"])("still sends %s (outside the areas) to the login redirect", (path) => {
    const a = answer(path);
    expect(a.depth).toBe(2);
    expect(a.leafPath).toBe("*");
  });

  it("keeps the spec's other addresses for announcements and records", () => {
    for (const p of ["announcements", "announcement/new", "announcement/3/edit", "records", "record/new", "record/3/edit"]) {
      expect(answer(`/dashboard/admin/${p}`).leafPath).toBe("dashboard/admin/*");
    }
  });
});
