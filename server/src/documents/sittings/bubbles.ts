import type { Gray } from "./geometry.ts";
import { BUBBLE_LETTERS, SHEET_PX_PER_PT, toSheetPx, type SheetLayout } from "./layout.ts";
import type { ReadRow } from "./reading.ts";

/**
 * Reading the bubbles of a straightened, evenly lit sheet (issue 29). Each bubble is measured inside its outline (the
 * inner 68 % of the radius) against the paper just outside it (so a shadow's edge does not darken it), twice: how dark
 * on average (a fill, a light pencil fill, an erased smudge) and how much of it is firm ink (a tick or a cross covers
 * little but is dark where it is). The printed letter is taken away by the sheet's own empty bubbles of that letter.
 *
 * Never a guess: a bubble is firm, clean, or the row is unsure. An erased mark beside a firm one (light, no firm ink in
 * it) is not a mark; a light mark alone, or anything between, leaves the row to the teacher.
 */
const K = SHEET_PX_PER_PT;
/** The part of a bubble measured: inside its printed outline, clear of it even when the row sits a pixel off. */
const INNER = 0.8;

export type BubbleMeasure = { mean: number; mid: number; ink: number };

/** Row offsets searched when lining the row's outlines up with the print (pixels of the straightened sheet). */
const SEARCH = 6;
const ANGLES = 32;
/** Outlines fainter than this many grey levels on the whole sheet: too blurred to read; a row below this share of the sheet's: not where it should be. */
const MIN_OUTLINE = 20;
const ROW_OUTLINE = 0.35;
const COS = Array.from({ length: ANGLES }, (_, i) => Math.cos((2 * Math.PI * i) / ANGLES));
const SIN = Array.from({ length: ANGLES }, (_, i) => Math.sin((2 * Math.PI * i) / ANGLES));

function at(g: Gray, x: number, y: number): number {
  const xi = Math.round(x);
  const yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= g.width || yi >= g.height) return 255;
  return g.data[yi * g.width + xi];
}

/** How much darker the printed outline is than the paper just outside it, for a row placed at (dx, dy). */
function outlineFit(g: Gray, row: SheetLayout["bubbleRows"][number], dx: number, dy: number): number {
  let s = 0;
  for (const b of row.bubbles) {
    const cx = b.cx * K + dx;
    const cy = b.cy * K + dy;
    const r = b.r * K;
    for (let i = 0; i < ANGLES; i++) s += at(g, cx + (r + 4) * COS[i], cy + (r + 4) * SIN[i]) - at(g, cx + r * COS[i], cy + r * SIN[i]);
  }
  return s;
}

function rowOffset(g: Gray, row: SheetLayout["bubbleRows"][number]): [number, number] {
  let best: [number, number] = [0, 0];
  let bestFit = -Infinity;
  for (let dy = -SEARCH; dy <= SEARCH; dy += 2)
    for (let dx = -SEARCH; dx <= SEARCH; dx += 2) {
      const f = outlineFit(g, row, dx, dy);
      if (f > bestFit) {
        bestFit = f;
        best = [dx, dy];
      }
    }
  const [bx, by] = best;
  for (let dy = by - 1; dy <= by + 1; dy++)
    for (let dx = bx - 1; dx <= bx + 1; dx++) {
      const f = outlineFit(g, row, dx, dy);
      if (f > bestFit) {
        bestFit = f;
        best = [dx, dy];
      }
    }
  return best;
}

export function measureBubble(g: Gray, cx: number, cy: number, r: number): BubbleMeasure {
  // The paper around the bubble: a high percentile of a ring outside the outline (ink spilling over is ignored).
  const ring: number[] = [];
  const r0 = r + 2.5;
  const r1 = r + 7;
  const inner = r * INNER;
  const x0 = Math.floor(cx - r1);
  const y0 = Math.floor(cy - r1);
  const inside: number[] = [];
  for (let y = y0; y <= Math.ceil(cy + r1); y++)
    for (let x = x0; x <= Math.ceil(cx + r1); x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d <= inner) inside.push(at(g, x, y));
      else if (d >= r0 && d <= r1) ring.push(at(g, x, y));
    }
  ring.sort((a, b) => a - b);
  const white = Math.max(128, ring[Math.floor(ring.length * 0.9)] ?? 255);
  let sum = 0;
  let mid = 0;
  let firm = 0;
  for (const v of inside) {
    const d = Math.max(0, Math.min(1, 1 - v / white));
    sum += d;
    if (d > 0.25) mid++;
    if (d > 0.5) firm++;
  }
  return { mean: sum / inside.length, mid: mid / inside.length, ink: firm / inside.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

export function readBubbleRows(g: Gray, layout: SheetLayout): ReadRow[] {
  const rows = layout.bubbleRows;
  const raw = rows.map((row) => rowOffset(g, row));
  // A row's offset is the median of its own and its neighbours' (a row scribbled all over cannot pull it away).
  const offsets = raw.map((_, i) => {
    const near = raw.slice(Math.max(0, i - 1), i + 2);
    return [median(near.map((o) => o[0])), median(near.map((o) => o[1]))] as const;
  });
  const measures = rows.map((row, i) => row.bubbles.map((b) => measureBubble(g, b.cx * K + offsets[i][0], b.cy * K + offsets[i][1], b.r * K)));
  // How plainly each row's printed outlines show where they were looked for (grey levels darker than the paper beside
  // them): too faint on the whole sheet (far out of focus) or in one row (not where the sheet says) and nothing is sure.
  const outline = rows.map((row, i) => outlineFit(g, row, offsets[i][0], offsets[i][1]) / (row.bubbles.length * ANGLES));
  const typical = median(outline);
  const all = measures.flat();
  const globalMean = median(all.map((m) => m.mean));
  const globalInk = median(all.map((m) => m.ink));
  const globalMid = median(all.map((m) => m.mid));
  const base = BUBBLE_LETTERS.map((_, k) => {
    const mean = median(measures.map((m) => m[k].mean));
    const mid = median(measures.map((m) => m[k].mid));
    const ink = median(measures.map((m) => m[k].ink));
    // With few rows the median of a letter may be a marked one: the sheet's own then.
    const own = rows.length >= 8 && Math.abs(mean - globalMean) < 0.05;
    return own ? { mean, mid, ink } : { mean: globalMean, mid: globalMid, ink: globalInk };
  });
  return rows.map((row, i) => {
    const ms = measures[i].map((m, k) => ({
      mean: Math.max(0, m.mean - base[k].mean),
      mid: Math.max(0, m.mid - base[k].mid),
      ink: Math.max(0, m.ink - base[k].ink),
    }));
    const read = classifyRow(row.n, ms);
    if (typical < MIN_OUTLINE || outline[i] < ROW_OUTLINE * typical) read.unsure = true;
    return read;
  });
}

/**
 * The thresholds, from the photo test set (testset/, 150 sheets, bubbles measured with the printed letter taken away):
 * share of the inside darker than a quarter (`mid`): clean ≤ 0.05, an eraser's smudge ≤ 0.08 (rarely 0.2), a light
 * pencil fill ≥ 0.11 (mostly ≥ 0.27), a tick or a cross ≥ 0.2, a fill ≥ 0.7; firm ink (`ink`, darker than a half):
 * clean and smudges ≈ 0, fills ≥ 0.6.
 */
const FIRM_MID = 0.2;
const FIRM_INK = 0.15;
const CLEAN_MID = 0.07;
const CLEAN_MEAN = 0.05;
const CLEAN_INK = 0.05;
/** A filled bubble, beside which a smudge is an erased mark. */
const FILLED_MID = 0.6;
const FILLED_INK = 0.5;
/** At most this, beside a filled bubble: an erased mark (a faint tick or a pencil mark is more). */
const ERASED_MID = 0.15;
const ERASED_MEAN = 0.15;
const ERASED_INK = 0.02;
/** Beside a filled bubble, with no firm ink: up to this, maybe a smudge, maybe a faint mark (the teacher looks). */
const SMUDGE_MID = 0.35;

/** One row's verdict from its measures (the printed letter already taken away). */
export function classifyRow(n: number, ms: BubbleMeasure[]): ReadRow {
  const fill = ms.map((m) => Math.round(Math.min(1, Math.max(m.mean / 0.7, m.mid)) * 1000) / 1000);
  const filled = ms.some((m) => m.mid >= FILLED_MID && m.ink >= FILLED_INK);
  const marked: string[] = [];
  let unsure = false;
  ms.forEach((m, k) => {
    // Beside a filled bubble, a mark with no firm ink in it is what an eraser left: gone when faint, else unsure (it
    // may be a faint tick, a second answer, which must not be dropped).
    const smudgy = filled && m.ink < ERASED_INK && m.mean < ERASED_MEAN;
    if (smudgy && m.mid < ERASED_MID) return;
    if (smudgy && m.mid < SMUDGE_MID) unsure = true;
    else if (m.mid >= FIRM_MID || m.ink >= FIRM_INK) marked.push(BUBBLE_LETTERS[k]);
    else if (m.mid < CLEAN_MID && m.mean < CLEAN_MEAN && m.ink < CLEAN_INK) return;
    else unsure = true;
  });
  return { n, fill, marked, unsure };
}

/** How much ink is written in each box (a fraction of its inside; 0 empty). */
export function readBoxes(g: Gray, layout: SheetLayout): { n: number; ink: number }[] {
  return layout.boxRows.map(({ n, box }) => {
    const r = toSheetPx(box);
    let dark = 0;
    let all = 0;
    for (let y = r.y + 8; y < r.y + r.h - 8; y++)
      for (let x = r.x + 8; x < r.x + r.w - 8; x++) {
        // The box's number, printed in its top-left corner, is not ink.
        if (x < r.x + 40 && y < r.y + 26) continue;
        all++;
        if (at(g, x, y) < 140) dark++;
      }
    const ink = all ? dark / all : 0;
    return { n, ink: ink < 0.002 ? 0 : Math.round(ink * 1000) / 1000 };
  });
}
