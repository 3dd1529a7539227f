import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerOutbox, defaultBackoff, type FailureKind, type OutboxAnswer, type OutboxOptions } from "./outbox";
import { purgeOldOutboxes } from "./outbox-purge";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
  key = (i: number) => [...this.data.keys()][i] ?? null;
  get length() {
    return this.data.size;
  }
}

class NetworkDown extends Error {}
class Http extends Error {
  constructor(public status: number) {
    super(`HTTP ${status}`);
  }
}

const classify = (err: unknown): FailureKind => {
  if (err instanceof NetworkDown) return "offline";
  if (err instanceof Http) return err.status >= 500 ? "retry" : err.status === 409 ? "stop" : "drop";
  return "offline";
};

type Sent = { answers: OutboxAnswer[]; resolve: () => void; reject: (e: unknown) => void };

/** A send that waits until the test lets it finish, recording what it carried. */
function controlledSend() {
  const calls: Sent[] = [];
  const send = vi.fn(
    (answers: OutboxAnswer[]) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ answers, resolve, reject });
      }),
  );
  return { send, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
/** The server confirms a send, and the outbox does what follows. */
const confirm = async (sent: Sent) => {
  sent.resolve();
  await settle();
};
/** A send fails with `err`, and the outbox does what follows. */
const fail = async (sent: Sent, err: unknown) => {
  sent.reject(err);
  await settle();
};

describe("the answer outbox", () => {
  let storage: MemoryStorage;
  let online: boolean;
  const make = (o: Partial<OutboxOptions> & Pick<OutboxOptions, "send">) =>
    new AnswerOutbox({ key: "adesua.outbox.7", storage, classify, isOnline: () => online, backoff: (n) => 1000 * n, ...o });

  /** An outbox whose sends wait for the test (`calls[i].resolve()` / `.reject(e)`). */
  const controlled = (o: Partial<OutboxOptions> = {}) => {
    const { send, calls } = controlledSend();
    return { box: make({ send, ...o }), calls };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
    online = true;
  });
  afterEach(() => vi.useRealTimers());

  it("keeps each keystroke of a typed answer at once and sends it only after a pause, or at once when the box is left", async () => {
    const { box, calls } = controlled();
    box.put(21, "7", undefined, 800);
    box.put(21, "7.", undefined, 800);
    box.put(21, "7.5", undefined, 800);
    // Every keystroke is on the device already (a reload or a lost connection loses none)…
    expect(JSON.parse(storage.getItem("adesua.outbox.7")!).entries["21"].answer).toBe("7.5");
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    // …and one request goes once the typing pauses.
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].answers).toEqual([{ questionId: 21, answer: "7.5" }]);
    await confirm(calls[0]);
    box.put(22, "The water cycle", undefined, 800);
    // Leaving the box (a put without a delay of the same text) sends it now, once.
    box.put(22, "The water cycle");
    await settle();
    expect(calls).toHaveLength(2);
    await confirm(calls[1]);
    // Leaving it again without a change sends nothing: the server has it.
    box.put(22, "The water cycle");
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
    expect(box.status).toBe("saved");
  });

  it("never sends a blank answer (the server refuses one, and the refusal would drop the batch): it withdraws the unsent one", async () => {
    const { box, calls } = controlled();
    box.put(31, "Accra", undefined, 800);
    box.put(31, "", undefined, 800);
    expect(box.size).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    expect(JSON.parse(storage.getItem("adesua.outbox.7")!).entries).toEqual({});
  });

  it("queues an answer, sends it at once and clears it when the server confirms", async () => {
    const { box, calls } = controlled();
    const seen: string[] = [];
    box.subscribe((s) => seen.push(s));
    box.put(11, "Accra");
    expect(box.status).toBe("saving");
    expect(JSON.parse(storage.getItem("adesua.outbox.7")!).entries["11"].answer).toBe("Accra");
    expect(calls).toHaveLength(1);
    expect(calls[0].answers).toEqual([{ questionId: 11, answer: "Accra" }]);
    await confirm(calls[0]);
    expect(box.size).toBe(0);
    expect(box.status).toBe("saved");
    expect(seen).toEqual(["saving", "saved"]);
    expect(JSON.parse(storage.getItem("adesua.outbox.7")!).entries).toEqual({});
  });

  it("sends one request at a time and carries everything answered meanwhile in the next", async () => {
    const { box, calls } = controlled();
    box.put(1, "A");
    box.put(2, "B");
    box.put(3, "C");
    expect(calls).toHaveLength(1);
    await confirm(calls[0]);
    expect(calls).toHaveLength(2);
    expect(calls[1].answers).toEqual([
      { questionId: 2, answer: "B" },
      { questionId: 3, answer: "C" },
    ]);
    await confirm(calls[1]);
    expect(box.status).toBe("saved");
  });

  it("confirms by version: an answer changed while its save travelled is sent again, not dropped", async () => {
    const { box, calls } = controlled();
    box.put(5, "Kumasi");
    box.put(5, "Tamale"); // the student changes their mind before the first save returns
    await confirm(calls[0]); // the server confirms "Kumasi" only
    expect(box.pending()).toEqual([{ questionId: 5, answer: "Tamale" }]);
    expect(calls[1].answers).toEqual([{ questionId: 5, answer: "Tamale" }]);
    await confirm(calls[1]);
    expect(box.size).toBe(0);
  });

  it("keeps answers through a network failure and retries with growing pauses until confirmed", async () => {
    const { box, calls } = controlled();
    box.put(1, "A");
    await fail(calls[0], new NetworkDown());
    expect(box.status).toBe("offline");
    expect(box.pending()).toEqual([{ questionId: 1, answer: "A" }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await fail(calls[1], new NetworkDown());
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2); // second pause is longer
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await confirm(calls[2]);
    expect(box.status).toBe("saved");
  });

  it("retries a server error (5xx) while still saying Saving…", async () => {
    const { box, calls } = controlled();
    box.put(1, "A");
    await fail(calls[0], new Http(503));
    expect(box.status).toBe("saving");
    await vi.advanceTimersByTimeAsync(1000);
    await confirm(calls[1]);
    expect(box.status).toBe("saved");
  });

  it("waits for the connection while the browser is offline, then sends at once when it is back", async () => {
    const { send, calls } = controlledSend();
    online = false;
    const box = make({ send });
    box.put(4, "D");
    expect(calls).toHaveLength(0);
    expect(box.status).toBe("offline");
    box.put(6, "E");
    online = true;
    void box.reconnected();
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].answers.map((a) => a.questionId)).toEqual([4, 6]);
    await confirm(calls[0]);
    expect(box.status).toBe("saved");
  });

  it("survives a reload: a new outbox for the same attempt finds the unsent answers and sends them", async () => {
    online = false;
    const first = make({ send: vi.fn() });
    first.put(1, "Volta");
    first.put(2, "Ashanti");
    first.dispose(); // the tab is gone

    online = true;
    const { send, calls } = controlledSend();
    const again = make({ send });
    expect(again.pending()).toEqual([
      { questionId: 1, answer: "Volta" },
      { questionId: 2, answer: "Ashanti" },
    ]);
    void again.flush();
    expect(calls[0].answers).toHaveLength(2);
    // Versions continue after the reload, so a new answer is never mistaken for a confirmed old one.
    again.put(1, "Oti");
    await confirm(calls[0]);
    expect(again.pending()).toEqual([{ questionId: 1, answer: "Oti" }]);
  });

  it("remembers what the server confirmed, so a reload without a connection still shows it", async () => {
    const { box, calls } = controlled();
    box.put(1, "Volta");
    await confirm(calls[0]);
    const again = make({ send: vi.fn() });
    expect(again.confirmed()).toEqual({ 1: "Volta" });
    expect(again.size).toBe(0);
  });

  it("keeps other attempts apart", () => {
    const a = make({ send: vi.fn(() => new Promise<void>(() => {})) });
    a.put(1, "A");
    const b = new AnswerOutbox({ key: "adesua.outbox.8", storage, classify, send: vi.fn() });
    expect(b.size).toBe(0);
  });

  it("stops for good on a conflict (time up) and tells its owner", async () => {
    const onStop = vi.fn();
    const { box, calls } = controlled({ onStop });
    box.put(1, "A");
    await fail(calls[0], new Http(409));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(box.isStopped).toBe(true);
    box.put(2, "B");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it("gives up a batch the server refuses as invalid, and goes on with the rest", async () => {
    const onDrop = vi.fn();
    const { box, calls } = controlled({ onDrop });
    box.put(1, "A");
    box.put(2, "B");
    await fail(calls[0], new Http(400));
    expect(onDrop).toHaveBeenCalledWith([{ questionId: 1, answer: "A" }], expect.any(Http));
    expect(calls[1].answers).toEqual([{ questionId: 2, answer: "B" }]);
  });

  it("holds back while paused (a submit carries the answers) and clears everything once submitted", async () => {
    const { box, calls } = controlled();
    box.pause();
    box.put(1, "A");
    expect(calls).toHaveLength(0);
    expect(box.pending()).toEqual([{ questionId: 1, answer: "A" }]);
    box.clear();
    expect(storage.getItem("adesua.outbox.7")).toBeNull();
    expect(box.status).toBe("saved");
  });

  it("forgets answers the server can no longer take", () => {
    online = false;
    const box = make({ send: vi.fn() });
    box.put(1, "A");
    box.put(2, "B");
    expect(box.prune((id) => id !== 1)).toEqual([{ questionId: 1, answer: "A" }]);
    expect(box.pending()).toEqual([{ questionId: 2, answer: "B" }]);
  });

  it("spreads retries: 1 s doubling to 30 s, each within ±25 %", () => {
    expect(defaultBackoff(1, () => 0.5)).toBe(1000);
    expect(defaultBackoff(3, () => 0.5)).toBe(4000);
    expect(defaultBackoff(20, () => 0.5)).toBe(30_000);
    expect(defaultBackoff(1, () => 0)).toBe(750);
    expect(defaultBackoff(1, () => 1)).toBe(1250);
  });

  it("purges outboxes nobody touched for two weeks, and emptied ones after a day", () => {
    const now = Date.UTC(2026, 5, 1);
    storage.setItem("adesua.outbox.1", JSON.stringify({ v: 1, seq: 1, updatedAt: now - 15 * 86_400_000, entries: { 1: { answer: "A", version: 1 } } }));
    storage.setItem("adesua.outbox.2", JSON.stringify({ v: 1, seq: 1, updatedAt: now - 2 * 86_400_000, entries: {} }));
    storage.setItem("adesua.outbox.3", JSON.stringify({ v: 1, seq: 1, updatedAt: now - 2 * 86_400_000, entries: { 1: { answer: "A", version: 1 } } }));
    storage.setItem("token", "keep-me");
    purgeOldOutboxes(storage, 14 * 86_400_000, now);
    expect([...storage.data.keys()].sort()).toEqual(["adesua.outbox.3", "token"]);
  });
});
