import { useCallback, useEffect, useReducer, useRef } from "react";
import { EngineError, type AnswerMode, type QuizEngine, type RunnerResult, type RunnerSession, type SaveStatus } from "../engine";
import { advanceLocally, isQuestionOpen } from "../lib/sections";
import { LOAD_FAILED, MOVE_FAILED, OFFLINE_MOVE, OFFLINE_SUBMIT, SUBMIT_FAILED, TIME_UP_OFFLINE } from "../lib/messages";

/** After a deadline, wait this long before acting: the server's clock decides, and it accepts answers for a few seconds more. */
export const AUTO_DELAY_MS = 1000;

export type Phase = "loading" | "error" | "running" | "submitting" | "done";

export type RunnerState = {
  phase: Phase;
  session: RunnerSession | null;
  answers: Record<number, string>;
  /** The Quiz Error screen's message. */
  error: string | null;
  /** "refused": the server said no (trying again will not help); otherwise a network or unknown failure. */
  errorKind: EngineError["kind"] | null;
  saveStatus: SaveStatus;
  /** Why the last move or submission did not happen (shown until the next try). */
  notice: string | null;
  advancing: boolean;
  /** The section whose time ran out here, before the move on came back. */
  expiredSection: number | null;
  /** The whole quiz's time ran out. */
  timeUp: boolean;
  /** The submission was made by the timer (the result says so). */
  autoSubmitted: boolean;
};

type Action =
  | { type: "loaded"; session: RunnerSession }
  | { type: "failed"; message: string; kind: EngineError["kind"] }
  | { type: "retry" }
  | { type: "answered"; questionId: number; answer: string }
  | { type: "status"; status: SaveStatus }
  | { type: "session"; session: RunnerSession }
  | { type: "advancing"; on: boolean }
  | { type: "sectionExpired"; index: number }
  | { type: "timeUp" }
  | { type: "submitting"; auto: boolean }
  | { type: "submitFailed"; notice: string; keepSubmitting: boolean }
  | { type: "notice"; notice: string | null };

const initial: RunnerState = {
  phase: "loading",
  session: null,
  answers: {},
  error: null,
  errorKind: null,
  saveStatus: "saved",
  notice: null,
  advancing: false,
  expiredSection: null,
  timeUp: false,
  autoSubmitted: false,
};

/** A newer session from the engine, keeping this screen's answers to questions that are still open. */
function adoptSession(state: RunnerState, session: RunnerSession): RunnerState {
  if (session.result) {
    // Ended by the server while the student was still answering: its clock ran out.
    const byTime = state.phase === "running" || state.autoSubmitted;
    return { ...state, session, answers: session.answers, phase: "done", advancing: false, notice: null, autoSubmitted: byTime };
  }
  const answers = { ...session.answers };
  for (const q of session.questions) {
    const mine = state.answers[q.id];
    if (mine !== undefined && isQuestionOpen(session, q.index)) answers[q.id] = mine;
  }
  const expiredSection = state.expiredSection !== null && state.expiredSection === session.currentSection ? state.expiredSection : null;
  return { ...state, session, answers, expiredSection, phase: state.phase === "submitting" ? "submitting" : "running" };
}

export function runnerReducer(state: RunnerState, a: Action): RunnerState {
  switch (a.type) {
    case "loaded":
      return { ...initial, saveStatus: state.saveStatus, session: a.session, answers: a.session.answers, phase: a.session.result ? "done" : "running" };
    case "failed":
      return { ...state, phase: "error", error: a.message, errorKind: a.kind };
    case "retry":
      return { ...initial };
    case "answered":
      return { ...state, answers: { ...state.answers, [a.questionId]: a.answer } };
    case "status":
      return state.saveStatus === a.status ? state : { ...state, saveStatus: a.status };
    case "session":
      return adoptSession(state, a.session);
    case "advancing":
      return { ...state, advancing: a.on, notice: a.on ? null : state.notice };
    case "sectionExpired":
      return state.expiredSection === a.index ? state : { ...state, expiredSection: a.index };
    case "timeUp":
      return state.timeUp ? state : { ...state, timeUp: true };
    case "submitting":
      return { ...state, phase: "submitting", notice: null, autoSubmitted: a.auto || state.autoSubmitted };
    case "submitFailed":
      return { ...state, phase: a.keepSubmitting ? "submitting" : "running", notice: a.notice };
    case "notice":
      return { ...state, notice: a.notice };
  }
}

const messageOf = (e: unknown, fallback: string) => (e instanceof EngineError || e instanceof Error ? e.message || fallback : fallback);
const isOffline = (e: unknown) => e instanceof EngineError && e.kind === "offline";

/**
 * The quiz-taking screen's state machine: loading → running ⇄ submitting → done (or error). Time acts
 * through a once-a-second check against the engine's clock (no re-render unless something changes):
 * at a section's end it moves on, at the quiz's end it submits; the server would do the same.
 */
export function useQuizRunner(engine: QuizEngine, opts: { onFinished?: (result: RunnerResult) => void } = {}) {
  const [state, dispatch] = useReducer(runnerReducer, initial);
  const ref = useRef(state);
  ref.current = state;
  const onFinished = useRef(opts.onFinished);
  onFinished.current = opts.onFinished;
  const busy = useRef({ advancing: false, submitting: false, retryAt: 0 });
  const [loadRound, reload] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const detach = engine.attach();
    const off = engine.subscribe((e) =>
      dispatch(
        e.type === "status"
          ? { type: "status", status: e.status }
          : e.type === "lateKept"
            ? { type: "notice", notice: e.message }
            : { type: "session", session: e.session },
      ),
    );
    return () => {
      off();
      detach();
    };
  }, [engine]);

  useEffect(() => {
    let live = true;
    engine.load().then(
      (session) => live && dispatch({ type: "loaded", session }),
      (e) => live && dispatch({ type: "failed", message: messageOf(e, LOAD_FAILED), kind: e instanceof EngineError ? e.kind : "failed" }),
    );
    return () => {
      live = false;
    };
  }, [engine, loadRound]);

  useEffect(() => {
    if (state.phase === "done" && state.session?.result) onFinished.current?.(state.session.result);
  }, [state.phase, state.session?.result]);

  const submit = useCallback(
    async (auto: boolean) => {
      if (busy.current.submitting) return; // submission happens once
      busy.current.submitting = true;
      dispatch({ type: "submitting", auto });
      try {
        dispatch({ type: "session", session: await engine.submit() });
      } catch (e) {
        const offline = isOffline(e);
        // Once time is up there is nothing to go back to: keep trying (the server has closed the attempt by then anyway).
        dispatch({
          type: "submitFailed",
          keepSubmitting: auto,
          notice: auto && offline ? TIME_UP_OFFLINE : offline ? OFFLINE_SUBMIT : messageOf(e, SUBMIT_FAILED),
        });
        busy.current.retryAt = Date.now() + (offline ? 5000 : 15_000);
      } finally {
        busy.current.submitting = false;
      }
    },
    [engine],
  );

  const advance = useCallback(
    async (from: number, auto: boolean) => {
      if (busy.current.advancing) return;
      busy.current.advancing = true;
      dispatch({ type: "advancing", on: true });
      try {
        dispatch({ type: "session", session: await engine.advanceSection(from) });
      } catch (e) {
        const s = ref.current.session;
        if (auto && isOffline(e) && s && s.currentSection === from) {
          // Time moved on without us: the next section starts where this one ended, as the server will settle it.
          dispatch({ type: "session", session: advanceLocally(s) });
        } else {
          dispatch({ type: "notice", notice: isOffline(e) ? OFFLINE_MOVE : messageOf(e, MOVE_FAILED) });
          busy.current.retryAt = Date.now() + 10_000;
        }
      } finally {
        busy.current.advancing = false;
        dispatch({ type: "advancing", on: false });
      }
    },
    [engine],
  );

  // The clock: checked every second, acting only at a deadline.
  useEffect(() => {
    if (state.phase !== "running" && state.phase !== "submitting") return;
    const check = () => {
      const s = ref.current;
      const session = s.session;
      if (!session) return;
      const now = engine.now();
      const waited = Date.now() >= busy.current.retryAt;
      if (s.phase === "submitting") {
        if (s.autoSubmitted && waited && !busy.current.submitting) void submit(true);
        return;
      }
      if (session.deadline !== null && now >= session.deadline) {
        dispatch({ type: "timeUp" });
        if (now >= session.deadline + AUTO_DELAY_MS) void submit(true);
        return;
      }
      const cur = session.currentSection;
      const section = cur === null ? null : session.sections[cur];
      if (section?.deadline != null && now >= section.deadline) {
        dispatch({ type: "sectionExpired", index: section.index });
        if (now >= section.deadline + AUTO_DELAY_MS && waited && !busy.current.advancing) {
          if (section.index >= session.sections.length - 1) void submit(true);
          else void advance(section.index, true);
        }
      }
    };
    check();
    const id = setInterval(check, 1000);
    const online = () => {
      busy.current.retryAt = 0;
      check();
    };
    window.addEventListener("online", online);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(id);
      window.removeEventListener("online", online);
      document.removeEventListener("visibilitychange", check);
    };
  }, [engine, state.phase, submit, advance]);

  const answer = useCallback(
    (questionId: number, value: string, mode: AnswerMode = "commit") => {
      const s = ref.current;
      const q = s.session?.questions.find((x) => x.id === questionId);
      if (!s.session || !q || s.phase !== "running" || s.timeUp) return;
      if (!isQuestionOpen(s.session, q.index) || (s.expiredSection !== null && s.expiredSection === s.session.currentSection)) return;
      if (s.answers[questionId] !== value) dispatch({ type: "answered", questionId, answer: value });
      engine.answer(questionId, value, mode);
    },
    [engine],
  );

  return {
    state,
    answer,
    submit: useCallback(() => submit(false), [submit]),
    nextSection: useCallback((from: number) => advance(from, false), [advance]),
    retryLoad: useCallback(() => {
      dispatch({ type: "retry" });
      reload();
    }, []),
    clearNotice: useCallback(() => dispatch({ type: "notice", notice: null }), []),
  };
}
