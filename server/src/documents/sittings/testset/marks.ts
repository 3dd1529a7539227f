import type { SKRSContext2D } from "@napi-rs/canvas";
import type { Rect } from "../layout.ts";

/**
 * A make-believe student's hand on the answer sheet (test set, issue 29): the marks people make in bubbles, a name
 * and a few words in a written box. Drawn with @napi-rs/canvas on the rendered page, `k` pixels per PDF point, each
 * with its own wobble from the seeded `rng`, so no two marks are quite alike.
 */

export type Rng = () => number;
type Ctx = SKRSContext2D;
type Bubble = { cx: number; cy: number; r: number };

const between = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
const grey = (v: number, alpha = 1) => {
  const g = Math.round(Math.max(0, Math.min(255, v)));
  return `rgba(${g},${g},${g},${alpha})`;
};

/** A stroke through points (in points), smoothed through their midpoints as a hand moves. */
function stroke(ctx: Ctx, pts: { x: number; y: number }[], k: number, width: number, colour: string): void {
  if (pts.length < 2) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width * k;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(pts[0].x * k, pts[0].y * k);
  for (let i = 1; i < pts.length - 1; i++) {
    const mx = (pts[i].x + pts[i + 1].x) / 2;
    const my = (pts[i].y + pts[i + 1].y) / 2;
    ctx.quadraticCurveTo(pts[i].x * k, pts[i].y * k, mx * k, my * k);
  }
  const last = pts[pts.length - 1];
  ctx.lineTo(last.x * k, last.y * k);
  ctx.stroke();
}

/**
 * Back-and-forth strokes across a bubble, as a pencil fills one: `cover` of the radius, lines `gap` points apart,
 * `skip` the chance a stroke is missed (a patchy fill).
 */
function zigzag(ctx: Ctx, b: Bubble, rng: Rng, k: number, o: { cover: number; width: number; gap: number; skip: number; colour: string }): void {
  const r = b.r * o.cover;
  const tilt = between(rng, -0.35, 0.35);
  const cx = b.cx + between(rng, -0.12, 0.12) * b.r;
  const cy = b.cy + between(rng, -0.12, 0.12) * b.r;
  const pts: { x: number; y: number }[] = [];
  let left = true;
  for (let y = -r; y <= r; y += o.gap) {
    const half = Math.sqrt(Math.max(0, r * r - y * y)) * between(rng, 0.85, 1.1);
    const x = left ? -half : half;
    const yy = y + between(rng, -0.3, 0.3);
    pts.push({ x: cx + x * Math.cos(tilt) - yy * Math.sin(tilt), y: cy + x * Math.sin(tilt) + yy * Math.cos(tilt) });
    left = !left;
  }
  // A patchy fill: the stroke lifts off the paper now and then.
  let run: { x: number; y: number }[] = [];
  for (const p of pts) {
    if (rng() < o.skip) {
      stroke(ctx, run, k, o.width, o.colour);
      run = [];
    }
    run.push(p);
  }
  stroke(ctx, run, k, o.width, o.colour);
}

/** A firmly filled bubble: a neat dark ellipse (a pen or a soft pencil), or a dense scribble that covers it. */
export function solid(ctx: Ctx, b: Bubble, rng: Rng, k: number): void {
  const v = between(rng, 20, 70);
  if (rng() < 0.5) {
    ctx.fillStyle = grey(v);
    ctx.beginPath();
    const rx = b.r * between(rng, 0.85, 1.12);
    const ry = b.r * between(rng, 0.8, 1.08);
    ctx.ellipse(
      (b.cx + between(rng, -0.12, 0.12) * b.r) * k,
      (b.cy + between(rng, -0.12, 0.12) * b.r) * k,
      rx * k,
      ry * k,
      between(rng, 0, Math.PI),
      0,
      Math.PI * 2,
    );
    ctx.fill();
  } else {
    zigzag(ctx, b, rng, k, { cover: between(rng, 0.9, 1.1), width: between(rng, 2.2, 3.2), gap: 1.4, skip: 0, colour: grey(v, 0.95) });
  }
}

/** A tick over the bubble, about its size or a little larger. */
export function tick(ctx: Ctx, b: Bubble, rng: Rng, k: number): void {
  const s = b.r * between(rng, 0.95, 1.35);
  const a = between(rng, -0.25, 0.25);
  const at = (x: number, y: number) => ({
    x: b.cx + (x * Math.cos(a) - y * Math.sin(a)) * s + between(rng, -0.05, 0.05) * s,
    y: b.cy + (x * Math.sin(a) + y * Math.cos(a)) * s + between(rng, -0.05, 0.05) * s,
  });
  stroke(ctx, [at(-0.8, -0.05), at(-0.5, 0.25), at(-0.2, 0.62), at(0.3, -0.1), at(0.95, -0.95)], k, between(rng, 1.3, 2), grey(between(rng, 20, 70)));
}

/** A cross over the bubble. */
export function cross(ctx: Ctx, b: Bubble, rng: Rng, k: number): void {
  const s = b.r * between(rng, 0.85, 1.25);
  const w = between(rng, 1.2, 1.8);
  const colour = grey(between(rng, 20, 70));
  const j = () => between(rng, -0.12, 0.12) * s;
  stroke(
    ctx,
    [
      { x: b.cx - 0.8 * s + j(), y: b.cy - 0.8 * s + j() },
      { x: b.cx + j() / 2, y: b.cy + j() / 2 },
      { x: b.cx + 0.8 * s + j(), y: b.cy + 0.8 * s + j() },
    ],
    k,
    w,
    colour,
  );
  stroke(
    ctx,
    [
      { x: b.cx + 0.8 * s + j(), y: b.cy - 0.8 * s + j() },
      { x: b.cx + j() / 2, y: b.cy + j() / 2 },
      { x: b.cx - 0.8 * s + j(), y: b.cy + 0.8 * s + j() },
    ],
    k,
    w,
    colour,
  );
}

/** A light, patchy grey pencil fill: a person reads it as marked, though it is far from black. */
export function pencil(ctx: Ctx, b: Bubble, rng: Rng, k: number): void {
  zigzag(ctx, b, rng, k, {
    cover: between(rng, 0.85, 1.0),
    width: between(rng, 1.4, 1.9),
    gap: between(rng, 1.3, 1.7),
    skip: between(rng, 0.08, 0.2),
    colour: grey(between(rng, 100, 130), between(rng, 0.75, 0.9)),
  });
}

/** What an eraser leaves of a mark: a faint grey smudge over part of the bubble. */
export function smudge(ctx: Ctx, b: Bubble, rng: Rng, k: number): void {
  zigzag(ctx, b, rng, k, {
    cover: between(rng, 0.75, 1.0),
    width: between(rng, 2.5, 3.5),
    gap: 1.6,
    skip: between(rng, 0.15, 0.35),
    colour: grey(between(rng, 195, 220), between(rng, 0.45, 0.7)),
  });
}

/**
 * Handwriting-like scribble: `words` words along the baseline from (x, y), letters `size` points high, no wider
 * than `maxWidth`. Not letters anyone could read, but ink where a name or an answer would be.
 */
export function handwriting(ctx: Ctx, x: number, y: number, maxWidth: number, size: number, words: number, rng: Rng, k: number): void {
  const colour = grey(between(rng, 25, 75));
  const width = between(rng, 0.8, 1.2);
  let cursor = x;
  for (let w = 0; w < words && cursor < x + maxWidth - size; w++) {
    const letters = 3 + Math.floor(rng() * 6);
    const pts: { x: number; y: number }[] = [];
    for (let i = 0; i < letters && cursor < x + maxWidth - size * 0.5; i++) {
      const tall = rng() < 0.25 ? 1.7 : 1;
      const low = rng() < 0.12 ? 0.6 : 0;
      const lw = size * between(rng, 0.45, 0.75);
      // Each letter: up to its height, back down past the baseline (a descender now and then), across to the next.
      pts.push({ x: cursor, y: y - between(rng, 0, 0.2) * size });
      pts.push({ x: cursor + lw * 0.3, y: y - size * tall * between(rng, 0.85, 1.05) });
      pts.push({ x: cursor + lw * 0.55, y: y + low * size });
      pts.push({ x: cursor + lw * 0.8, y: y - size * between(rng, 0.4, 0.7) });
      cursor += lw;
    }
    stroke(ctx, pts, k, width, colour);
    cursor += size * between(rng, 0.6, 1.0);
  }
}

/** A few words written in a box, on a line a little below its middle. */
export function writeInBox(ctx: Ctx, box: Rect, rng: Rng, k: number): void {
  const size = between(rng, 9, 13);
  handwriting(
    ctx,
    box.x + between(rng, 6, 18),
    box.y + box.h * between(rng, 0.6, 0.75),
    box.w * between(rng, 0.4, 0.85),
    size,
    1 + Math.floor(rng() * 3),
    rng,
    k,
  );
}
