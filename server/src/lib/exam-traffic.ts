/**
 * Whether students are sitting an exam on this server right now: the time of the last attempt request (start, read,
 * save, next section, submit). Heavy background work that cannot be made cheap, OCR of scanned papers, reads it and
 * steps aside while an exam runs (documents/ocr/runner.ts): on two cores even an idle-priority process shares the
 * processor's caches and its sibling thread with the exam's requests, and the exam's tail latency shows it (issue 27).
 * Per process: with WORKERS=N each server knows its own traffic.
 */
let lastExamRequestAt = 0;

/** A request on the attempt routes arrived (the app's request hook calls this; a Date.now() and nothing else). */
export function noteExamTraffic(now = Date.now()): void {
  lastExamRequestAt = now;
}

/** An attempt request arrived within the last `windowMs` (default 2 s). */
export function examRunning(now = Date.now(), windowMs = 2000): boolean {
  return now - lastExamRequestAt < windowMs;
}
