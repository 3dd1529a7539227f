import type { SaveStatus } from "../engine";

/**
 * The answer outbox: every answer a student gives waits here (in localStorage, so a reload or a dead
 * battery loses nothing) until the server confirms that exact version of it. One request at a time per
 * attempt carries everything waiting, so a student answering quickly on a slow link sends few requests,
 * and an exam hall that loses the server retries with growing, jittered pauses instead of all at once.
 */

/** `givenAt`: when the student gave it (the engine's clock, ISO), so answers that reach the server late say when (decision 044). */
export type OutboxAnswer = { questionId: number; answer: string; givenAt?: string };
type Entry = { answer: string; version: number; givenAt?: number };
/** `saved`: answers the server has confirmed, so a reload without a connection still shows them. */
type Stored = { v: 1; seq: number; updatedAt: number; entries: Record<string, Entry>; saved?: Record<string, string> };

/** What a failed send means: "offline" and "retry" try again later, "drop" gives up on that batch, "stop" ends the outbox. */
export type FailureKind = "offline" | "retry" | "drop" | "stop";

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const OUTBOX_PREFIX = "adesua.outbox.";
/** The server engine's copy of an attempt's session, for a reload without a connection. */
export const SESSION_PREFIX = "adesua.session.";
/** Most answers one request carries (the server's limit is 500). */
export const OUTBOX_BATCH = 200;

/** 1 s, 2 s, 4 s … up to 30 s, each ±25 % so many students do not retry in step. */
export function defaultBackoff(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

export type OutboxOptions = {
  /** Storage key; one outbox per attempt. */
  key: string;
  storage?: KeyValueStore | null;
  /** Sends answers; resolves when the server has stored them (and may return the server's time). */
  send: (answers: OutboxAnswer[]) => Promise<void>;
  classify: (err: unknown) => FailureKind;
  /** Called once when a send answers "stop" (time up, attempt submitted). */
  onStop?: (err: unknown) => void;
  /** Called when a batch is given up ("drop"). */
  onDrop?: (answers: OutboxAnswer[], err: unknown) => void;
  isOnline?: () => boolean;
  backoff?: (failures: number) => number;
};

/** An entry as the server takes it: `givenAt` as ISO time when known. */
function toSend(questionId: number, e: Entry): OutboxAnswer {
  return e.givenAt === undefined ? { questionId, answer: e.answer } : { questionId, answer: e.answer, givenAt: new Date(e.givenAt).toISOString() };
}

function safeStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export class AnswerOutbox {
  private entries = new Map<number, Entry>();
  private saved = new Map<number, string>();
  private seq = 0;
  private readonly storage: KeyValueStore | null;
  private readonly isOnline: () => boolean;
  private readonly backoff: (n: number) => number;
  private listeners = new Set<(s: SaveStatus) => void>();
  private running: Promise<void> | null = null;
  private wanted = false;
  private failures = 0;
  private offline = false;
  private paused = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The pause after typing before a typed answer is sent. */
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastStatus: SaveStatus;

  constructor(private readonly opts: OutboxOptions) {
    this.storage = opts.storage === undefined ? safeStorage() : opts.storage;
    this.isOnline = opts.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
    this.backoff = opts.backoff ?? ((n) => defaultBackoff(n));
    this.restore();
    this.lastStatus = this.status;
  }

  /**
   * Keeps an answer (replacing an unsent older one) and sends it as soon as it can; `givenAt` (epoch ms) travels with it.
   * `delayMs` (typing): the answer is kept on the device at once (no keystroke is lost to a reload or a dropped
   * connection) and sent once the student pauses that long; a later put without a delay sends at once. A blank answer
   * is never sent (the server refuses one, and a refusal would drop the whole batch): it only withdraws an unsent one.
   */
  put(questionId: number, answer: string, givenAt?: number, delayMs = 0): void {
    if (answer.trim() === "") {
      if (this.entries.delete(questionId)) {
        this.persist();
        this.emit();
      }
      return;
    }
    const waiting = this.entries.get(questionId);
    if (delayMs <= 0 && waiting?.answer === answer) {
      // Leaving a text box whose answer already waits: send it now, as it is.
      this.clearTypingTimer();
      void this.flush();
      return;
    }
    if (!waiting && this.saved.get(questionId) === answer) return; // already stored on the server
    this.entries.set(questionId, givenAt === undefined ? { answer, version: ++this.seq } : { answer, version: ++this.seq, givenAt });
    this.persist();
    this.emit();
    this.clearTypingTimer();
    if (delayMs > 0) {
      this.typingTimer = setTimeout(() => {
        this.typingTimer = null;
        void this.flush();
      }, delayMs);
      return;
    }
    void this.flush();
  }

  /** Answers not yet confirmed, in question order. */
  pending(): OutboxAnswer[] {
    return [...this.entries].sort(([a], [b]) => a - b).map(([questionId, e]) => toSend(questionId, e));
  }

  /** Answers the server has confirmed from this device. */
  confirmed(): Record<number, string> {
    return Object.fromEntries(this.saved);
  }

  get size(): number {
    return this.entries.size;
  }

  get status(): SaveStatus {
    if (this.entries.size === 0) return "saved";
    if (this.offline || !this.isOnline()) return "offline";
    return "saving";
  }

  /** Whether the outbox has given up for good (the attempt is over). */
  get isStopped(): boolean {
    return this.stopped;
  }

  subscribe(fn: (s: SaveStatus) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Sends what waits now (coalesced with a send in flight); resolves when this round is over. */
  flush(): Promise<void> {
    this.wanted = true;
    if (!this.running) {
      this.running = this.loop().finally(() => {
        this.running = null;
        // Asked again after the last round looked (between its end and now): go once more.
        if (this.wanted && !this.paused && !this.stopped) void this.flush();
      });
    }
    return this.running;
  }

  /** A connection came back: retry at once, with the pauses reset. */
  reconnected(): Promise<void> {
    this.failures = 0;
    this.offline = false;
    this.emit();
    return this.flush();
  }

  /** Waits for a send in flight (used before submitting, so a save never races the submit). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No sends until resume() (a submit carries the answers itself). */
  pause(): void {
    this.paused = true;
    this.clearTimer();
  }

  resume(): void {
    this.paused = false;
    if (this.entries.size) void this.flush();
  }

  /** Forgets answers the server can no longer take (e.g. of a section that has ended). */
  prune(keep: (questionId: number) => boolean): OutboxAnswer[] {
    const dropped: OutboxAnswer[] = [];
    for (const [id, e] of this.entries) {
      if (!keep(id)) {
        this.entries.delete(id);
        dropped.push({ questionId: id, answer: e.answer });
      }
    }
    if (dropped.length) {
      this.persist();
      this.emit();
    }
    return dropped;
  }

  /** The attempt is over and its answers are with the server: remove everything, stop for good. */
  clear(): void {
    this.stopped = true;
    this.clearTimer();
    this.entries.clear();
    this.saved.clear();
    try {
      this.storage?.removeItem(this.opts.key);
    } catch {
      /* nothing to keep */
    }
    this.emit();
  }

  /** Stops timers (the screen is gone); the stored answers stay for the next visit. */
  dispose(): void {
    this.clearTimer();
    this.listeners.clear();
  }

  private async loop(): Promise<void> {
    while (this.wanted && !this.paused && !this.stopped) {
      this.wanted = false;
      const batch = [...this.entries].slice(0, OUTBOX_BATCH).map(([questionId, e]) => ({ questionId, ...e }));
      if (!batch.length) break;
      if (!this.isOnline()) {
        // The browser knows it is offline: wait for the `online` event, with a slow check in case it is wrong.
        this.offline = true;
        this.schedule(30_000);
        this.emit();
        break;
      }
      try {
        await this.opts.send(batch.map((b) => toSend(b.questionId, b)));
        this.confirm(batch);
        this.failures = 0;
        this.offline = false;
        if (this.entries.size) this.wanted = true;
      } catch (err) {
        const kind = this.opts.classify(err);
        if (kind === "drop") {
          this.confirm(batch);
          this.opts.onDrop?.(
            batch.map((b) => toSend(b.questionId, b)),
            err,
          );
          this.wanted = true;
        } else if (kind === "stop") {
          this.stopped = true;
          this.clearTimer();
          this.opts.onStop?.(err);
        } else {
          this.offline = kind === "offline";
          this.failures++;
          this.schedule(this.backoff(this.failures));
          this.wanted = false;
        }
      }
      this.emit();
    }
  }

  /** Removes each sent answer unless a newer version was given while it travelled. */
  private confirm(batch: { questionId: number; version: number }[]): void {
    let changed = false;
    for (const b of batch) {
      const e = this.entries.get(b.questionId);
      if (e?.version === b.version) {
        this.entries.delete(b.questionId);
        this.saved.set(b.questionId, e.answer);
        changed = true;
      }
    }
    if (changed) this.persist();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.clearTypingTimer();
  }

  private clearTypingTimer(): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = null;
  }

  private emit(): void {
    const s = this.status;
    if (s === this.lastStatus) return;
    this.lastStatus = s;
    for (const l of this.listeners) l(s);
  }

  private restore(): void {
    try {
      const raw = this.storage?.getItem(this.opts.key);
      if (!raw) return;
      const data = JSON.parse(raw) as Stored;
      if (data?.v !== 1 || typeof data.entries !== "object") return;
      this.seq = Number(data.seq) || 0;
      for (const [id, e] of Object.entries(data.entries)) {
        if (e && typeof e.answer === "string" && Number.isInteger(Number(id)))
          this.entries.set(
            Number(id),
            Number.isFinite(e.givenAt)
              ? { answer: e.answer, version: Number(e.version) || 0, givenAt: e.givenAt }
              : { answer: e.answer, version: Number(e.version) || 0 },
          );
      }
      for (const [id, a] of Object.entries(data.saved ?? {})) if (typeof a === "string" && Number.isInteger(Number(id))) this.saved.set(Number(id), a);
    } catch {
      /* a damaged entry is ignored rather than blocking the quiz */
    }
  }

  private persist(): void {
    if (!this.storage) return;
    try {
      // The sequence is kept even when nothing waits, so versions never repeat within an attempt.
      const stored: Stored = { v: 1, seq: this.seq, updatedAt: Date.now(), entries: Object.fromEntries(this.entries), saved: Object.fromEntries(this.saved) };
      this.storage.setItem(this.opts.key, JSON.stringify(stored));
    } catch {
      /* storage full or blocked: the answers still go to the server from memory */
    }
  }
}
