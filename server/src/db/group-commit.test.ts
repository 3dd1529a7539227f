import { afterEach, describe, expect, it, vi } from "vitest";
import { GroupCommit } from "./group-commit";

/** The batcher's rules without a database: a fake back end that records what went out, and when. */

type Req = { key: number; v: string };

/** Submits the requests written as "key:value key:value …", in that order. */
function submitEach(gc: GroupCommit<Req, string>, requests: string) {
  return requests.split(" ").map((kv) => {
    const [key, v] = kv.split(":");
    return gc.submit({ key: Number(key), v });
  });
}

function harness(
  opts: {
    maxBatch?: number;
    maxWeight?: number;
    maxInFlight?: number;
    lingerMs?: number;
    failBatch?: (rs: Req[]) => boolean;
    failOne?: (r: Req) => boolean;
  } = {},
) {
  const log: string[] = [];
  const gates: (() => void)[] = [];
  /** Each call waits until the test opens it (so a test decides what is in flight). */
  const gate = () => new Promise<void>((r) => gates.push(r));
  const gc = new GroupCommit<Req, string>({
    key: (r) => r.key,
    runOne: async (r) => {
      log.push(`one ${r.v}`);
      await gate();
      if (opts.failOne?.(r)) throw new Error(`bad ${r.v}`);
      return `ok ${r.v}`;
    },
    runBatch: async (rs) => {
      log.push(`batch ${rs.map((r) => r.v).join(",")}`);
      await gate();
      if (opts.failBatch?.(rs)) throw new Error("batch failed");
      return rs.map((r) => `ok ${r.v}`);
    },
    maxBatch: opts.maxBatch ?? 64,
    weight: (r) => r.v.length,
    maxWeight: opts.maxWeight,
    maxInFlight: opts.maxInFlight ?? 1,
    lingerMs: opts.lingerMs,
  });
  /** Opens every waiting call, then lets the promise chains run. */
  const openAll = async () => {
    for (let i = 0; i < 20 && gates.length; i++) {
      while (gates.length) gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { gc, log, openAll };
}

describe("GroupCommit", () => {
  it("sends a lone request at once, unbatched", () => {
    const { gc, log } = harness();
    void gc.submit({ key: 1, v: "a" });
    // Synchronously: no timer, no wait for company.
    expect(log).toEqual(["one a"]);
  });

  it("batches the requests that wait while one is in flight", async () => {
    const { gc, log, openAll } = harness();
    const all = ["a", "b", "c", "d"].map((v, i) => gc.submit({ key: i, v }));
    expect(log).toEqual(["one a"]);
    await openAll();
    expect(await Promise.all(all)).toEqual(["ok a", "ok b", "ok c", "ok d"]);
    expect(log).toEqual(["one a", "batch b,c,d"]);
    expect(gc.stats).toMatchObject({ requests: 4, batches: 1, batched: 3, largest: 3, failedBatches: 0 });
  });

  it("never puts two requests of one key in a batch, and keeps their order", async () => {
    const { gc, log, openAll } = harness();
    const all = submitEach(gc, "1:1a 2:2a 1:1b 3:3a 1:1c 2:2b");
    await openAll();
    await Promise.all(all);
    // 1a alone (in flight); then 2a,1b,3a (2a's later 2b waits); then 1c,2b.
    expect(log).toEqual(["one 1a", "batch 2a,1b,3a", "batch 1c,2b"]);
  });

  it("never runs two requests of one key at the same time, with several batches in flight", async () => {
    const { gc, log, openAll } = harness({ maxInFlight: 2 });
    const all = [gc.submit({ key: 1, v: "1a" }), gc.submit({ key: 1, v: "1b" }), gc.submit({ key: 2, v: "2a" })];
    // 1a and 2a go out at once (two slots); 1b waits for 1a although a slot is free.
    expect(log).toEqual(["one 1a", "one 2a"]);
    await openAll();
    await Promise.all(all);
    expect(log).toEqual(["one 1a", "one 2a", "one 1b"]);
  });

  it("re-runs a failed batch one by one, so a bad request fails only itself", async () => {
    const { gc, log, openAll } = harness({ failBatch: (rs) => rs.some((r) => r.v === "bad"), failOne: (r) => r.v === "bad" });
    const settled = Promise.allSettled(["a", "b", "bad", "c"].map((v, i) => gc.submit({ key: i, v })));
    await openAll();
    const outcomes = await settled;
    expect(outcomes.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual(["ok a", "ok b", "bad bad", "ok c"]);
    expect(log).toEqual(["one a", "batch b,bad,c", "one b", "one bad", "one c"]);
    expect(gc.stats.failedBatches).toBe(1);
  });

  it("keeps a key busy while its failed batch is re-run", async () => {
    const { gc, log, openAll } = harness({ failBatch: () => true });
    const first = gc.submit({ key: 9, v: "x" });
    const batch = [gc.submit({ key: 1, v: "1a" }), gc.submit({ key: 2, v: "2a" })];
    await new Promise((r) => setImmediate(r));
    const later = gc.submit({ key: 1, v: "1b" });
    await openAll();
    await Promise.all([first, ...batch, later]);
    expect(log).toEqual(["one x", "batch 1a,2a", "one 1a", "one 2a", "one 1b"]);
  });

  it("takes at most maxWeight per batch, always at least one, and a request that does not fit keeps its key's order", async () => {
    const { gc, log, openAll } = harness({ maxWeight: 4 });
    // The weight is the value's length. "ccccc" alone is over the limit; "dd" does not fit beside "bb" and "x".
    const all = submitEach(gc, "0:a 1:bb 2:ccccc 3:x 4:dd 2:c 5:e");
    await openAll();
    await Promise.all(all);
    expect(log).toEqual(["one a", "batch bb,x,e", "one ccccc", "batch dd,c"]);
  });

  it("takes at most maxBatch requests per batch", async () => {
    const { gc, log, openAll } = harness({ maxBatch: 2 });
    const all = ["a", "b", "c", "d", "e"].map((v, i) => gc.submit({ key: i, v }));
    await openAll();
    await Promise.all(all);
    expect(log).toEqual(["one a", "batch b,c", "batch d,e"]);
  });

  describe("lingering (lingerMs)", () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });

    /** Requests of their own keys arriving `gapMs` apart whatever happens to them (as students do), all answered at the end: the batcher learns the arrival rate. */
    async function pourIn(h: ReturnType<typeof harness>, n: number, gapMs: number) {
      const all: Promise<string>[] = [];
      for (let i = 0; i < n; i++) {
        all.push(h.gc.submit({ key: 1000 + i, v: `w${i}` }));
        await vi.advanceTimersByTimeAsync(gapMs);
        await h.openAll();
      }
      await vi.advanceTimersByTimeAsync(10);
      await h.openAll();
      await Promise.all(all);
      h.log.length = 0;
    }

    it("sends a lone request at a quiet moment at once", () => {
      fakeClock();
      const { gc, log } = harness({ lingerMs: 5 });
      void gc.submit({ key: 1, v: "a" });
      expect(log).toEqual(["one a"]);
    });

    it("while requests pour in, holds a batch until its oldest has waited lingerMs, then sends what came meanwhile", async () => {
      fakeClock();
      const h = harness({ lingerMs: 5 });
      await pourIn(h, 40, 1);
      const a = h.gc.submit({ key: 1, v: "a" });
      expect(h.log).toEqual([]);
      await vi.advanceTimersByTimeAsync(2);
      const b = h.gc.submit({ key: 2, v: "b" });
      await vi.advanceTimersByTimeAsync(2);
      expect(h.log).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.log).toEqual(["batch a,b"]);
      await h.openAll();
      expect(await Promise.all([a, b])).toEqual(["ok a", "ok b"]);
    });

    it("sends a full batch without waiting", async () => {
      fakeClock();
      const h = harness({ lingerMs: 5, maxBatch: 2 });
      await pourIn(h, 40, 1);
      const all = [h.gc.submit({ key: 1, v: "a" }), h.gc.submit({ key: 2, v: "b" })];
      expect(h.log).toEqual(["batch a,b"]);
      await h.openAll();
      await Promise.all(all);
    });

    it("stops lingering when the requests slow down", async () => {
      fakeClock();
      const h = harness({ lingerMs: 5 });
      await pourIn(h, 40, 1);
      await pourIn(h, 10, 200);
      void h.gc.submit({ key: 1, v: "a" });
      expect(h.log).toEqual(["one a"]);
    });
  });
});
