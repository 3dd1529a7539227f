import { expect, inject } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, DESKTOP, PHONE, snap } from "./browser";

/*
 * What the journeys set up through the API before they open a browser (sign-in tokens, courses, quizzes), and the
 * checks and screenshots several of them make on a page. One copy here instead of one per journey.
 */

/** A bearer token for `email` (the demo accounts share DEMO_PASSWORD). */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${inject("baseUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** One API call as `token`: a FormData body goes as multipart, any other object as JSON. The answer as it came. */
export async function apiRaw(token: string, method: string, path: string, body?: FormData | object): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  return fetch(`${inject("baseUrl")}/api${path}`, { method, headers, body: payload });
}

/** One API call that must succeed: its JSON answer (null when empty); a refusal throws with the status and the answer. */
export async function apiCall<T>(token: string, method: string, path: string, body?: FormData | object): Promise<T> {
  const res = await apiRaw(token, method, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A course of the teacher's (`token`); its id. */
export async function createCourse(token: string, title: string, description: string): Promise<number> {
  const course = new FormData();
  course.set("title", title);
  course.set("description", description);
  return (await apiCall<{ id: number }>(token, "POST", "/courses", course)).id;
}

export type QuizSetup = {
  title: string;
  courseId: number;
  studentType: string;
  /** Minutes; "" (the default) for no limit. */
  timeLimit?: string;
  /** "" (the default) for no limit. */
  maxAttempts?: string;
  questions: unknown[];
};

/** A published quiz of ten questions a page, pass mark 50, no timed sections; its id. */
export async function createQuiz(token: string, q: QuizSetup): Promise<number> {
  const quiz = new FormData();
  quiz.set("title", q.title);
  quiz.set("courseId", String(q.courseId));
  quiz.set("studentType", q.studentType);
  quiz.set("timeLimit", q.timeLimit ?? "");
  quiz.set("maxAttempts", q.maxAttempts ?? "");
  quiz.set("questionsPerPage", "10");
  quiz.set("passingScore", "50");
  quiz.set("timedSections", "[]");
  quiz.set("questions", JSON.stringify(q.questions));
  return (await apiCall<{ id: number }>(token, "POST", "/quizzes", quiz)).id;
}

/** How far the page scrolls sideways (0: not at all). */
export const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** No page may scroll sideways (at phone width above all). */
export async function expectNoSideScroll(page: Page) {
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
}

/** Screenshots of the page as it is, at 360 and at 1280 px (`<name>-phone.png`, `<name>-desktop.png`). */
export async function snapBoth(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await snap(page, `${name}-desktop`);
}
