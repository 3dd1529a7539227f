import type { RenderHooks } from "./types.ts";

/**
 * A print shares four 32-bit cells with the server's main thread (SharedArrayBuffer, no messages to order):
 *   [0] EXAM: 1 while students sit an exam on this server (the main thread sets it from lib/exam-traffic.ts)
 *   [1] DONE, [2] TOTAL: cards (slips, pages) drawn and to draw (the worker sets them, the main thread reads them)
 *   [3] a cell never written, waited on to sleep.
 * The worker thread already runs at the lowest priority (worker.ts). While an exam runs it also steps aside: after each
 * card it sleeps nine times as long as the card took (a tenth of the processor at most, as OCR does in ocr/runner.ts),
 * so a running exam keeps the processor's caches and sibling thread; a class's cards still finish, ten times slower.
 */
export const EXAM = 0;
export const DONE = 1;
export const TOTAL = 2;
const SLEEP = 3;

export function printCells(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
}

export function workerHooks(shared: SharedArrayBuffer): RenderHooks {
  const cells = new Int32Array(shared);
  let last = performance.now();
  return {
    start(total) {
      Atomics.store(cells, TOTAL, total);
      Atomics.store(cells, DONE, 0);
      last = performance.now();
    },
    step() {
      Atomics.add(cells, DONE, 1);
      const took = performance.now() - last;
      if (Atomics.load(cells, EXAM) === 1) Atomics.wait(cells, SLEEP, 0, Math.min(2000, Math.max(20, took * 9)));
      last = performance.now();
    },
  };
}
