import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DEMO, DEMO_PASSWORD, DESKTOP, launch, PHONE, signIn } from "./browser";

/**
 * The route-table visual check (issue 24 §1, design.md habit 17): every route of the spec's route table that a role may
 * use, opened by a student, a teacher and an admin of the demo school at 360 × 740 and 1280 × 800, fails when
 *   (a) a visible Mantine Button has a transparent background and no border (outside the deliberately bare `subtle` and
 *       `transparent` variants), or no padding: the look every Button lost when UnstyledButton's reset was linked after
 *       Button's own styles;
 *   (b) a disabled Button or ActionIcon looks like its enabled form (same background, colour and opacity);
 *   (c) anything but the content of a deliberate scroll container (an `overflow-x: auto | scroll` ancestor) reaches past
 *       the viewport's right edge (cut off, or scrolling the document sideways);
 *   (d) a table cell or a badge cuts its text (`scrollWidth > clientWidth`) without a `title` giving the whole text;
 * and when a route does not render its screen (Page not found, an error screen, an uncaught error).
 * A screenshot of every route × width is kept under e2e/screens/ (not committed: look at them before resolving an issue
 * that changes the web app). Each failure names role, width, route, the check, the element's selector and its text.
 *
 * It runs with the other journeys in `npm test` (`npm run test:e2e`). One browser; one context per role, reused for every
 * route at both widths (the 1280 px look is taken by resizing the same page). Nothing is changed: no attempt is started
 * (an attempt's address without `?start=1` shows the pre-start screen) and no form is sent.
 */

const SCREENS = path.join(path.dirname(fileURLToPath(import.meta.url)), "screens");
type Role = "public" | "student" | "teacher" | "admin";
type Failure = string;

let browser: Browser;
const base = () => inject("baseUrl");

beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SCREENS, { recursive: true });
});
afterAll(() => browser?.close());

async function token(email: string): Promise<string> {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function get<T>(tk: string, url: string): Promise<T> {
  const res = await fetch(`${base()}${url}`, { headers: { authorization: `Bearer ${tk}` } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type Row = { id: number };
type QuizRow = Row & { teacherId: number; studentType: string; closeTime: string | null };
type SubmissionRow = Row & { userId: number; quizId: number; ungradedCount?: number };
type ScheduleItem = { kind: string; eventId: number | null; canEdit?: boolean };
type Group = { key: string };

/** Real ids of the demo school for the routes with a parameter, as each role sees them. */
async function demoIds() {
  const [student, teacher, admin] = await Promise.all([token(DEMO.jhs1), token(DEMO.teacher), token(DEMO.admin)]);
  const me = await get<{ id: number }>(teacher, "/api/auth/me");
  const [sCourses, sQuizzes, groups, tQuizzes, tSubs, tRecords, tSchedule, aCourses, aQuizzes, aRecords, announcements, aSubs] = await Promise.all([
    get<{ data: Row[] }>(student, "/api/courses?page=1&limit=1"),
    get<{ data: QuizRow[] }>(student, "/api/quizzes?page=1&limit=1"),
    get<{ groups: Group[] }>(student, "/api/questions/groups"),
    get<{ data: QuizRow[] }>(teacher, "/api/quizzes?page=1&limit=100"),
    get<{ data: SubmissionRow[] }>(teacher, "/api/submissions?page=1&limit=100"),
    get<{ data: Row[] }>(teacher, "/api/records/all?page=1&limit=1"),
    get<{ data: ScheduleItem[] }>(teacher, "/api/schedules"),
    get<{ data: Row[] }>(admin, "/api/courses?page=1&limit=1"),
    get<{ data: QuizRow[] }>(admin, "/api/quizzes?page=1&limit=1"),
    get<{ data: Row[] }>(admin, "/api/records/all?page=1&limit=1"),
    get<{ data: Row[] }>(admin, "/api/announcements?page=1&limit=1"),
    get<{ data: SubmissionRow[] }>(admin, "/api/submissions?page=1&limit=100"),
  ]);
  const first = <T>(rows: T[], what: string): T => {
    if (!rows[0]) throw new Error(`the demo school has no ${what}`);
    return rows[0];
  };
  const ownQuiz = first(
    tQuizzes.data.filter((q) => q.teacherId === me.id),
    "quiz of the demo teacher",
  );
  // A submission still to grade if one is left (journeys before this one may have graded them), else any.
  const toGrade = tSubs.data.find((s) => (s.ungradedCount ?? 0) > 0) ?? first(tSubs.data, "submission of the demo teacher's quizzes");
  const event = first(
    tSchedule.data.filter((i) => i.kind === "event" && i.eventId && i.canEdit !== false),
    "event the demo teacher may edit",
  );
  const adminToGrade = aSubs.data.find((s) => (s.ungradedCount ?? 0) > 0) ?? first(aSubs.data, "submission");
  return {
    student: {
      course: first(sCourses.data, "course").id,
      quiz: first(sQuizzes.data, "quiz for JHS 1").id,
      group: encodeURIComponent(first(groups.groups, "question group").key),
    },
    teacher: {
      quiz: ownQuiz.id,
      gradeQuiz: toGrade.quizId,
      student: toGrade.userId,
      record: first(tRecords.data, "record").id,
      event: event.eventId!,
    },
    admin: {
      course: first(aCourses.data, "course").id,
      quiz: first(aQuizzes.data, "quiz").id,
      gradeQuiz: adminToGrade.quizId,
      student: adminToGrade.userId,
      record: first(aRecords.data, "record").id,
      announcement: first(announcements.data, "announcement").id,
      event: event.eventId!,
    },
  };
}

/** The spec's route table (spec 001 §2) as each role may use it, with real ids; plus the student's schedule. */
function routeTable(ids: Awaited<ReturnType<typeof demoIds>>): Record<Role, string[]> {
  const s = ids.student;
  const t = ids.teacher;
  const a = ids.admin;
  const group = s.group;
  const S = "/students/dashboard";
  const T = "/teachers/dashboard";
  const A = "/admin/dashboard";
  return {
    public: ["/login", "/signup"],
    student: [
      S,
      `${S}/courses`,
      `${S}/courses/${s.course}`,
      `${S}/quizzes`,
      `${S}/quizzes/${s.quiz}`,
      `${S}/quizzes/${s.quiz}/attempt`,
      `${S}/past-questions`,
      `${S}/past-questions/read/${group}`,
      `${S}/past-questions/attempt/${group}`,
      `${S}/records`,
      `${S}/schedule`,
      `${S}/results`,
    ],
    teacher: [
      T,
      `${T}/courses`,
      `${T}/courses/new`,
      `${T}/quizzes/new`,
      `${T}/quizzes`,
      `${T}/quizzes/${t.quiz}`,
      `${T}/quizzes/${t.quiz}/attempt`,
      `${T}/quiz/${t.quiz}/edit`,
      `${T}/quiz/upload`,
      `${T}/quiz/${t.gradeQuiz}/grade`,
      `${T}/quizzes/${t.gradeQuiz}/submissions`,
      `${T}/performance`,
      `${T}/performance-legacy`,
      `${T}/performance/quiz-details/${t.gradeQuiz}`,
      `${T}/performance/${t.student}`,
      `${T}/library`,
      `${T}/questions`,
      `${T}/questions/new`,
      `${T}/questions/read/${group}`,
      `${T}/grade`,
      `${T}/reports`,
      `${T}/import-export`,
      `${T}/schedule`,
      `${T}/schedule/new`,
      `${T}/schedule/${t.event}/edit`,
      `${T}/schedule/parse`,
      `${T}/records`,
      `${T}/record/new`,
      `${T}/record/${t.record}/edit`,
      `${T}/mocks`,
      `${T}/terms`,
      // Issue 29: the paper sittings list and a quiz's Print as paper (the demo has no sitting: its pages are the journey's).
      `${T}/sittings`,
      `${T}/quizzes/${t.quiz}/paper`,
    ],
    admin: [
      A,
      `${A}/mocks`,
      `${A}/mocks/new`,
      `${A}/terms`,
      `${A}/terms/new`,
      `${A}/sittings`,
      `${A}/quizzes/${a.quiz}/paper`,
      `${A}/school`,
      `${A}/messages`,
      `${A}/users`,
      `${A}/courses`,
      `${A}/course/new`,
      `${A}/course/${a.course}/edit`,
      `${A}/quizzes`,
      `${A}/quizzes/new`,
      `${A}/quizzes/${a.quiz}`,
      `${A}/quizzes/${a.quiz}/attempt`,
      `${A}/quiz/new`,
      `${A}/quiz/upload`,
      `${A}/quiz/${a.quiz}/edit`,
      `${A}/quiz/${a.gradeQuiz}/grade`,
      `${A}/records`,
      `${A}/record/new`,
      `${A}/record/${a.record}/edit`,
      `${A}/logs`,
      `${A}/schedule`,
      `${A}/schedule/new`,
      `${A}/schedule/${a.event}/edit`,
      `${A}/performance`,
      `${A}/performance-legacy`,
      `${A}/performance/quiz-details/${a.gradeQuiz}`,
      `${A}/performance/${a.student}`,
      `${A}/library`,
      `${A}/questions`,
      `${A}/questions/new`,
      `${A}/bulk-upload`,
      `${A}/questions/read/${group}`,
      `${A}/questions/attempt/${group}`,
      `${A}/submissions`,
      `${A}/grade`,
      `${A}/reports`,
      `${A}/import-export`,
      `${A}/announcements`,
      `${A}/announcement/new`,
      `${A}/announcement/${a.announcement}/edit`,
      // The teacher area's tables route is for admins only (spec 001 §2).
      `${T}/tables`,
    ],
  };
}

/** Waits until the screen has settled: the boot screen gone, no skeleton, nothing changing for a moment (at most 6 s). */
async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector("#root > .boot"), undefined, { timeout: 15_000 });
  await page.evaluate(async () => {
    const end = Date.now() + 6000;
    let last = Date.now();
    const obs = new MutationObserver(() => (last = Date.now()));
    obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    try {
      for (;;) {
        await new Promise((r) => setTimeout(r, 80));
        const busy =
          document.querySelector(".mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy='true']") !== null ||
          /^Loading\.\.\.$/m.test(document.body.innerText);
        // Transitions and one-off animations (a spinner's endless one never ends).
        const moving = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
        if ((!busy && !moving && Date.now() - last > 250) || Date.now() > end) return;
      }
    } finally {
      obs.disconnect();
    }
  });
}

/** Runs the four checks on what the page shows now; returns one line per defect (without role, width and route). */
function inspect(): string[] {
  const out: string[] = [];
  const vw = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const parts: string[] = [];
    let e: Element | null = el;
    for (let i = 0; e && e !== document.body && i < 4; i++, e = e.parentElement) {
      // Mantine's component classes (mantine-Button-root) name an element best; its hashed ones (m_77c9d27d) not at all.
      const cls = Array.from(e.classList)
        .filter((c) => !/^m_[0-9a-f]+$|^__m__|^mantine-(focus|active)/.test(c))
        .sort((x, y) => Number(/^mantine-[A-Z]/.test(y)) - Number(/^mantine-[A-Z]/.test(x)))
        .slice(0, 2);
      const aria = e.getAttribute("aria-label");
      parts.unshift(
        `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${cls.map((c) => `.${c}`).join("")}${aria ? `[aria-label="${aria.slice(0, 40)}"]` : ""}`,
      );
    }
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    return `${parts.join(" > ")}${text ? ` "${text}"` : ""}`;
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0 && el.closest("[aria-hidden='true'], [hidden]") === null;
  };
  const transparent = (c: string) => c === "transparent" || /rgba\(\d+, \d+, \d+, 0\)/.test(c);

  // (a) Buttons that look like text.
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(".mantine-Button-root"))) {
    if (!visible(el)) continue;
    const cs = getComputedStyle(el);
    const variant = el.getAttribute("data-variant") ?? "filled";
    const noFill = transparent(cs.backgroundColor) && cs.backgroundImage === "none";
    const noBorder = ["Top", "Right", "Bottom", "Left"].every(
      (side) =>
        parseFloat(cs.getPropertyValue(`border-${side.toLowerCase()}-width`)) === 0 ||
        cs.getPropertyValue(`border-${side.toLowerCase()}-style`) === "none" ||
        transparent(cs.getPropertyValue(`border-${side.toLowerCase()}-color`)),
    );
    const noPadding = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) === 0;
    if (noPadding) out.push(`(a) Button with no padding: ${describe(el)}`);
    else if (noFill && noBorder && variant !== "subtle" && variant !== "transparent")
      out.push(`(a) Button (${variant}) with a transparent background and no border: ${describe(el)}`);
  }

  // (b) Disabled controls that look enabled: compared with a copy of themselves without the disabled state.
  for (const el of Array.from(
    document.querySelectorAll<HTMLElement>(
      ".mantine-Button-root:disabled, .mantine-Button-root[data-disabled], .mantine-ActionIcon-root:disabled, .mantine-ActionIcon-root[data-disabled]",
    ),
  )) {
    if (!visible(el) || el.hasAttribute("data-loading")) continue;
    const twin = el.cloneNode(true) as HTMLElement;
    twin.removeAttribute("disabled");
    twin.removeAttribute("data-disabled");
    twin.removeAttribute("aria-disabled");
    twin.removeAttribute("id");
    twin.setAttribute("aria-hidden", "true");
    Object.assign(twin.style, { position: "absolute", visibility: "hidden", pointerEvents: "none", left: "0", top: "0" });
    el.after(twin);
    const a = getComputedStyle(el);
    const b = getComputedStyle(twin);
    const same = a.backgroundColor === b.backgroundColor && a.color === b.color && a.opacity === b.opacity && a.borderTopColor === b.borderTopColor;
    twin.remove();
    if (same) out.push(`(b) a disabled control looks like its enabled form (${a.backgroundColor}, ${a.color}, opacity ${a.opacity}): ${describe(el)}`);
  }

  // (c) Wider than the screen.
  const docOverflow = document.documentElement.scrollWidth - vw;
  // Inside a scroll container, or cut on purpose with an ellipsis where a title gives the whole text.
  const deliberate = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (/^(auto|scroll)$/.test(cs.overflowX)) return true;
      if (/^(hidden|clip)$/.test(cs.overflowX) && cs.textOverflow === "ellipsis" && p.closest("[title]")) return true;
    }
    return false;
  };
  const wide = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (el.getBoundingClientRect().right > vw + 1 && visible(el) && !deliberate(el)) wide.add(el);
  }
  const outermost = [...wide].filter((el) => !el.parentElement || !wide.has(el.parentElement));
  for (const el of outermost.slice(0, 5))
    out.push(`(c) reaches ${Math.round(el.getBoundingClientRect().right - vw)} px past the screen's edge: ${describe(el)}`);
  if (docOverflow > 0 && outermost.length === 0) out.push(`(c) the page scrolls sideways by ${docOverflow} px`);

  // (d) Text cut by its cell or badge, with no title to read it whole.
  for (const el of Array.from(document.querySelectorAll<HTMLElement>("td, th, .mantine-Badge-label"))) {
    if (!visible(el) || el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.closest("[title]") || el.querySelector("[title]")) continue;
    out.push(`(d) text cut (${el.scrollWidth} px in ${el.clientWidth} px) with no title: ${describe(el)}`);
  }

  // The screen itself.
  const text = document.body.innerText;
  if (/Page not found/.test(text)) out.push("the route answered Page not found");
  if (/Something went wrong|Unexpected Application Error/.test(text)) out.push(`the route shows an error: ${text.replace(/\s+/g, " ").slice(0, 120)}`);
  return out;
}

async function signedInContext(email: string | null): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: base(), locale: "en-GB" });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  if (email) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  }
  return { context, page, errors };
}

async function visitAll(role: Role, email: string | null, routes: string[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  const { context, page, errors } = await signedInContext(email);
  try {
    for (const route of routes) {
      await page.setViewportSize(PHONE);
      errors.length = 0;
      await page.goto(route);
      for (const viewport of [PHONE, DESKTOP]) {
        if (viewport !== PHONE) await page.setViewportSize(viewport);
        try {
          await settle(page);
        } catch (err) {
          failures.push(`${role} ${viewport.width}px ${route}: did not render (${String(err).split("\n")[0]})`);
          continue;
        }
        const slug = `${role}${route.replace(/[^a-z0-9]+/gi, "-")}-${viewport.width}`.replace(/-+/g, "-");
        await page.screenshot({ path: path.join(SCREENS, `${slug}.png`), fullPage: true });
        for (const line of await page.evaluate(inspect)) failures.push(`${role} ${viewport.width}px ${route}: ${line}`);
        // An attempt's address without ?start=1 opens the quiz's pre-start screen (decision 007); nothing else may move.
        const at = decodeURI(new URL(page.url()).pathname).replace(/\/$/, "");
        if (at !== decodeURI(route) && !(route.endsWith("/attempt") && at === decodeURI(route.replace(/\/attempt$/, ""))))
          failures.push(`${role} ${viewport.width}px ${route}: went to ${at} instead`);
      }
      for (const e of errors) failures.push(`${role} ${route}: uncaught error ${e}`);
    }
  } finally {
    await context.close();
  }
  return failures;
}

// The four roles at once, each in its own context of the one browser: most of a visit is waiting for the screen to settle.
describe.concurrent("every route of the route table looks right at 360 and 1280 px", () => {
  let routes: Record<Role, string[]>;
  beforeAll(async () => {
    routes = routeTable(await demoIds());
    // VISUAL_ROUTES=<regular expression> checks only the matching routes (while fixing a screen).
    const only = process.env.VISUAL_ROUTES ? new RegExp(process.env.VISUAL_ROUTES) : null;
    if (only) for (const role of Object.keys(routes) as Role[]) routes[role] = routes[role].filter((r) => only.test(r));
  });

  for (const [role, email] of [
    ["public", null],
    ["student", DEMO.jhs1],
    ["teacher", DEMO.teacher],
    ["admin", DEMO.admin],
  ] as const) {
    it(
      `${role}: buttons look like buttons, disabled ones look disabled, nothing is wider than the screen, no text is cut`,
      { timeout: 300_000 },
      async ({ expect }) => {
        const failures = await visitAll(role, email, routes[role]);
        // One line per defect, with the widths it shows at ("360+1280px" when both).
        const lines = new Map<string, Set<number>>();
        for (const f of failures) {
          const m = /^(\S+) (\d+)px (.*)$/.exec(f);
          const key = m ? `${m[1]} %W ${m[3]}` : f;
          lines.set(key, new Set([...(lines.get(key) ?? []), m ? Number(m[2]) : 0]));
        }
        const report = [...lines].map(([key, widths]) => key.replace("%W", `${[...widths].join("+")}px`));
        expect(report, `${report.length} defects:\n${report.join("\n")}`).toEqual([]);
      },
    );
  }
});

/**
 * What the route-by-route checks cannot see on a phone (issue 24 §4): figures that start off-screen inside a table's
 * scroll container, a calendar squeezed into a box, a result drawn out of sight, labels drawn over each other, and a
 * banner's sentence cut short. Each at 360 × 740.
 */
describe("phones (360 px)", () => {
  async function phonePage(email: string) {
    const { context, page } = await signedInContext(null);
    await signIn(page, email);
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    return { context, page };
  }
  /** The element's box lies inside the screen's width. */
  async function onScreen(page: Page, selector: string, what: string) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box, `${what} is shown`).not.toBeNull();
    expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  }

  it("opens the teacher's and the admin's calendar on the day-by-day list, each entry's title readable", async () => {
    for (const [email, url] of [
      [DEMO.teacher, "/teachers/dashboard/schedule"],
      [DEMO.admin, "/admin/dashboard/schedule"],
    ] as const) {
      const { context, page } = await phonePage(email);
      await page.goto(url);
      await page.getByTestId("agenda-list").waitFor();
      expect(await page.locator(".rbc-calendar").count()).toBe(0);
      const title = page.getByTestId("agenda-item").first().locator("p").first();
      expect((await title.boundingBox())!.width).toBeGreaterThan(250);
      // The calendar is one tap away.
      await page.getByRole("radiogroup", { name: "Show the calendar as" }).getByText("Calendar").click();
      await page.locator(".rbc-calendar").waitFor();
      await context.close();
    }
  });

  it("shows quiz performance as cards with the average, pass rate and View Details on screen", async () => {
    const { context, page } = await phonePage(DEMO.teacher);
    await page.goto("/teachers/dashboard/performance");
    const card = page.getByTestId("quiz-performance-card").filter({ hasText: "Term 1 Test" }).first();
    await card.waitFor();
    for (const text of ["Average", "Pass rate"]) {
      const box = (await card.getByText(text, { exact: true }).boundingBox())!;
      expect(box.x + box.width, `${text} on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    const details = (await card.getByRole("link", { name: /^View Details/ }).boundingBox())!;
    expect(details.x + details.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("shows item analysis with each question's flags and Fix key beside it, and the key figures of the other tables first", async () => {
    const { context, page } = await phonePage(DEMO.admin);
    const tk = await token(DEMO.admin);
    const quizzes = await get<{ data: { quizId: number; quizTitle: string; completedAttempts: number }[] }>(tk, "/api/performance/dashboard?page=1&limit=100");
    const quiz = quizzes.data.find((q) => q.completedAttempts > 0);
    expect(quiz, "a quiz with attempts").toBeTruthy();
    await page.goto(`/admin/dashboard/performance/quiz-details/${quiz!.quizId}`);
    const item = page.getByTestId("item-row").first();
    await item.waitFor();
    const fix = (await item.getByRole("button", { name: /^Fix key of question/ }).boundingBox())!;
    expect(fix.x + fix.width).toBeLessThanOrEqual(PHONE.width);
    const question = (await item.locator("p").nth(1).boundingBox())!;
    expect(question.width).toBeGreaterThan(250);
    // Students of the quiz: the name pinned, the best score beside it.
    await onScreen(page, "table tbody tr td:nth-child(2)", "the best score");
    const student = await page.locator("table tbody tr td:first-child a").first().getAttribute("href");
    await page.goto("/admin/dashboard/performance-legacy");
    await onScreen(page, "table tbody tr td:nth-child(2)", "the final score");
    await page.goto(student!);
    await onScreen(page, "table tbody tr td:nth-child(2)", "the student's best score");
    await context.close();
  });

  it("brings a report's result into view, as cards, with chart labels that do not run into each other", async () => {
    const { context, page } = await phonePage(DEMO.admin);
    await page.goto("/admin/dashboard/reports");
    await page.getByRole("button", { name: "Run Report: BECE Readiness" }).click();
    const result = page.getByTestId("report-result");
    await result.waitFor();
    await expect.poll(async () => (await result.boundingBox())!.y, { timeout: 5000 }).toBeLessThan(PHONE.height / 2);
    expect((await result.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.getByTestId("report-cards").waitFor();
    await page.locator(".recharts-yAxis-tick-labels text").first().waitFor();
    const boxes = await page.$$eval(".recharts-yAxis-tick-labels text", (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, text: e.textContent };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    const sorted = [...boxes].sort((a, b) => a.top - b.top);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i].top, `"${sorted[i].text}" below "${sorted[i - 1].text}"`).toBeGreaterThanOrEqual(sorted[i - 1].bottom - 0.5);
    for (const b of boxes) expect(b.left, `"${b.text}" starts on screen`).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENS, "phone-report-result.png") });
    await context.close();
  });

  it("shows the impersonation banner's whole sentence", async () => {
    const { context, page } = await phonePage(DEMO.admin);
    await page.goto("/admin/dashboard/users");
    await page.getByLabel("Search").fill("Efua Mensah");
    await page.getByRole("button", { name: "Impersonate Efua Mensah" }).click();
    await page.getByRole("dialog", { name: "Impersonate user" }).getByRole("button", { name: "Impersonate" }).click();
    await page.waitForURL("**/students/dashboard");
    const banner = page.getByTestId("impersonation-banner");
    await banner.getByText("You are acting as Efua Mensah (student)").waitFor();
    // Neither the sentence's box nor any element inside it clips its text.
    const cut = await banner
      .getByRole("status")
      .evaluate((el) => [el, ...Array.from(el.querySelectorAll("*"))].some((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1));
    expect(cut, "the banner's sentence is cut").toBe(false);
    const button = banner.getByRole("button", { name: "Stop Impersonation" });
    const stop = (await button.boundingBox())!;
    expect(stop.x + stop.width).toBeLessThanOrEqual(PHONE.width);
    // The button's words lie inside the button.
    const labelCut = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return text.left < box.left - 0.5 || text.right > box.right + 0.5;
    });
    expect(labelCut, "the button's label is cut").toBe(false);
    await page.screenshot({ path: path.join(SCREENS, "phone-impersonation-banner.png") });
    await banner.getByRole("button", { name: "Stop Impersonation" }).click();
    await page.waitForURL("**/admin/dashboard**");
    await context.close();
  });
});
