import { describe, expect, it } from "vitest";
import { DONE, EXAM, printCells, TOTAL, workerHooks } from "./pacing.ts";

/** A print steps aside while an exam runs on the server (issue 28: "never slows a running exam"). */
describe("print pacing", () => {
  it("counts cards in the shared cells, and sleeps after each card only while the exam flag is up", () => {
    const cells = printCells();
    const hooks = workerHooks(cells.buffer as SharedArrayBuffer);
    hooks.start(3);
    expect([Atomics.load(cells, DONE), Atomics.load(cells, TOTAL)]).toEqual([0, 3]);
    let t = performance.now();
    hooks.step();
    expect(performance.now() - t).toBeLessThan(15);
    Atomics.store(cells, EXAM, 1);
    t = performance.now();
    hooks.step();
    // At least 20 ms, nine times the card's own time.
    expect(performance.now() - t).toBeGreaterThanOrEqual(19);
    Atomics.store(cells, EXAM, 0);
    hooks.step();
    expect(Atomics.load(cells, DONE)).toBe(3);
  });
});
