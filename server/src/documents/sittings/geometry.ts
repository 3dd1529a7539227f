import type { Point } from "./layout.ts";

/**
 * Plane geometry for reading photographed sheets (issue 29): the projective map (homography) that takes four points
 * to four others, and a grey picture drawn through it. Used by the reader (photo → straight sheet) and by the test
 * set that tilts printed sheets as a phone would (straight sheet → photo).
 */

/** A 3×3 matrix, row by row; maps (x, y, 1). */
export type Homography = Float64Array;

/** The homography taking `from[i]` to `to[i]` (four points each, no three on a line); null when they are degenerate. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  if (from.length !== 4 || to.length !== 4) return null;
  // Eight equations in h0…h7 (h8 = 1), solved by Gaussian elimination with partial pivoting.
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    if (Math.abs(a[p][c]) < 1e-12) return null;
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      if (f === 0) continue;
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  const h = new Float64Array(9);
  for (let i = 0; i < 8; i++) h[i] = a[i][8] / a[i][i];
  h[8] = 1;
  return h;
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** A grey picture: one byte a pixel, row by row (0 black, 255 white). */
export type Gray = { data: Uint8Array; width: number; height: number };

/**
 * Draws `out` (width × height) by looking each of its pixels up in `src` through `outToSrc` (a homography from output
 * to source coordinates), with bilinear sampling; pixels that fall outside the source are `fill`.
 */
export function warpGray(src: Gray, outToSrc: Homography, width: number, height: number, fill = 255): Gray {
  const out = new Uint8Array(width * height);
  const { data, width: sw, height: sh } = src;
  const h = outToSrc;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = h[6] * x + h[7] * y + h[8];
      const sx = (h[0] * x + h[1] * y + h[2]) / w;
      const sy = (h[3] * x + h[4] * y + h[5]) / w;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= sw - 1 || y0 >= sh - 1) {
        out[y * width + x] = fill;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * sw + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bottom = data[i + sw] + (data[i + sw + 1] - data[i + sw]) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, width, height };
}
