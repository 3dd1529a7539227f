/**
 * The quiz timer's maths. The server owns the clock: the browser only estimates the server's time
 * (its own clock plus an offset measured on each response) and counts down to the server's deadline.
 * A student who stops or changes their device clock changes nothing the server decides, and the next
 * response corrects the display.
 */

/** One measurement of the server's clock: `serverMs` was read while the request was in flight. */
export type ClockSample = { offset: number; uncertainty: number };

/** The offset (server − local) from one round trip: the server's time is taken as read at the midpoint. */
export function sampleOffset(serverMs: number, sentAt: number, receivedAt: number): ClockSample {
  const rtt = Math.max(0, receivedAt - sentAt);
  return { offset: serverMs - (sentAt + rtt / 2), uncertainty: rtt / 2 };
}

/**
 * Keeps the best estimate of the server's clock. A sample replaces the current one when it is at
 * least as precise (shorter round trip), or when the two cannot both be right (the device clock was
 * changed, or the first answer came over a very slow link), so the display never drifts for good.
 */
export class ClockSync {
  private best: ClockSample | null = null;

  constructor(private readonly localNow: () => number = Date.now) {}

  sample(serverMs: number, sentAt: number, receivedAt: number): void {
    if (!Number.isFinite(serverMs)) return;
    const s = sampleOffset(serverMs, sentAt, receivedAt);
    const b = this.best;
    if (!b || s.uncertainty <= b.uncertainty || Math.abs(s.offset - b.offset) > s.uncertainty + b.uncertainty) this.best = s;
  }

  /** The estimate in use (null before any sample), e.g. to keep for an offline reload. */
  get current(): ClockSample | null {
    return this.best;
  }

  /** Takes a kept estimate back; it is treated as a second less precise, so any live sample can correct it. */
  restore(sample: ClockSample | null): void {
    if (sample && Number.isFinite(sample.offset)) this.best = { offset: sample.offset, uncertainty: (sample.uncertainty || 0) + 1000 };
  }

  /** Server time minus local time, in ms (0 before any sample). */
  get offset(): number {
    return this.best?.offset ?? 0;
  }

  /** The estimated server time now. */
  now(): number {
    return this.localNow() + this.offset;
  }
}

/** Milliseconds left until `deadline` (server epoch ms) at the server time `serverNow`; never negative. */
export function remainingMs(deadline: number, serverNow: number): number {
  return Math.max(0, deadline - serverNow);
}

/** "12:34", or "1:02:03" from an hour up. Partial seconds round up, so "00:00" means the time is really over. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Seconds left at which screen readers hear the time: 10 min, 5 min, 1 min, 30 s and time up. */
export const MILESTONES_S = [600, 300, 60, 30, 0] as const;

const milestoneText = (s: number) => (s === 0 ? "Time is up" : s >= 60 ? `${s / 60} minute${s === 60 ? "" : "s"} left` : `${s} seconds left`);

/**
 * The milestone crossed between two readings of the remaining time (ms), as text; null when none.
 * When several were crossed at once (the phone slept), only the most urgent one is announced.
 * The first reading (`prev` null) announces nothing: the timer is on screen from the start.
 */
export function milestoneCrossed(prev: number | null, next: number): string | null {
  if (prev === null) return null;
  let hit: number | null = null;
  for (const m of MILESTONES_S) {
    const at = m * 1000;
    if (prev > at && next <= at) hit = m;
  }
  return hit === null ? null : milestoneText(hit);
}

/** How urgent the remaining time looks: red under a minute, orange under five. */
export function urgency(ms: number | null): "normal" | "warning" | "danger" {
  if (ms === null) return "normal";
  if (ms < 60_000) return "danger";
  if (ms < 300_000) return "warning";
  return "normal";
}
