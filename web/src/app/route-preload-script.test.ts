import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// The build-time script lives outside src (web/build); no alias reaches it.
// eslint-disable-next-line no-restricted-imports -- the test runs the preload script the build writes
import { preloadScript, type EntryFiles, type PreloadTable } from "../../build/route-preload";
// eslint-disable-next-line no-restricted-imports -- the same table the build uses
import { FIRST_LOAD_ROUTES } from "../../build/first-load-routes";

type Entry = { token: string; at: number; response: Promise<Response> };
type Global = { __adesuaPrefetch?: Record<string, Entry> };

/** The build's table with made-up chunk names (the real ones come from the bundle). */
const table: PreloadTable = FIRST_LOAD_ROUTES.map((r) => [r.path.source, ["a.js"], ["a.css"], r.api ?? [], r.startAttempt ?? ""] as const);
/** index.html's own files (the entry, its imports, the app's stylesheets), which the script requests after the first paint. */
const entry: EntryFiles = ["assets/e.js", ["assets/r.js"], ["assets/app.css"]];

/** The browser reporting the first contentful paint, and running the first frame's requestAnimationFrame callbacks. */
let paint: (() => void) | null;
let frame: (() => void) | null;
class FakePaintObserver {
  static supportedEntryTypes = ["mark", "paint"];
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakePaintObserver) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: "paint", buffered: true });
    paint = () => this.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, this);
  }
  disconnect() {
    paint = null;
  }
}

/** The files the script has asked for so far, in order: [rel (or "module" for the entry's script), path]. */
function files() {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link, script[type=module]")).map((e) =>
    e instanceof HTMLLinkElement ? [e.rel, new URL(e.href).pathname] : ["module", new URL(e.src).pathname],
  );
}

let sent: { url: string; method: string }[];
let me: () => Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Opens `address` (path and query) with the preload script, as a first load would. */
async function open(address: string, state: unknown = null) {
  window.history.replaceState(state, "", address);
  new Function(preloadScript(table, entry))();
  // Let the session check's answer (and what follows it) settle.
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  sent = [];
  paint = null;
  frame = null;
  vi.stubGlobal("PerformanceObserver", FakePaintObserver);
  vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => {
    frame = () => cb(0);
    return 1;
  });
  me = async () => json(200, { id: 1, role: "student", mustChangePassword: false });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? "GET" });
      return url === "/api/auth/me" ? me() : json(200, {});
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Global).__adesuaPrefetch;
  localStorage.clear();
  // Scripts of earlier loads still waiting for their paint ask for their files now (and stop listening).
  document.dispatchEvent(new Event("visibilitychange"));
  document.head.querySelectorAll("link, script").forEach((l) => l.remove());
  delete (document as { visibilityState?: string }).visibilityState;
  window.history.replaceState(null, "", "/");
});

const home = FIRST_LOAD_ROUTES.find((r) => r.module.includes("student-home"))!.api!;

describe("the preload script (web/build/route-preload.ts)", () => {
  it("sends the home's lists beside the session check when a user is cached", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", JSON.stringify({ id: 1, mustChangePassword: false }));
    let answer!: (r: Response) => void;
    me = () => new Promise((r) => (answer = r));
    await open("/students/dashboard");
    // The session check has not answered yet, and the lists are already on their way.
    expect(sent.map((s) => s.url)).toEqual(home);
    answer(json(200, { id: 1, mustChangePassword: false }));
    await open("/nowhere");
    expect(Object.keys((globalThis as Global).__adesuaPrefetch!)).toEqual(home);
    paint!();
    expect(document.head.querySelector("link[rel=modulepreload]")).not.toBeNull();
  });

  it("waits for the session check without a cached user, and sends nothing more after a refusal", async () => {
    localStorage.setItem("token", "t1");
    await open("/students/dashboard");
    expect(sent.map((s) => s.url)).toEqual(home);
    sent = [];
    delete (globalThis as Global).__adesuaPrefetch;
    me = async () => json(401, { error: "Please log in again." });
    await open("/students/dashboard");
    expect(sent.map((s) => s.url)).toEqual(["/api/auth/me"]);
  });

  it("drops the lists it sent when the session check says the password must be changed first", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", JSON.stringify({ id: 1, mustChangePassword: false }));
    me = async () => json(200, { id: 1, mustChangePassword: true });
    await open("/students/dashboard");
    expect(sent.map((s) => s.url)).toEqual(home);
    expect(Object.keys((globalThis as Global).__adesuaPrefetch!)).toEqual(["/api/auth/me"]);
  });

  it("sends only the session check for a user who must change their password", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", JSON.stringify({ id: 1, mustChangePassword: true }));
    me = async () => json(200, { id: 1, mustChangePassword: true });
    await open("/students/dashboard/quizzes");
    expect(sent.map((s) => s.url)).toEqual(["/api/auth/me"]);
  });

  it("starts the attempt opened from Start, and nothing for a started attempt or another query", async () => {
    localStorage.setItem("token", "t1");
    await open("/students/dashboard/quizzes/13/attempt?start=1");
    // The session check the app sends at once leaves beside the start (decision 035).
    expect(sent).toEqual([
      { url: "/api/quizzes/13/attempts", method: "POST" },
      { url: "/api/auth/me", method: "GET" },
    ]);
    expect(Object.keys((globalThis as Global).__adesuaPrefetch!)).toEqual(["POST /api/quizzes/13/attempts", "/api/auth/me"]);
    sent = [];
    // A reload of a started attempt: React Router keeps its id in the history entry.
    await open("/students/dashboard/quizzes/13/attempt?start=1", { usr: { attemptId: 41 }, key: "k", idx: 0 });
    await open("/students/dashboard/quizzes/13/attempt?n=1");
    await open("/students/dashboard/quizzes/13/attempt?start=1&x=2");
    expect(sent).toEqual([]);
  });

  it("sends nothing without a stored token", async () => {
    await open("/students/dashboard");
    await open("/students/dashboard/quizzes/13/attempt?start=1");
    expect(sent).toEqual([]);
  });

  it("asks for no file while the HTML is parsed, and for the entry, its imports, the app's styles and the page's chunks once the first paint is reported", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", JSON.stringify({ id: 1, mustChangePassword: false }));
    await open("/students/dashboard");
    // The calls leave at once; no script or stylesheet may finish downloading before the boot screen's first paint.
    expect(sent.map((s) => s.url)).toEqual(home);
    frame!();
    await new Promise((r) => setTimeout(r, 0));
    expect(files()).toEqual([]);
    paint!();
    expect(files()).toEqual([
      ["module", "/assets/e.js"],
      ["modulepreload", "/assets/r.js"],
      ["preload", "/assets/app.css"],
      ["modulepreload", "/a.js"],
      ["stylesheet", "/a.css"],
    ]);
    // web/src/lib/app-styles.ts applies the app's stylesheets from these preloads before the first render.
    const css = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]')!;
    expect(new URL(css.href).pathname).toBe("/assets/app.css");
    expect(document.head.querySelector<HTMLScriptElement>("script[type=module]")!.crossOrigin).toBe("");
    // Once only, whatever comes next.
    document.dispatchEvent(new Event("visibilitychange"));
    expect(files()).toHaveLength(5);
  });

  it("loads the entry (and no route's chunks) on a page outside the table, signed out", async () => {
    await open("/signup");
    paint!();
    expect(files()).toEqual([
      ["module", "/assets/e.js"],
      ["modulepreload", "/assets/r.js"],
      ["preload", "/assets/app.css"],
    ]);
    expect(sent).toEqual([]);
  });

  it("without paint timing, asks for the files in a task after the first frame", async () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    await open("/login");
    expect(files()).toEqual([]);
    frame!();
    expect(files()).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(files().map((f) => f[1])).toEqual(["/assets/e.js", "/assets/r.js", "/assets/app.css", "/a.js", "/a.css"]);
  });

  it("asks for the files half a second after the first frame when no paint is reported", async () => {
    await open("/login");
    frame!();
    await new Promise((r) => setTimeout(r, 300));
    expect(files()).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(files()).toHaveLength(5);
  });

  it("asks for the files at once in a hidden tab (it paints nothing until shown), and when the tab is hidden or shown", async () => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    await open("/login");
    expect(files()).toHaveLength(5);
    document.head.querySelectorAll("link, script").forEach((l) => l.remove());
    delete (document as { visibilityState?: string }).visibilityState;
    await open("/login");
    expect(files()).toEqual([]);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(files()).toHaveLength(5);
  });
});
