import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttemptResult, AttemptSession } from "@adesua/domain";
import type { EngineEvent } from "../engine";
import { ATTEMPT_ERROR_CODES, ATTEMPT_MESSAGES, LATE_ANSWERS } from "@adesua/domain/constants";
import { ApiError } from "@/lib/api";
import { tokenStore } from "@/lib/storage";
import { classifySaveError, createServerEngine, toRunnerSession } from "./server-engine";

const T0 = Date.UTC(2026, 2, 12, 9, 0, 0);

function session(over: Partial<AttemptSession> = {}): AttemptSession {
  return {
    attemptId: 41,
    quizId: 9,
    quizTitle: "Ghana's regions",
    courseTitle: "Social Studies",
    attemptNumber: 1,
    maxAttempts: null,
    status: "in_progress",
    preview: false,
    startedAt: new Date(T0).toISOString(),
    deadline: new Date(T0 + 10 * 60_000).toISOString(),
    serverNow: new Date(T0).toISOString(),
    graceMs: 5000,
    questionsPerPage: 5,
    currentSection: null,
    sections: [],
    questions: [
      { id: 1, index: 0, text: "Capital of the Volta Region?", options: ["Ho", "Tamale"], imageCount: 0, type: "single", marks: 1 },
      { id: 2, index: 1, text: "Capital of the Ashanti Region?", options: ["Kumasi", "Accra"], imageCount: 2, type: "single", marks: 1 },
      { id: 3, index: 2, text: "Capital of Ghana?", options: ["Accra", "Cape Coast"], imageCount: 0, type: "single", marks: 1 },
    ],
    answers: [{ questionId: 1, answer: "Tamale", savedAt: new Date(T0).toISOString() }],
    result: null,
    ...over,
  };
}

const result: AttemptResult = {
  attemptId: 41,
  attemptNumber: 1,
  score: 66.67,
  correct: 2,
  total: 3,
  passed: true,
  scoreHidden: false,
  scoreShownFrom: null,
  passingScore: 50,
  graded: true,
  submittedAt: new Date(T0).toISOString(),
  submission: null,
  canAttemptAgain: true,
  review: null,
};

type PrefetchGlobal = { __adesuaPrefetch?: Record<string, { token: string; at: number; response: Promise<Response> }> };
type Call = { method: string; url: string; body: unknown };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** The server's 202 to a save that arrived after the time was up: one answer kept as a late answer (decision 044). */
const lateKept = (savedAt: number) =>
  json(202, { saved: 0, kept: "late", keptCount: 1, code: LATE_ANSWERS.keptCode, message: LATE_ANSWERS.kept, savedAt: new Date(savedAt).toISOString() });

describe("toRunnerSession", () => {
  it("gives each question with pictures their API paths, and none to the others", () => {
    const r = toRunnerSession(session(), {});
    expect(r.questions[0]).not.toHaveProperty("images");
    expect(r.questions[1]!.images).toEqual(["/questions/2/images/1", "/questions/2/images/2"]);
    expect(r.questions[1]).not.toHaveProperty("imageCount");
  });
});

describe("the server engine", () => {
  let calls: Call[];
  let reply: (c: Call) => Response | Promise<Response>;

  beforeEach(() => {
    localStorage.clear();
    calls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const c = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : null };
        calls.push(c);
        return reply(c);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("starts the attempt, measures the server's clock and reports the attempt's id", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0 + 7 * 60_000); // the device is 7 minutes fast
    reply = () => json(201, session());
    const onAttempt = vi.fn();
    const engine = createServerEngine({ quizId: 9, onAttempt });
    const s = await engine.load();
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/quizzes/9/attempts" });
    expect(onAttempt).toHaveBeenCalledWith(41, 1);
    expect(s.deadline! - engine.now()).toBe(10 * 60_000);
    expect(s.answers).toEqual({ 1: "Tamale" });
  });

  it("takes the start the preload script already sent (?start=1) and measures the clock from when it left", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0 + 7 * 60_000);
    tokenStore.set("t1");
    // Sent 4 s before the engine asked: the server read its clock (T0) half-way, 2 s ago on this device.
    (globalThis as PrefetchGlobal).__adesuaPrefetch = {
      "POST /api/quizzes/9/attempts": { token: "t1", at: Date.now() - 4000, response: Promise.resolve(json(201, session())) },
    };
    try {
      const engine = createServerEngine({ quizId: 9 });
      const s = await engine.load();
      expect(calls).toHaveLength(0);
      expect(s.title).toBe("Ghana's regions");
      // Measured from the engine's own call instead, the countdown would show 2 s too many.
      expect(s.deadline! - engine.now()).toBe(10 * 60_000 - 2000);
      // Used once: a later start asks the server.
      reply = () => json(201, session());
      await createServerEngine({ quizId: 9 }).load();
      expect(calls[0]).toMatchObject({ method: "POST", url: "/api/quizzes/9/attempts" });
    } finally {
      tokenStore.clear();
      delete (globalThis as PrefetchGlobal).__adesuaPrefetch;
    }
  });

  it("opens the student's attempt by the number in the address when this device does not know its id", async () => {
    reply = () => json(200, session({ attemptNumber: 2 }));
    const onAttempt = vi.fn();
    const engine = createServerEngine({ quizId: 9, attemptNumber: 2, onAttempt });
    await engine.load();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/quizzes/9/attempts/2" });
    expect(onAttempt).toHaveBeenCalledWith(41, 2);
  });

  it("resumes with this device's unsent answers winning over the server's, then sends them", async () => {
    localStorage.setItem(
      "adesua.outbox.41",
      JSON.stringify({ v: 1, seq: 3, updatedAt: Date.now(), entries: { 1: { answer: "Ho", version: 2 }, 3: { answer: "Accra", version: 3 } } }),
    );
    reply = (c) => (c.method === "GET" ? json(200, session()) : json(200, { saved: 2, savedAt: new Date().toISOString() }));
    const engine = createServerEngine({ quizId: 9, attemptId: 41 });
    const s = await engine.load();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/attempts/41" });
    expect(s.answers).toEqual({ 1: "Ho", 3: "Accra" });
    await vi.waitFor(() => expect(calls[1]).toMatchObject({ method: "PUT", url: "/api/attempts/41/answers" }));
    expect(calls[1].body).toEqual({
      answers: [
        { questionId: 1, answer: "Ho" },
        { questionId: 3, answer: "Accra" },
      ],
    });
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem("adesua.outbox.41")!).entries).toEqual({}));
  });

  it("shows the server's refusal on the error screen", async () => {
    reply = () => json(409, { error: "No attempts left" });
    const engine = createServerEngine({ quizId: 9 });
    await expect(engine.load()).rejects.toMatchObject({ message: "No attempts left", kind: "refused" });
  });

  it("falls back to the default message when the network is down", async () => {
    reply = () => Promise.reject(new TypeError("Failed to fetch"));
    const engine = createServerEngine({ quizId: 9 });
    await expect(engine.load()).rejects.toMatchObject({ message: "Failed to load quiz. Please check the URL or try again later.", kind: "offline" });
  });

  it("reloads without a connection from this device's copy of the attempt", async () => {
    reply = () => json(200, session());
    await createServerEngine({ quizId: 9, attemptId: 41 }).load();
    reply = () => Promise.reject(new TypeError("Failed to fetch"));
    const events: EngineEvent[] = [];
    const engine = createServerEngine({ quizId: 9, attemptId: 41, isOnline: () => false });
    engine.subscribe((e) => events.push(e));
    const s = await engine.load();
    expect(s.title).toBe("Ghana's regions");
    expect(s.deadline).toBe(T0 + 10 * 60_000);
    expect(events).toContainEqual({ type: "status", status: "offline" });
  });

  it("when the server says time is up, stops saving and fetches the result", async () => {
    let putCount = 0;
    reply = (c) => {
      if (c.method === "POST") return json(201, session());
      if (c.method === "PUT") {
        putCount++;
        return json(409, { error: "Time is up" });
      }
      return json(200, session({ status: "submitted", result }));
    };
    const engine = createServerEngine({ quizId: 9 });
    const events: EngineEvent[] = [];
    engine.subscribe((e) => events.push(e));
    await engine.load();
    engine.answer(2, "Kumasi");
    await vi.waitFor(() => expect(events.some((e) => e.type === "session" && e.session.result?.score === 66.67)).toBe(true));
    expect(putCount).toBe(1);
    expect(localStorage.getItem("adesua.outbox.41")).toBeNull();
  });

  it("sends when each answer was given, and when the server kept them as late answers (202) tells the screen and fetches the result", async () => {
    reply = (c) => {
      if (c.method === "POST") return json(201, session());
      if (c.method === "PUT") return lateKept(T0 + 11 * 60_000);
      return json(200, session({ status: "submitted", result: { ...result, lateAnswers: { pending: 1, accepted: 0, left: 0 } } }));
    };
    const engine = createServerEngine({ quizId: 9 });
    const events: EngineEvent[] = [];
    engine.subscribe((e) => events.push(e));
    await engine.load();
    const before = engine.now();
    engine.answer(2, "Kumasi");
    await vi.waitFor(() => expect(events.some((e) => e.type === "session" && e.session.result?.lateAnswers?.pending === 1)).toBe(true));
    expect(events).toContainEqual({ type: "lateKept", message: LATE_ANSWERS.kept });
    const put = calls.find((c) => c.method === "PUT");
    const sent = (put?.body as { answers: { questionId: number; answer: string; givenAt: string }[] }).answers;
    expect(sent).toMatchObject([{ questionId: 2, answer: "Kumasi" }]);
    expect(Math.abs(Date.parse(sent[0].givenAt) - before)).toBeLessThan(5000);
    expect(localStorage.getItem("adesua.outbox.41")).toBeNull();
  });

  it("sends answers still waiting on the device when the attempt turns out to be over, and forgets them only once the server kept them", async () => {
    localStorage.setItem(
      "adesua.outbox.41",
      JSON.stringify({ v: 1, seq: 3, updatedAt: Date.now(), entries: { "3": { answer: "Accra", version: 3, givenAt: T0 + 60_000 } } }),
    );
    let kept = false;
    reply = (c) => {
      if (c.method === "PUT") {
        kept = true;
        return lateKept(T0);
      }
      const late = kept ? { lateAnswers: { pending: 1, accepted: 0, left: 0 } } : {};
      return json(200, session({ status: "submitted", result: { ...result, ...late } }));
    };
    const engine = createServerEngine({ quizId: 9, attemptId: 41 });
    const events: EngineEvent[] = [];
    engine.subscribe((e) => events.push(e));
    const s = await engine.load();
    expect(s.result).not.toBeNull();
    await vi.waitFor(() => expect(events.some((e) => e.type === "session" && e.session.result?.lateAnswers?.pending === 1)).toBe(true));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ answers: [{ questionId: 3, answer: "Accra", givenAt: new Date(T0 + 60_000).toISOString() }] });
    expect(localStorage.getItem("adesua.outbox.41")).toBeNull();
  });

  it("submits the answers still waiting with the submit itself, without waiting long for a hung save, and forgets them after", async () => {
    reply = (c) => {
      if (c.method === "POST" && c.url.endsWith("/attempts")) return json(201, session());
      if (c.method === "PUT") return new Promise<Response>(() => {}); // the save never comes back
      return json(200, result);
    };
    const engine = createServerEngine({ quizId: 9, submitWaitMs: 20 });
    await engine.load();
    engine.answer(2, "Kumasi");
    const s = await engine.submit();
    const submit = calls.find((c) => c.url === "/api/attempts/41/submit");
    expect(submit?.body).toEqual({ answers: [{ questionId: 2, answer: "Kumasi", givenAt: expect.any(String) }] });
    expect(s.result).toMatchObject({ score: 66.67, correct: 2, total: 3, passed: true });
    expect(s.currentSection).toBeNull();
    expect(localStorage.getItem("adesua.outbox.41")).toBeNull();
    expect(localStorage.getItem("adesua.session.41")).toBeNull();
  });

  it("keeps the answers when the submit fails offline, so it can be tried again", async () => {
    reply = (c) => {
      if (c.url.endsWith("/attempts")) return json(201, session());
      if (c.method === "PUT") return Promise.reject(new TypeError("Failed to fetch"));
      return Promise.reject(new TypeError("Failed to fetch"));
    };
    const engine = createServerEngine({ quizId: 9, submitWaitMs: 20, backoff: () => 60_000 });
    await engine.load();
    engine.answer(3, "Accra");
    await expect(engine.submit()).rejects.toMatchObject({ kind: "offline", message: "Submission failed" });
    expect(JSON.parse(localStorage.getItem("adesua.outbox.41")!).entries["3"].answer).toBe("Accra");
  });

  it("drops unsent answers to a section that ended on the server, keeping those that still count", async () => {
    // Section A holds questions 0–1 and Section B question 2, a minute each; `current` is the one running.
    type Section = AttemptSession["sections"][number];
    const section = (index: number, name: string, [startIndex, endIndex]: [number, number], status: Section["status"], deadline: number | null): Section => ({
      index,
      name,
      startIndex,
      endIndex,
      timeLimit: 1,
      status,
      deadline: deadline === null ? null : new Date(deadline).toISOString(),
    });
    const sections = (current: number): AttemptSession["sections"] => [
      section(0, "Section A", [0, 1], current === 0 ? "current" : "ended", current === 0 ? T0 + 60_000 : null),
      section(1, "Section B", [2, 2], current === 1 ? "current" : "upcoming", current === 1 ? T0 + 120_000 : null),
    ];
    localStorage.setItem(
      "adesua.outbox.41",
      JSON.stringify({ v: 1, seq: 2, updatedAt: Date.now(), entries: { 2: { answer: "Kumasi", version: 1 }, 3: { answer: "Accra", version: 2 } } }),
    );
    const puts: unknown[] = [];
    reply = (c) => {
      if (c.method === "GET") return json(200, session({ currentSection: 1, sections: sections(1), answers: [] }));
      puts.push(c.body);
      return json(200, { saved: 1, savedAt: new Date().toISOString() });
    };
    const engine = createServerEngine({ quizId: 9, attemptId: 41 });
    const s = await engine.load();
    expect(s.answers).toEqual({ 3: "Accra" });
    await vi.waitFor(() => expect(puts).toEqual([{ answers: [{ questionId: 3, answer: "Accra" }] }]));
  });
});

describe("classifySaveError", () => {
  it("retries a section refusal by its code, stops on any other conflict, and drops a bad request", () => {
    const section = new ApiError(409, ATTEMPT_MESSAGES.sectionEnded, ATTEMPT_MESSAGES.sectionEnded, ATTEMPT_ERROR_CODES.sectionEnded);
    const upcoming = new ApiError(409, ATTEMPT_MESSAGES.sectionNotStarted, ATTEMPT_MESSAGES.sectionNotStarted, ATTEMPT_ERROR_CODES.sectionNotStarted);
    const timeUp = new ApiError(409, ATTEMPT_MESSAGES.timeUp, ATTEMPT_MESSAGES.timeUp, ATTEMPT_ERROR_CODES.timeUp);
    expect(classifySaveError(section)).toBe("retry");
    expect(classifySaveError(upcoming)).toBe("retry");
    expect(classifySaveError(timeUp)).toBe("stop");
    expect(classifySaveError(new ApiError(400, "Unknown question", "Unknown question", "unknown_question"))).toBe("drop");
    expect(classifySaveError(new TypeError("Failed to fetch"))).toBe("offline");
  });
});
