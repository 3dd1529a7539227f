import type { Gray } from "./geometry.ts";

/**
 * How bright the paper is at each pixel (issue 29): the photo with every dark thing smaller than a few blocks taken
 * away. Each block's brightest pixel, then the brightest of the blocks around it (so a marker, a filled bubble or a
 * word never counts as paper), smoothed and spread back over the pixels. A shadow or light falling off across the sheet
 * is in it; dividing by it leaves only the ink.
 */
export function paperBrightness(g: Gray, block: number, reach = 2): Float32Array {
  const { width: W, height: H, data } = g;
  const gw = Math.ceil(W / block);
  const gh = Math.ceil(H / block);
  const grid = new Float32Array(gw * gh);
  for (let y = 0; y < H; y++) {
    const row = Math.floor(y / block) * gw;
    const off = y * W;
    for (let bx = 0; bx < gw; bx++) {
      let m = grid[row + bx];
      const end = Math.min(W, (bx + 1) * block);
      for (let x = bx * block; x < end; x++) if (data[off + x] > m) m = data[off + x];
      grid[row + bx] = m;
    }
  }
  // A closing (the brightest around, then the darkest of those): dark things smaller than the window go, while a
  // slope of light (a shadow's soft edge) stays where it is instead of being pushed outwards.
  const closed = extremeFilter(extremeFilter(grid, gw, gh, reach, Math.max), gw, gh, reach, Math.min);
  const smooth = boxFilter(closed, gw, gh, 1);
  // Bilinear from block centres to pixels (each column's two blocks and weight worked out once).
  const out = new Float32Array(W * H);
  const cx0 = new Int32Array(W);
  const cx1 = new Int32Array(W);
  const ctx = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / block - 0.5));
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(gw - 1, cx0[x] + 1);
    ctx[x] = fx - cx0[x];
  }
  for (let y = 0; y < H; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    const r0 = y0 * gw;
    const r1 = y1 * gw;
    const off = y * W;
    for (let x = 0; x < W; x++) {
      const tx = ctx[x];
      const top = smooth[r0 + cx0[x]] * (1 - tx) + smooth[r0 + cx1[x]] * tx;
      const bottom = smooth[r1 + cx0[x]] * (1 - tx) + smooth[r1 + cx1[x]] * tx;
      const v = top * (1 - ty) + bottom * ty;
      out[off + x] = v > 24 ? v : 24;
    }
  }
  return out;
}

function extremeFilter(a: Float32Array, w: number, h: number, r: number, pick: (p: number, q: number) => number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = a[y * w + x];
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) m = pick(m, a[y * w + k]);
      tmp[y * w + x] = m;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = tmp[y * w + x];
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) m = pick(m, tmp[k * w + x]);
      out[y * w + x] = m;
    }
  return out;
}

function boxFilter(a: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let j = Math.max(0, y - r); j <= Math.min(h - 1, y + r); j++)
        for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) {
          s += a[j * w + k];
          n++;
        }
      out[y * w + x] = s / n;
    }
  return out;
}

/** The picture divided by its paper: white paper becomes 255 wherever the light fell, ink keeps its contrast. */
export function evenLight(g: Gray, block: number): Gray {
  const bg = paperBrightness(g, block);
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.round((255 * g.data[i]) / bg[i]));
  return { data: out, width: g.width, height: g.height };
}
