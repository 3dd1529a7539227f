import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "@/lib/api";

export type SaveState = "idle" | "waiting" | "saving" | "saved" | "failed";

const load = <T>(storageKey: string): Record<string, T> => {
  try {
    const raw = localStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as Record<string, T>) : {};
  } catch {
    return {};
  }
};

/**
 * Saves as you type and never loses what was typed: each change waits in `pending` (kept in localStorage too, so a
 * reload or a closed tab brings it back and sends it), is sent in a batch a moment after the typing pauses, and leaves
 * `pending` only once the server took it (a value changed again while its batch was on the way stays). A failed batch
 * stays pending: network trouble is retried every few seconds, a refusal waits for the user (`retry`).
 */
export function useAutoSave<T>(storageKey: string, send: (batch: Record<string, T>) => Promise<unknown>, { delay = 500, retryMs = 4000 } = {}) {
  const pending = useRef<Record<string, T>>(load<T>(storageKey));
  const [, setVersion] = useState(0);
  const [state, setState] = useState<SaveState>(Object.keys(pending.current).length ? "waiting" : "idle");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  const persist = useCallback(() => {
    try {
      if (Object.keys(pending.current).length) localStorage.setItem(storageKey, JSON.stringify(pending.current));
      else localStorage.removeItem(storageKey);
    } catch {
      /* storage full or off: the values stay in memory */
    }
    setVersion((v) => v + 1);
  }, [storageKey]);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) return;
    const batch = { ...pending.current };
    if (Object.keys(batch).length === 0) return;
    inFlight.current = true;
    setState("saving");
    let again = false;
    try {
      await sendRef.current(batch);
      for (const [k, v] of Object.entries(batch)) if (Object.is(pending.current[k], v)) delete pending.current[k];
      persist();
      setError(null);
      again = Object.keys(pending.current).length > 0;
      setState(again ? "waiting" : "saved");
    } catch (err) {
      setState("failed");
      setError(errorText(err, "Could not save: check the connection. What you typed is kept and will be sent again."));
      // A refusal (4xx) will not pass by itself; a dropped connection or a busy server may.
      if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) timer.current = setTimeout(() => void flush(), retryMs);
    } finally {
      inFlight.current = false;
    }
    if (again) timer.current = setTimeout(() => void flush(), delay);
  }, [delay, retryMs, persist]);

  const put = useCallback(
    (key: string, value: T) => {
      pending.current[key] = value;
      persist();
      setState("waiting");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delay);
    },
    [delay, flush, persist],
  );

  // Values left from an earlier visit go at once; leaving the page sends what waits; closing the tab asks first.
  useEffect(() => {
    if (Object.keys(pending.current).length) void flush();
    const warn = (e: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      clearTimeout(timer.current);
      void flush();
    };
  }, [flush]);

  return { put, flush, retry: () => void flush(), state, error, pending: pending.current, has: (key: string) => key in pending.current };
}

/** The line beside a saving screen: what happened to what was typed. */
export function saveStateText(state: SaveState, waiting: number): string {
  if (state === "saving") return "Saving…";
  if (state === "failed") return `Not saved yet (${waiting} waiting)`;
  if (state === "waiting") return "Changes waiting to save…";
  if (state === "saved") return "All changes saved";
  return "Changes save as you type";
}
