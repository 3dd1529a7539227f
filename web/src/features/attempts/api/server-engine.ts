import type { AttemptResult, AttemptSession } from "@adesua/domain";
import { ATTEMPT_ERROR_CODES } from "@adesua/domain/constants";
import { ApiError } from "@/lib/api";
import { ClockSync, type ClockSample } from "../lib/clock";
import { isQuestionOpen } from "../lib/sections";
import { LOAD_FAILED, MOVE_FAILED, SUBMIT_FAILED } from "../lib/messages";
import { EngineError, type EngineEvent, type QuizEngine, type RunnerSession } from "../engine";
import { attemptsApi, withTimeout } from "./attempts";
import { pathsOf, toResult, toRunnerSession } from "./runner-session";
import { AnswerOutbox, OUTBOX_PREFIX, SESSION_PREFIX, type FailureKind, type KeyValueStore } from "./outbox";

/** The last session seen, so a reload without a connection can carry on (the service worker serves the app). */
type CachedSession = { session: AttemptSession; clock: ClockSample | null; updatedAt: number };

/** The server's refusals that a later save may get past (the section moves on): their codes, shared with the server. */
const SECTION_CONFLICTS: readonly string[] = [ATTEMPT_ERROR_CODES.sectionEnded, ATTEMPT_ERROR_CODES.sectionNotStarted];

/** Where the engine's callers and tests have always found them. */
export { toResult, toRunnerSession } from "./runner-session";

export const isNetworkError = (err: unknown) => !(err instanceof ApiError);

/** Keeps or forgets an attempt's pictures on the device; the code loads only for a quiz with pictures (a small first load). */
function figures(action: "keep" | "drop", paths: readonly string[]) {
  if (paths.length === 0) return;
  void import("../lib/figures").then((f) => (action === "keep" ? f.keepFigures(paths) : f.dropFigures(paths))).catch(() => {});
}

/** How the outbox should treat a failed save. */
export function classifySaveError(err: unknown): FailureKind {
  if (!(err instanceof ApiError)) return "offline";
  if (err.status >= 500 || err.status === 429 || err.status === 408 || err.status === 401) return "retry";
  if (err.status === 409) return err.code && SECTION_CONFLICTS.includes(err.code) ? "retry" : "stop";
  if (err.status === 404) return "stop";
  return "drop";
}

function engineError(err: unknown, fallback: string): EngineError {
  if (err instanceof ApiError) return new EngineError(err.serverMessage ?? fallback, "refused");
  return new EngineError(fallback, "offline");
}

function defaultStorage(): (KeyValueStore & Pick<Storage, "length" | "key">) | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export type ServerEngineOptions = {
  quizId: number;
  /** Resume this attempt (a reload); otherwise by `attemptNumber`, otherwise start, or resume the open one, through the quiz. */
  attemptId?: number | null;
  /** The student's attempt with this number (the address's ?n=), when its id is not known on this device. */
  attemptNumber?: number | null;
  /** Told the attempt's id and number once known, so the page can keep them (the number in its URL). */
  onAttempt?: (attemptId: number, attemptNumber: number) => void;
  storage?: (KeyValueStore & Pick<Storage, "length" | "key">) | null;
  isOnline?: () => boolean;
  backoff?: (failures: number) => number;
  /** How long a submit waits for a save in flight before going ahead (the submit carries the answers anyway). */
  submitWaitMs?: number;
};

const SAVE_TIMEOUT_MS = 20_000;
/** A typed answer is sent once the student has paused this long (or leaves the box). */
export const TYPING_PAUSE_MS = 800;
const SUBMIT_TIMEOUT_MS = 30_000;

/** The quiz-taking engine on the attempt API. */
export function createServerEngine(opts: ServerEngineOptions): QuizEngine {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const isOnline = opts.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  const clock = new ClockSync();
  const listeners = new Set<(e: EngineEvent) => void>();
  let attemptId = opts.attemptId ?? null;
  let outbox: AnswerOutbox | null = null;
  let last: RunnerSession | null = null;
  let loading: Promise<RunnerSession> | null = null;
  /** Loaded from the device while offline: ask the server again once the connection is back. */
  let stale = false;
  let refreshing: Promise<void> | null = null;
  let submitting = false;

  const emit = (e: EngineEvent) => listeners.forEach((l) => l(e));

  /** `call` may say when its request really left (an answer the preload script asked for left before the call). */
  async function timed<T>(call: (sent: (at: number) => void) => Promise<T>, serverTime: (r: T) => string | null | undefined): Promise<T> {
    let sentAt = Date.now();
    const r = await call((at) => {
      sentAt = at;
    });
    const t = serverTime(r);
    if (t) clock.sample(Date.parse(t), sentAt, Date.now());
    return r;
  }

  function cache(s: AttemptSession) {
    // The pictures too, so an offline reload shows them (lib/figures); in the background, after the questions.
    figures(s.status === "submitted" ? "drop" : "keep", pathsOf(s));
    try {
      if (s.status === "submitted") storage?.removeItem(SESSION_PREFIX + s.attemptId);
      else
        storage?.setItem(
          SESSION_PREFIX + s.attemptId,
          JSON.stringify({ session: { ...s, answers: [] }, clock: clock.current, updatedAt: Date.now() } satisfies CachedSession),
        );
    } catch {
      /* storage full: only offline reloads lose out */
    }
  }

  function cached(id: number): CachedSession | null {
    try {
      const c = JSON.parse(storage?.getItem(SESSION_PREFIX + id) ?? "null") as CachedSession | null;
      return c?.session?.attemptId === id ? c : null;
    } catch {
      return null;
    }
  }

  function ensureOutbox(id: number): AnswerOutbox {
    if (outbox) return outbox;
    outbox = new AnswerOutbox({
      key: OUTBOX_PREFIX + id,
      storage,
      isOnline,
      backoff: opts.backoff,
      send: async (answers) => {
        const r = await timed(
          () => withTimeout(SAVE_TIMEOUT_MS, (signal) => attemptsApi.saveAnswers(id, answers, signal)),
          (r) => r.savedAt,
        );
        if ("kept" in r && r.kept === "late") {
          // The time was up when they arrived: the server kept them for the teacher (decision 044). The attempt is
          // over there; learn its result, which says so.
          emit({ type: "lateKept", message: r.message });
          void refreshUntilDone();
        }
      },
      classify: (err) => {
        const kind = classifySaveError(err);
        // A section ended on the server before these answers arrived: learn where the attempt is, keep what still counts.
        if (kind === "retry" && err instanceof ApiError && err.status === 409) refresh().catch(() => {});
        return kind;
      },
      onStop: () => void refreshUntilDone(),
    });
    outbox.subscribe((status) => emit({ type: "status", status }));
    return outbox;
  }

  /** Server answers merged with the unsent ones from this device (this device's newer choice wins). */
  function merged(s: AttemptSession): Record<number, string> {
    // Confirmed from this device (what an offline reload has), then the server's, then what still waits.
    const answers: Record<number, string> = s.status === "in_progress" ? { ...outbox?.confirmed() } : {};
    for (const a of s.answers) answers[a.questionId] = a.answer;
    if (s.status === "in_progress") for (const p of outbox?.pending() ?? []) answers[p.questionId] = p.answer;
    return answers;
  }

  /** Takes a fresh session from the server: drops what can no longer be saved, or everything once submitted. */
  function adopt(s: AttemptSession): RunnerSession {
    attemptId = s.attemptId;
    const box = ensureOutbox(s.attemptId);
    if (s.status === "submitted") {
      // Answers still waiting here when the attempt is over (time ran out offline): they go to the server, which keeps
      // them for the teacher (decision 044), before this device forgets them. A refusal ("stop") forgets them.
      if (box.size && !box.isStopped && !s.preview) void box.reconnected();
      else box.clear();
    } else {
      // Answers to a section that has ended on the server can no longer count (the server owns the clock).
      const shape = toRunnerSession(s, {});
      const indexOf = new Map(shape.questions.map((q) => [q.id, q.index]));
      box.prune((qid) => indexOf.has(qid) && isQuestionOpen(shape, indexOf.get(qid)!));
    }
    const runner = toRunnerSession(s, merged(s));
    cache(s);
    stale = false;
    last = runner;
    return runner;
  }

  function refresh(): Promise<void> {
    if (refreshing || attemptId === null) return refreshing ?? Promise.resolve();
    const id = attemptId;
    refreshing = (async () => {
      try {
        const s = await timed(
          () => attemptsApi.get(id),
          (r) => r.serverNow,
        );
        emit({ type: "session", session: adopt(s) });
        if (s.status === "in_progress" && !submitting) void outbox?.reconnected();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** The attempt ended under us (time up, submitted elsewhere): fetch its result, however long the network takes. */
  async function refreshUntilDone() {
    for (let i = 1; i <= 20; i++) {
      try {
        await refresh();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** i)));
      }
    }
  }

  async function firstLoad(): Promise<RunnerSession> {
    // Housekeeping of old attempts' outboxes: not on the first paint's path (its own small file).
    if (storage) void import("./outbox-purge").then((m) => m.purgeOldOutboxes(storage)).catch(() => {});
    let s: AttemptSession;
    try {
      s =
        attemptId !== null
          ? await timed(
              () => attemptsApi.get(attemptId!),
              (r) => r.serverNow,
            )
          : opts.attemptNumber
            ? await timed(
                () => attemptsApi.getByNumber(opts.quizId, opts.attemptNumber!),
                (r) => r.serverNow,
              )
            : await timed(
                (sent) => attemptsApi.start(opts.quizId, sent),
                (r) => r.serverNow,
              );
    } catch (err) {
      const c = attemptId !== null && isNetworkError(err) ? cached(attemptId) : null;
      if (!c) throw engineError(err, LOAD_FAILED);
      // Offline reload: carry on from this device's copy; the server still decides when time is up.
      clock.restore(c.clock);
      ensureOutbox(c.session.attemptId);
      const runner = toRunnerSession(c.session, merged(c.session));
      stale = true;
      last = runner;
      emit({ type: "status", status: "offline" });
      return runner;
    }
    if (s.quizId !== opts.quizId) throw new EngineError(LOAD_FAILED, "refused");
    const runner = adopt(s);
    opts.onAttempt?.(s.attemptId, s.attemptNumber);
    if (s.status === "in_progress" && outbox?.size) void outbox.flush();
    return runner;
  }

  return {
    load() {
      loading ??= firstLoad().catch((e) => {
        loading = null; // a later Try Again starts afresh
        throw e;
      });
      return loading;
    },

    answer(questionId, answer, mode) {
      // When it was given, by the server's clock as this device knows it: said beside an answer that arrives late.
      // Typed answers wait for a pause in the typing (each keystroke is kept on the device meanwhile).
      outbox?.put(questionId, answer, clock.now(), mode === "typing" ? TYPING_PAUSE_MS : 0);
    },

    async advanceSection(fromSection) {
      if (attemptId === null) throw new EngineError(LOAD_FAILED, "failed");
      const id = attemptId;
      // Answers of the section being left go first; a slow link gets a few seconds, then the move goes ahead.
      if (outbox?.size) await Promise.race([outbox.flush(), new Promise((r) => setTimeout(r, 5000))]);
      try {
        const s = await timed(
          () => attemptsApi.nextSection(id, fromSection),
          (r) => r.serverNow,
        );
        return adopt(s);
      } catch (err) {
        throw engineError(err, MOVE_FAILED);
      }
    },

    async submit() {
      if (attemptId === null) throw new EngineError(LOAD_FAILED, "failed");
      const id = attemptId;
      const box = ensureOutbox(id);
      submitting = true;
      box.pause();
      try {
        await Promise.race([box.idle(), new Promise((r) => setTimeout(r, opts.submitWaitMs ?? 3000))]);
        let result: AttemptResult;
        try {
          // The answers still waiting travel with the submit (unconfirmed saves included): none can be left behind.
          result = await withTimeout(SUBMIT_TIMEOUT_MS, (signal) => attemptsApi.submit(id, box.pending().slice(0, 500), signal));
        } catch (err) {
          // A question removed by the teacher mid-quiz must not block the submission.
          if (!(err instanceof ApiError && err.status === 400)) throw err;
          result = await withTimeout(SUBMIT_TIMEOUT_MS, (signal) => attemptsApi.submit(id, [], signal));
        }
        box.clear();
        try {
          storage?.removeItem(SESSION_PREFIX + id);
        } catch {
          /* nothing to keep */
        }
        const base = last!;
        figures(
          "drop",
          base.questions.flatMap((q) => q.images ?? []),
        );
        last = {
          ...base,
          currentSection: null,
          sections: base.sections.map((s) => ({ ...s, status: "ended", deadline: null })),
          result: toResult(result),
        };
        return last;
      } catch (err) {
        box.resume();
        throw engineError(err, SUBMIT_FAILED);
      } finally {
        submitting = false;
      }
    },

    now: () => clock.now(),

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    attach() {
      if (typeof window === "undefined") return () => {};
      const online = () => {
        if (submitting) return;
        void outbox?.reconnected();
        if (stale) void refresh().catch(() => {});
      };
      const offline = () => emit({ type: "status", status: outbox?.status ?? "offline" });
      let hiddenAt = 0;
      const visibility = () => {
        if (submitting) return;
        if (document.visibilityState === "hidden") {
          hiddenAt = Date.now();
          void outbox?.flush();
          return;
        }
        void outbox?.flush();
        // Back after a while (the phone slept): time may have ended a section or the attempt.
        if (stale || Date.now() - hiddenAt > 10_000) void refresh().catch(() => {});
      };
      const leave = () => void outbox?.flush();
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      document.addEventListener("visibilitychange", visibility);
      window.addEventListener("pagehide", leave);
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
        document.removeEventListener("visibilitychange", visibility);
        window.removeEventListener("pagehide", leave);
      };
    },
  };
}
