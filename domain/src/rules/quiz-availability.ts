/** Times may arrive as Date, ISO text or null; a missing bound means open on that side. */
export type QuizWindow = { openTime: Date | string | null | undefined; closeTime: Date | string | null | undefined };
export type QuizTimeStatus = "upcoming" | "active" | "closed";
export type StudentAvailability = "upcoming" | "closed" | "maxed" | "available";

const ms = (t: Date | string | null | undefined): number | null => (t == null || t === "" ? null : new Date(t).getTime());

/** upcoming before openTime, closed after closeTime, otherwise active. Both bounds are inclusive of "active". */
export function quizTimeStatus(q: QuizWindow, now: Date): QuizTimeStatus {
  const open = ms(q.openTime);
  const close = ms(q.closeTime);
  const n = now.getTime();
  if (open !== null && n < open) return "upcoming";
  if (close !== null && n > close) return "closed";
  return "active";
}

export type AttemptInfo = { canAttempt: boolean; currentAttempts: number; maxAttempts: number | null };

/** What a student sees on a quiz card: the time window first, then the attempt limit. */
export function studentAvailability(q: QuizWindow, info: AttemptInfo | null | undefined, now: Date): StudentAvailability {
  const s = quizTimeStatus(q, now);
  if (s === "upcoming") return "upcoming";
  if (s === "closed") return "closed";
  if (info && !info.canAttempt) return "maxed";
  return "available";
}

export const AVAILABILITY_LABEL: Record<StudentAvailability, string> = {
  upcoming: "Opens Soon",
  closed: "Time Closed",
  maxed: "Max Attempts",
  available: "Available",
};

function dh(msLeft: number): { d: number; h: number } {
  const totalHours = Math.floor(msLeft / 3_600_000);
  return { d: Math.floor(totalHours / 24), h: totalHours % 24 };
}

/**
 * Countdown text: "Opens in Xd Yh" before opening, "Xd Yh remaining" (or "Yh remaining" under a day)
 * until closing, "No time limit" without a close time. A closed quiz has no countdown: "Closed".
 */
export function countdownText(q: QuizWindow, now: Date): string {
  const status = quizTimeStatus(q, now);
  const n = now.getTime();
  if (status === "upcoming") {
    const { d, h } = dh(ms(q.openTime)! - n);
    return `Opens in ${d}d ${h}h`;
  }
  if (status === "closed") return "Closed";
  const close = ms(q.closeTime);
  if (close === null) return "No time limit";
  const { d, h } = dh(close - n);
  return d > 0 ? `${d}d ${h}h remaining` : `${h}h remaining`;
}

/** Attempts left: unlimited when maxAttempts is null. */
export function canAttempt(currentAttempts: number, maxAttempts: number | null): boolean {
  return maxAttempts === null || currentAttempts < maxAttempts;
}
