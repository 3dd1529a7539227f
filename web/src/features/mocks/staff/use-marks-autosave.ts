import { useCallback, useEffect, useRef, useState } from "react";
import type { MarkEntry } from "@adesua/domain";
import { ApiError, errorText } from "@/lib/api";

export type SaveState = "idle" | "waiting" | "saving" | "saved" | "retrying" | "refused";

const loadPending = (storageKey: string): Record<string, MarkEntry> => {
  try {
    const raw = localStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as Record<string, MarkEntry>) : {};
  } catch {
    return {};
  }
};

/**
 * Saves a paper's marks as they are typed and never loses one: each changed student's entry waits in `pending` (kept in
 * localStorage too, so a reload or a closed tab sends it later), goes in one PUT of the changed rows a moment after the
 * typing pauses, and leaves `pending` only once the server took it (an entry typed again while its batch was on the
 * way stays). A failed batch stays pending: a dropped connection or a busy server is retried on its own (2 s, 4 s, …
 * 30 s, and at once when the browser is back online); a refusal (4xx) waits for the next change or Retry.
 */
export function useMarksAutosave(storageKey: string, send: (entries: MarkEntry[]) => Promise<unknown>, { delay = 600, retryMs = 2000 } = {}) {
  const pending = useRef<Record<string, MarkEntry>>(loadPending(storageKey));
  const [state, setState] = useState<SaveState>(Object.keys(pending.current).length ? "waiting" : "idle");
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(Object.keys(pending.current).length);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const failures = useRef(0);
  const sendRef = useRef(send);
  sendRef.current = send;

  const persist = useCallback(() => {
    const n = Object.keys(pending.current).length;
    try {
      if (n) localStorage.setItem(storageKey, JSON.stringify(pending.current));
      else localStorage.removeItem(storageKey);
    } catch {
      /* storage full or off: the entries stay in memory */
    }
    setWaiting(n);
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
      await sendRef.current(Object.values(batch));
      for (const [k, v] of Object.entries(batch)) if (pending.current[k] === v) delete pending.current[k];
      persist();
      failures.current = 0;
      setError(null);
      again = Object.keys(pending.current).length > 0;
      setState(again ? "waiting" : "saved");
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setState("refused");
        setError(errorText(err, "The server refused these marks"));
      } else {
        setState("retrying");
        setError(null);
        failures.current += 1;
        timer.current = setTimeout(() => void flush(), Math.min(30_000, retryMs * 2 ** (failures.current - 1)));
      }
    } finally {
      inFlight.current = false;
    }
    if (again) timer.current = setTimeout(() => void flush(), delay);
  }, [delay, retryMs, persist]);

  const put = useCallback(
    (entry: MarkEntry) => {
      pending.current[String(entry.studentId)] = entry;
      persist();
      // While a connection failure waits for its retry the timer stays; otherwise the typing pause starts again.
      setState((s) => (s === "retrying" ? s : "waiting"));
      if (state !== "retrying") {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), delay);
      }
    },
    [delay, flush, persist, state],
  );

  // Entries left from an earlier visit go at once; back online, what waits goes; leaving the page sends what waits;
  // closing the tab with marks unsaved asks first.
  useEffect(() => {
    if (Object.keys(pending.current).length) void flush();
    const online = () => void flush();
    const warn = (e: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length) e.preventDefault();
    };
    window.addEventListener("online", online);
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", warn);
      clearTimeout(timer.current);
      void flush();
    };
  }, [flush]);

  return { put, flush, retry: () => void flush(), state, error, waiting, pending: pending.current };
}

/** The line beside the marks: what happened to what was typed. */
export function saveStateText(state: SaveState, waiting: number, error: string | null): string {
  if (state === "saving" || state === "waiting") return "Saving…";
  if (state === "retrying") return `Not saved — retrying (${waiting} waiting)`;
  if (state === "refused") return `Not saved: ${error ?? "refused"}`;
  if (state === "saved") return "Saved";
  return "Marks save as you type";
}
