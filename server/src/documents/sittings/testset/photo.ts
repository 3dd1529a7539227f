import sharp from "sharp";
import { homography, warpGray, type Gray } from "../geometry.ts";
import type { Point } from "../layout.ts";
import type { Distortion } from "./types.ts";

/**
 * A phone's photo of a filled sheet (test set, issue 29): the sheet laid on a darker desk, turned, seen from a leaning
 * phone (a pinhole camera looking at the tilted page, so the far edge shrinks), lit unevenly with a shadow across it,
 * with sensor noise, a warm cast, blur and JPEG compression. The sheet goes in as a grey picture of the page; the
 * photo comes out as a colour JPEG of the distortion's size.
 */

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Where the sheet's corners land in the photo (top-left, top-right, bottom-right, bottom-left), for a sheet of
 * aspect `w` × `h`: turned in its plane, leant away by `tilt` about an axis at `tiltDirection`, projected by a camera
 * about 1.6 sheet-heights away, then scaled and placed in the frame.
 */
export function photoCorners(w: number, h: number, d: Distortion): Point[] {
  const rot = rad(d.rotate);
  const th = rad(d.tilt);
  const phi = rad(d.tiltDirection);
  // The axis of the lean lies in the sheet's plane; Rodrigues' rotation about it.
  const ux = Math.cos(phi);
  const uy = Math.sin(phi);
  const c = Math.cos(th);
  const s = Math.sin(th);
  const dist = 1.6 * Math.max(w, h);
  const projected = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x0, y0]) => {
    const x = x0 * Math.cos(rot) - y0 * Math.sin(rot);
    const y = x0 * Math.sin(rot) + y0 * Math.cos(rot);
    const dot = ux * x + uy * y;
    // v·cosθ + (u×v)·sinθ + u(u·v)(1−cosθ), with v = (x, y, 0) and u = (ux, uy, 0).
    const X = x * c + ux * dot * (1 - c);
    const Y = y * c + uy * dot * (1 - c);
    const Z = (ux * y - uy * x) * s;
    const f = dist / (dist + Z);
    return { x: X * f, y: Y * f };
  });
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const bw = Math.max(...xs) - Math.min(...xs);
  const bh = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min((d.fill * d.height) / bh, (0.97 * d.width) / bw, (0.97 * d.height) / bh);
  const spareX = d.width - bw * scale;
  const spareY = d.height - bh * scale;
  // A shift of ±1 takes the sheet nearly to the frame's edge, never over it: the whole sheet stays in view.
  const ox = spareX / 2 + d.shiftX * spareX * 0.48 - Math.min(...xs) * scale;
  const oy = spareY / 2 + d.shiftY * spareY * 0.48 - Math.min(...ys) * scale;
  return projected.map((p) => ({ x: p.x * scale + ox, y: p.y * scale + oy }));
}

/** A small fast generator for per-pixel noise (xorshift32), seeded. */
function noiseSource(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296 - 0.5;
  };
}

/** The sheet (grey, any size) photographed as `d` says, as a JPEG. */
export async function photograph(sheet: Gray, d: Distortion, seed: number): Promise<Buffer> {
  const { width: W, height: H } = d;
  const corners = photoCorners(sheet.width, sheet.height, d);
  const src: Point[] = [
    { x: 0, y: 0 },
    { x: sheet.width, y: 0 },
    { x: sheet.width, y: sheet.height },
    { x: 0, y: sheet.height },
  ];
  const toSheet = homography(corners, src);
  if (!toSheet) throw new Error("the distortion folds the sheet onto a line");
  // Paper is never darker than 1 here, so 0 marks the desk around it after the warp.
  const lifted = new Uint8Array(sheet.data.length);
  for (let i = 0; i < lifted.length; i++) lifted[i] = sheet.data[i] || 1;
  const warped = warpGray({ data: lifted, width: sheet.width, height: sheet.height }, toSheet, W, H, 0);

  const rgb = new Uint8ClampedArray(W * H * 3);
  const rand = noiseSource(seed);
  const lx = Math.cos(rad(d.lightDirection));
  const ly = Math.sin(rad(d.lightDirection));
  // The light falls from 1 on the lit side to (1 − light) on the other, measured along its direction: linear in x and y.
  const span = Math.abs(lx) * W + Math.abs(ly) * H;
  const l0 = Math.min(0, lx * W) + Math.min(0, ly * H);
  const lightDx = -(d.light * lx) / span;
  const sa = rad(d.shadowAngle);
  const sx = Math.cos(sa);
  const sy = Math.sin(sa);
  const scx = W / 2 + d.shadowOffset * W;
  const scy = H / 2;
  const soft = 0.03 * Math.max(W, H);
  // The desk's wood grain: stripes along x that wander up and down, from two tables (no sine per pixel).
  const period = 0.035 * W;
  const wander = Array.from({ length: W }, (_, x) => Math.round(0.6 * period * Math.sin((x / W) * 5.3) + 0.2 * period * Math.sin((x / W) * 17)));
  const lo = Math.min(...wander);
  const stripes = Float32Array.from(
    { length: H + Math.max(...wander) - lo + 1 },
    (_, y) => 8 * Math.sin((2 * Math.PI * y) / period) + 4 * Math.sin((2 * Math.PI * y) / (period * 0.37)),
  );
  // Phone pictures of paper are rarely white: about 215 at best, with a warm cast under indoor light.
  const paper = 0.86;
  for (let y = 0; y < H; y++) {
    let light = 1 - (d.light * (ly * y - l0)) / span;
    let side = (0 - scx) * sx + (y - scy) * sy;
    for (let x = 0; x < W; x++, light += lightDx, side += sx) {
      const i = y * W + x;
      let l = light;
      if (d.shadow > 0) l *= 1 - d.shadow * (side <= -soft ? 0 : side >= soft ? 1 : (side + soft) / (2 * soft));
      const v = warped.data[i];
      const n = rand() * 2 * d.noise;
      const o = i * 3;
      if (v === 0) {
        const dv = (d.desk + stripes[y + wander[x] - lo] + 5 * rand()) * l;
        rgb[o] = dv + n;
        rgb[o + 1] = dv * 0.78 + n;
        rgb[o + 2] = dv * 0.58 + n;
      } else {
        const pv = v * paper * l;
        rgb[o] = pv + n;
        rgb[o + 1] = pv * 0.97 + n;
        rgb[o + 2] = pv * 0.9 + n;
      }
    }
  }
  let img = sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width: W, height: H, channels: 3 } });
  const sigma = (d.blur * W) / 1200;
  if (sigma >= 0.3) img = img.blur(sigma);
  return img.jpeg({ quality: Math.round(d.quality), mozjpeg: false }).toBuffer();
}
