/**
 * Group commit (decision 034): requests that wait at the same time go to the database as one
 * statement. A request goes out at once when there is room (so a lone request is never delayed and
 * runs exactly as it would without batching); the queue forms only while `maxInFlight` batches are
 * already in flight, and each batch takes what waited meanwhile.
 *
 * Rules:
 * - Two requests with the same key (the same attempt) never share a batch, and never run at the same
 *   time; the later one waits for a later batch, so requests of one key run in arrival order.
 * - A batch of one runs `runOne` (the unbatched statement); larger batches run `runBatch`.
 * - A batch that fails is re-run one request at a time with `runOne`, so one bad request fails only
 *   itself. Its keys stay busy until the re-runs end, which keeps the order.
 * - With `lingerMs`, while requests arrive faster than one per `lingerMs` (on average over the last few),
 *   a batch waits until its oldest request has waited `lingerMs` (or the batch is full) before it goes,
 *   so it carries the requests that arrive meanwhile (decision 039). A request at a quiet moment still
 *   goes at once.
 */

export type GroupCommitOptions<R, T> = {
  /** Requests with equal keys are never batched together and never run concurrently. */
  key: (r: R) => number | string;
  /** One result per request, in the same order. */
  runBatch: (rs: R[]) => Promise<T[]>;
  runOne: (r: R) => Promise<T>;
  /** Requests per batch at most. */
  maxBatch: number;
  /** A request's size (rows it writes), and the most a batch may carry; a batch always takes its first request. */
  weight?: (r: R) => number;
  maxWeight?: number;
  /** Batches (or lone requests) running at once. 1 on a single-session database. */
  maxInFlight: number;
  /** How long a batch may wait for company while requests arrive faster than one per this many ms; 0 or unset: never. */
  lingerMs?: number;
};

type Waiting<R, T> = { r: R; key: number | string; weight: number; at: number; resolve: (v: T) => void; reject: (e: unknown) => void };

/** The weight of the newest gap in the running average of the gaps between arrivals (about the last five). */
const GAP_WEIGHT = 0.2;
/** Gaps longer than this count as this long (a quiet minute must not take minutes of arrivals to forget). */
const LONGEST_GAP_MS = 1000;

export type GroupCommitStats = { requests: number; batches: number; batched: number; largest: number; failedBatches: number };

export class GroupCommit<R, T> {
  private queue: Waiting<R, T>[] = [];
  private readonly busy = new Set<number | string>();
  private inFlight = 0;
  /** The running average of the gaps between arrivals, and the last arrival (performance.now()). */
  private gapMs = LONGEST_GAP_MS;
  private lastArrival = -Infinity;
  private lingering: ReturnType<typeof setTimeout> | null = null;
  /** How requests went out (tests, benchmarks): `batches` counts batches of two or more, `batched` their requests. */
  readonly stats: GroupCommitStats = { requests: 0, batches: 0, batched: 0, largest: 0, failedBatches: 0 };

  constructor(private readonly o: GroupCommitOptions<R, T>) {}

  submit(r: R): Promise<T> {
    this.stats.requests++;
    const at = performance.now();
    if (this.o.lingerMs) {
      this.gapMs += GAP_WEIGHT * (Math.min(at - this.lastArrival, LONGEST_GAP_MS) - this.gapMs);
      this.lastArrival = at;
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ r, key: this.o.key(r), weight: this.o.weight?.(r) ?? 1, at, resolve, reject });
      this.pump();
    });
  }

  /** Requests waiting for a batch (not counting those in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump() {
    while (this.inFlight < this.o.maxInFlight && this.queue.length) {
      if (this.lingers()) return;
      const batch = this.take();
      if (!batch.length) return;
      this.inFlight++;
      for (const w of batch) this.busy.add(w.key);
      void this.run(batch).finally(() => {
        for (const w of batch) this.busy.delete(w.key);
        this.inFlight--;
        this.pump();
      });
    }
  }

  /**
   * Whether the next batch should wait for company (lingerMs): requests arrive faster than one per lingerMs,
   * the oldest waiting has waited less than that, and fewer than maxBatch wait. A timer then pumps again
   * when the oldest has waited lingerMs.
   */
  private lingers(): boolean {
    const linger = this.o.lingerMs ?? 0;
    if (linger <= 0 || this.gapMs >= linger || this.queue.length >= this.o.maxBatch) return false;
    const waited = performance.now() - this.queue[0].at;
    if (waited >= linger) return false;
    if (!this.lingering)
      this.lingering = setTimeout(() => {
        this.lingering = null;
        this.pump();
      }, linger - waited);
    return true;
  }

  /**
   * The oldest waiting requests whose keys are free, one per key, at most maxBatch and maxWeight; the rest
   * keep their places (a request that does not fit waits for the next batch, so a later one of its key
   * cannot overtake it: its key is taken as chosen).
   */
  private take(): Waiting<R, T>[] {
    const chosen: Waiting<R, T>[] = [];
    const keys = new Set<number | string>();
    const rest: Waiting<R, T>[] = [];
    const maxWeight = this.o.maxWeight ?? Infinity;
    let weight = 0;
    for (const w of this.queue) {
      const free = !this.busy.has(w.key) && !keys.has(w.key);
      const fits = chosen.length < this.o.maxBatch && (chosen.length === 0 || weight + w.weight <= maxWeight);
      if (free && fits) {
        chosen.push(w);
        weight += w.weight;
      } else rest.push(w);
      keys.add(w.key);
    }
    this.queue = rest;
    return chosen;
  }

  private async run(batch: Waiting<R, T>[]): Promise<void> {
    if (batch.length === 1) return this.runOne(batch[0]);
    this.stats.batches++;
    this.stats.batched += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    let results: T[];
    try {
      results = await this.o.runBatch(batch.map((w) => w.r));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    } catch {
      this.stats.failedBatches++;
      for (const w of batch) await this.runOne(w);
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  private async runOne(w: Waiting<R, T>): Promise<void> {
    try {
      w.resolve(await this.o.runOne(w.r));
    } catch (e) {
      w.reject(e);
    }
  }
}
