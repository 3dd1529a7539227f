import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
// The build-time table lives outside src (web/build); no alias reaches it.
// eslint-disable-next-line no-restricted-imports -- the test checks the build table against the pages' real queries
import { FIRST_LOAD_ROUTES, ME, QUIZ_LIST_CALLS, START_ATTEMPT, STUDENT_HOME_CALLS } from "../../build/first-load-routes";
import { api } from "@/lib/api";
import { tokenStore } from "@/lib/storage";
import { getCurrentAnnouncementsQueryOptions } from "@/features/schedule/api/announcements";
import {
  getHomeCoursesQueryOptions,
  getHomeLibraryQueryOptions,
  getHomeQuizzesQueryOptions,
  getStudentSummaryQueryOptions,
} from "@/features/home/api/student-home";
import { getCourseOptionsQueryOptions, getQuizzesQueryOptions } from "@/features/quizzes/api/quizzes";
import { STUDENT_QUIZZES_PAGE_SIZE } from "@/features/quizzes/routes/student-quizzes-page";
import { attemptsApi } from "@/features/attempts/api/attempts";

type Global = { __adesuaPrefetch?: Record<string, { token: string; at: number; response: Promise<Response> }> };
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

/** The addresses the given queries request, in order. */
async function requested(...queries: ((qc: QueryClient) => Promise<unknown>)[]): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      return ok({});
    }),
  );
  const qc = new QueryClient();
  for (const q of queries) await q(qc);
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Global).__adesuaPrefetch;
  tokenStore.clear();
});

describe("the first page's calls started by the preload script (web/build/first-load-routes.ts)", () => {
  it("are the calls the student home really makes", async () => {
    expect(
      await requested(
        (qc) => qc.fetchQuery(getCurrentAnnouncementsQueryOptions()),
        (qc) => qc.fetchQuery(getHomeQuizzesQueryOptions()),
        (qc) => qc.fetchQuery(getStudentSummaryQueryOptions()),
        (qc) => qc.fetchQuery(getHomeCoursesQueryOptions()),
        (qc) => qc.fetchQuery(getHomeLibraryQueryOptions()),
      ),
    ).toEqual(STUDENT_HOME_CALLS);
  });

  it("are the calls the quiz list really makes on its first page without filters", async () => {
    expect(
      await requested(
        (qc) => qc.fetchQuery(getQuizzesQueryOptions({ page: 1, limit: STUDENT_QUIZZES_PAGE_SIZE })),
        (qc) => qc.fetchQuery(getCourseOptionsQueryOptions()),
      ),
    ).toEqual(QUIZ_LIST_CALLS);
  });

  it("include the attempt's start, the POST the attempt screen makes when opened with ?start=1", async () => {
    const sent: { url: string; method: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, method: init.method ?? "GET" });
        return ok({});
      }),
    );
    await attemptsApi.start(27);
    const route = FIRST_LOAD_ROUTES.find((r) => r.startAttempt)!;
    const path = "/students/dashboard/quizzes/27/attempt";
    expect(route.startAttempt).toBe(START_ATTEMPT);
    expect(sent).toEqual([{ url: START_ATTEMPT.replace("$1", route.path.exec(path)![1]), method: "POST" }]);
    // Only a real quiz id: nothing is started for another address.
    expect(route.path.test("/students/dashboard/quizzes/abc/attempt")).toBe(false);
  });

  it("begin with the session check the app makes", () => {
    expect(ME).toBe("/api/auth/me");
    for (const r of FIRST_LOAD_ROUTES) if (r.api?.length) expect(r.api[0]).toBe(ME);
  });
});

describe("api() and an answer the preload script already asked for", () => {
  it("takes it once for the same address and token, then asks the server", async () => {
    tokenStore.set("t1");
    const fetchMock = vi.fn(async () => ok({ from: "server" }));
    vi.stubGlobal("fetch", fetchMock);
    (globalThis as Global).__adesuaPrefetch = {
      "/api/students/me/summary": { token: "t1", at: Date.now(), response: Promise.resolve(ok({ from: "preload" })) },
    };
    expect(await api("/students/me/summary")).toEqual({ from: "preload" });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api("/students/me/summary")).toEqual({ from: "server" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("ignores it under another token, when it is old, or for a call that is not a GET", async () => {
    tokenStore.set("t2");
    const fetchMock = vi.fn(async () => ok({ from: "server" }));
    vi.stubGlobal("fetch", fetchMock);
    const early = () => Promise.resolve(ok({ from: "preload" }));
    (globalThis as Global).__adesuaPrefetch = {
      "/api/a": { token: "t1", at: Date.now(), response: early() },
      "/api/b": { token: "t2", at: Date.now() - 60_000, response: early() },
      "/api/c": { token: "t2", at: Date.now(), response: early() },
    };
    expect(await api("/a")).toEqual({ from: "server" });
    expect(await api("/b")).toEqual({ from: "server" });
    expect(await api("/c", { method: "POST", body: {} })).toEqual({ from: "server" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("keeps a POST apart from a GET to the same address: each is taken only by its own method", async () => {
    tokenStore.set("t1");
    const fetchMock = vi.fn(async () => ok({ from: "server" }));
    vi.stubGlobal("fetch", fetchMock);
    const sentAt = Date.now() - 3000;
    (globalThis as Global).__adesuaPrefetch = {
      "POST /api/quizzes/4/attempts": { token: "t1", at: sentAt, response: Promise.resolve(ok({ from: "preload" })) },
    };
    expect(await api("/quizzes/4/attempts")).toEqual({ from: "server" });
    const onSent = vi.fn();
    expect(await api("/quizzes/4/attempts", { method: "POST", onSent })).toEqual({ from: "preload" });
    expect(onSent).toHaveBeenCalledWith(sentAt);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
