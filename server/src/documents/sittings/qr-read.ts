import jsQR from "jsqr";
import { applyHomography, type Gray, type Homography } from "./geometry.ts";
import { evenLight } from "./illumination.ts";
import type { Rect } from "./layout.ts";

/**
 * Reading the sheet's QR code (issue 29) from a small straightened crop around where it is printed: as it is, then
 * with its light evened out and contrast stretched (a dim photo, a shadow's edge across the code), then that sharpened
 * (a photo a little out of focus), then cut hard at its middle grey.
 */
export function readQr(g: Gray): string | null {
  const attempt = (v: Gray) => jsQR(toRgba(v), v.width, v.height, { inversionAttempts: "dontInvert" })?.data || null;
  const first = attempt(g);
  if (first) return first;
  const even = stretch(evenLight(g, 12));
  for (const variant of [() => even, () => sharpen(even), () => threshold(even)]) {
    const found = attempt(variant());
    if (found) return found;
  }
  return null;
}

/** An unsharp mask: the picture plus its difference from a 5 × 5 mean of itself. */
function sharpen(g: Gray): Gray {
  const { width: W, height: H, data } = g;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let s = 0;
      let n = 0;
      for (let j = Math.max(0, y - 2); j <= Math.min(H - 1, y + 2); j++)
        for (let i = Math.max(0, x - 2); i <= Math.min(W - 1, x + 2); i++) {
          s += data[j * W + i];
          n++;
        }
      const v = data[y * W + x];
      out[y * W + x] = Math.max(0, Math.min(255, Math.round(v + 1.5 * (v - s / n))));
    }
  return { data: out, width: W, height: H };
}

function toRgba(g: Gray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0, j = 0; i < g.data.length; i++, j += 4) {
    const v = g.data[i];
    out[j] = v;
    out[j + 1] = v;
    out[j + 2] = v;
    out[j + 3] = 255;
  }
  return out;
}

function percentiles(g: Gray): [number, number] {
  const hist = new Uint32Array(256);
  for (const v of g.data) hist[v]++;
  const n = g.data.length;
  let acc = 0;
  let lo = 0;
  let hi = 255;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc < n * 0.05) lo = v;
    if (acc < n * 0.9) hi = v;
  }
  return [lo, Math.max(lo + 8, hi)];
}

function stretch(g: Gray): Gray {
  const [lo, hi] = percentiles(g);
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(((g.data[i] - lo) * 255) / (hi - lo))));
  return { data: out, width: g.width, height: g.height };
}

function threshold(g: Gray): Gray {
  const [lo, hi] = percentiles(g);
  const t = (lo + hi) / 2;
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = g.data[i] < t ? 0 : 255;
  return { data: out, width: g.width, height: g.height };
}

/**
 * Part of the straightened sheet, drawn straight from the photo: `rect` in sheet pixels, `sheetToSrc` maps sheet pixels
 * to photo pixels. Only the region is computed (the QR code is tried before the whole sheet is drawn).
 */
export function warpRect(src: Gray, sheetToSrc: Homography, rect: Rect, zoom = 1): Gray {
  const w = Math.round(rect.w * zoom);
  const h = Math.round(rect.h * zoom);
  const out = new Uint8Array(w * h);
  const { data, width: sw, height: sh } = src;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = applyHomography(sheetToSrc, { x: rect.x + x / zoom, y: rect.y + y / zoom });
      const x0 = Math.floor(p.x);
      const y0 = Math.floor(p.y);
      if (x0 < 0 || y0 < 0 || x0 >= sw - 1 || y0 >= sh - 1) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = p.x - x0;
      const fy = p.y - y0;
      const i = y0 * sw + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bottom = data[i + sw] + (data[i + sw + 1] - data[i + sw]) * fx;
      out[y * w + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, width: w, height: h };
}
