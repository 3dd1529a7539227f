import type { Gray } from "./geometry.ts";
import { paperBrightness } from "./illumination.ts";
import { MARKER_CENTRES, MARKER_SIZE, type Point } from "./layout.ts";

/**
 * Finding the four corner squares of an answer sheet in a photo (issue 29). The photo (downscaled, long side about
 * 1,200 px) is thresholded against its own paper brightness (a shadow does not make paper look like ink), dark pixels
 * are grouped into connected blobs, and blobs that look like solid squares are kept. The four that best make a sheet
 * (one near each corner of the content, of like size, in A4 proportions, the squares' size fitting the sheet's) win.
 */
export type Blob = { x: number; y: number; area: number; side: number };

/** The distance between marker centres across and down the page, in points. */
const SPAN_W = MARKER_CENTRES[1].x - MARKER_CENTRES[0].x;
const SPAN_H = MARKER_CENTRES[3].y - MARKER_CENTRES[0].y;

export function squareBlobs(g: Gray): Blob[] {
  const { width: W, height: H, data } = g;
  const long = Math.max(W, H);
  const block = Math.max(8, Math.round(long / 64));
  const bg = paperBrightness(g, block, 2);
  const dark = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) dark[i] = bg[i] > 12 && data[i] < 0.6 * bg[i] ? 1 : 0;
  const labels = new Int32Array(W * H);
  const blobs: Blob[] = [];
  const minSide = long * 0.008;
  const maxSide = long * 0.07;
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < W * H; start++) {
    if (!dark[start] || labels[start]) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let x0 = W;
    let x1 = 0;
    let y0 = H;
    let y1 = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % W;
      const y = (p - x) / W;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // Four neighbours, written out: this loop runs once for every dark pixel of the photo.
      for (let j = 0; j < 4; j++) {
        if ((j === 0 && x === 0) || (j === 1 && x === W - 1) || (j === 2 && y === 0) || (j === 3 && y === H - 1)) continue;
        const q = j === 0 ? p - 1 : j === 1 ? p + 1 : j === 2 ? p - W : p + W;
        if (dark[q] && !labels[q]) {
          labels[q] = next;
          stack.push(q);
        }
      }
    }
    if (n < minSide * minSide || n > maxSide * maxSide) continue;
    if (x0 === 0 || y0 === 0 || x1 === W - 1 || y1 === H - 1) continue;
    const mx = sx / n;
    const my = sy / n;
    const cxx = sxx / n - mx * mx;
    const cyy = syy / n - my * my;
    const cxy = sxy / n - mx * my;
    const tr = cxx + cyy;
    const det = cxx * cyy - cxy * cxy;
    const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
    const l1 = tr / 2 + disc;
    const l2 = tr / 2 - disc;
    if (l2 <= 0 || l1 / l2 > 2.6) continue;
    // A solid square has area = 12·√(λ1λ2); a ring or a letter spreads further for its area.
    const solidity = n / (12 * Math.sqrt(det));
    if (solidity < 0.75 || solidity > 1.3) continue;
    if (n / ((x1 - x0 + 1) * (y1 - y0 + 1)) < 0.45) continue;
    blobs.push({ x: mx + 0.5, y: my + 0.5, area: n, side: Math.sqrt(n) });
  }
  return blobs;
}

const DIRECTIONS: Point[] = [
  { x: -1, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 1 },
  { x: -1, y: 1 },
];
const PER_CORNER = 6;

/**
 * The four corner squares, clockwise from the one nearest the photo's top-left: the likeliest quadrilaterals first (at
 * most `count`, none when nothing looks like a sheet). Which of them is the sheet's top-left is for the QR code to tell
 * (the sheet may lie sideways or upside down), and so is which quadrilateral is the sheet.
 */
export function findMarkers(g: Gray, count = 3): Blob[][] {
  const blobs = squareBlobs(g);
  if (blobs.length < 4) return [];
  const picks = DIRECTIONS.map((d) => [...blobs].sort((a, b) => b.x * d.x + b.y * d.y - (a.x * d.x + a.y * d.y)).slice(0, PER_CORNER));
  const found: { quad: Blob[]; score: number }[] = [];
  for (const a of picks[0])
    for (const b of picks[1])
      for (const c of picks[2])
        for (const d of picks[3]) {
          const quad = [a, b, c, d];
          if (new Set(quad).size < 4) continue;
          const fit = quadScore(quad);
          if (fit > 1.6) continue;
          // Filled bubbles can make a small sheet-like quadrilateral too: the corner squares make the largest.
          found.push({ quad, score: quadArea(quad) * Math.exp(-fit) });
        }
  found.sort((x, y) => y.score - x.score);
  // Quadrilaterals sharing a corner with a better one are mostly the same guess: the next tried is a different one.
  const out: Blob[][] = [];
  for (const f of found) {
    if (out.length >= count) break;
    if (out.some((q) => q.filter((b) => f.quad.includes(b)).length >= 3)) continue;
    out.push(f.quad);
  }
  return out;
}

function quadArea(q: Point[]): number {
  let a = 0;
  for (let i = 0; i < 4; i++) a += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y;
  return Math.abs(a) / 2;
}

const dist = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);

/** How unlike a sheet's corner squares four blobs are (0 a perfect fit); Infinity when they cannot be. */
export function quadScore(q: Blob[]): number {
  // Convex and clockwise (y down): every turn the same way.
  for (let i = 0; i < 4; i++) {
    const p = q[i];
    const r = q[(i + 1) % 4];
    const s = q[(i + 2) % 4];
    if ((r.x - p.x) * (s.y - r.y) - (r.y - p.y) * (s.x - r.x) <= 0) return Infinity;
  }
  const top = dist(q[0], q[1]);
  const right = dist(q[1], q[2]);
  const bottom = dist(q[2], q[3]);
  const left = dist(q[3], q[0]);
  const across = (top + bottom) / 2;
  const down = (left + right) / 2;
  // Upright or sideways; which one is nearer the page's proportions.
  const upright = Math.abs(Math.log(across / down / (SPAN_W / SPAN_H)));
  const sideways = Math.abs(Math.log(down / across / (SPAN_W / SPAN_H)));
  const shape = Math.min(upright, sideways);
  if (shape > 0.35) return Infinity;
  const perspective = Math.abs(Math.log(top / bottom)) + Math.abs(Math.log(left / right));
  if (perspective > 0.8) return Infinity;
  const short = Math.min(across, down);
  const long = Math.max(across, down);
  const expected = (MARKER_SIZE / SPAN_W) * short * 0.5 + (MARKER_SIZE / SPAN_H) * long * 0.5;
  let size = 0;
  for (const b of q) {
    const e = Math.abs(Math.log(b.side / expected));
    if (e > 0.6) return Infinity;
    size += e;
  }
  return shape + perspective * 0.5 + size;
}
