/**
 * The Scan screen's sheet finder (issue 29): in a small frame of the camera (about 200 px wide) it looks for the four
 * solid corner squares printed on every answer sheet, so the picture is taken only when the whole sheet is in view.
 * Deliberately simple and pure (no DOM): a dark threshold from the frame's own brightness, then in each corner region
 * the dark blob of a square's shape nearest that corner. The server does the real reading; this only decides "now".
 */

export type Frame = { data: Uint8ClampedArray | number[]; width: number; height: number };
export type Pt = { x: number; y: number };
/** Top-left, top-right, bottom-right, bottom-left; null where no square was found. */
export type Corners = [Pt | null, Pt | null, Pt | null, Pt | null];

/** Each corner region: this share of the frame's width and height, from that corner. */
const REGION = 0.42;
/** A square's blob: its area as a share of the frame's, and how full and how square its bounding box is. */
const MIN_AREA = 6;
const MAX_AREA_SHARE = 0.012;
const MIN_FILL = 0.6;
const MAX_ASPECT = 1.8;
/** The four squares must span at least this share of the frame (a sheet far away reads badly). */
const MIN_QUAD_SHARE = 0.18;

/** Luminance (0–255) of each pixel of an RGBA frame. */
export function toGray(f: Frame): Uint8Array {
  const n = f.width * f.height;
  const g = new Uint8Array(n);
  for (let i = 0; i < n; i++) g[i] = (f.data[i * 4] * 77 + f.data[i * 4 + 1] * 150 + f.data[i * 4 + 2] * 29) >> 8;
  return g;
}

/**
 * Dark enough to be ink: below the midpoint between the frame's dark end (its 2nd percentile) and its paper (the
 * median), so a dim room or a bright window moves the threshold with it.
 */
export function darkThreshold(gray: Uint8Array): number {
  const hist = new Uint32Array(256);
  for (const v of gray) hist[v]++;
  const at = (share: number) => {
    const want = gray.length * share;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v];
      if (seen >= want) return v;
    }
    return 255;
  };
  const dark = at(0.02);
  const paper = at(0.5);
  // No contrast at all (a covered lens, a blank wall): nothing counts as dark.
  if (paper - dark < 40) return -1;
  return (dark + paper) / 2;
}

type Blob = { cx: number; cy: number; area: number; w: number; h: number };

/** The dark blobs (4-connected) inside a rectangle of the frame. */
function blobsIn(dark: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): Blob[] {
  const seen = new Uint8Array(dark.length);
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const start = y * width + x;
      if (!dark[start] || seen[start]) continue;
      let area = 0,
        sx = 0,
        sy = 0,
        minX = x,
        maxX = x,
        minY = y,
        maxY = y;
      seen[start] = 1;
      stack.push(start);
      while (stack.length) {
        const p = stack.pop()!;
        const px = p % width;
        const py = (p - px) / width;
        area++;
        sx += px;
        sy += py;
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
        const next = [px > x0 ? p - 1 : -1, px < x1 - 1 ? p + 1 : -1, py > y0 ? p - width : -1, py < y1 - 1 ? p + width : -1];
        for (const q of next) {
          if (q >= 0 && dark[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
      out.push({ cx: sx / area, cy: sy / area, area, w: maxX - minX + 1, h: maxY - minY + 1 });
    }
  }
  return out;
}

const isSquare = (b: Blob, maxArea: number) =>
  b.area >= MIN_AREA && b.area <= maxArea && b.area / (b.w * b.h) >= MIN_FILL && Math.max(b.w, b.h) / Math.min(b.w, b.h) <= MAX_ASPECT;

/** The area of a quadrilateral (shoelace), its corners in order. */
export function quadArea(q: readonly Pt[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i];
    const b = q[(i + 1) % q.length];
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

/** The corner squares of a small camera frame (each null when not found). */
export function findCorners(f: Frame): Corners {
  const gray = toGray(f);
  const t = darkThreshold(gray);
  const none: Corners = [null, null, null, null];
  if (t < 0) return none;
  const dark = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) dark[i] = gray[i] < t ? 1 : 0;
  const { width: w, height: h } = f;
  const rw = Math.round(w * REGION);
  const rh = Math.round(h * REGION);
  const maxArea = Math.max(MIN_AREA * 4, w * h * MAX_AREA_SHARE);
  const regions: [number, number, number, number, Pt][] = [
    [0, 0, rw, rh, { x: 0, y: 0 }],
    [w - rw, 0, w, rh, { x: w, y: 0 }],
    [w - rw, h - rh, w, h, { x: w, y: h }],
    [0, h - rh, rw, h, { x: 0, y: h }],
  ];
  return regions.map(([x0, y0, x1, y1, corner]) => {
    // A square touching the frame's edge is cut off: the sheet is not wholly in view.
    const found = blobsIn(dark, w, x0, y0, x1, y1).filter((b) => isSquare(b, maxArea) && !touchesEdge(b, w, h));
    if (found.length === 0) return null;
    // The printed squares are the sheet's outermost marks: the blob nearest the frame's corner (not the QR code's).
    found.sort((a, b) => Math.hypot(a.cx - corner.x, a.cy - corner.y) - Math.hypot(b.cx - corner.x, b.cy - corner.y));
    return { x: found[0].cx, y: found[0].cy };
  }) as Corners;
}

function touchesEdge(b: Blob, w: number, h: number) {
  const r = b.w / 2 + 0.5;
  const s = b.h / 2 + 0.5;
  return b.cx - r < 0.5 || b.cy - s < 0.5 || b.cx + r > w - 0.5 || b.cy + s > h - 0.5;
}

/** All four found, and the sheet they make fills enough of the frame. */
export function sheetInView(c: Corners, f: Pick<Frame, "width" | "height">): c is [Pt, Pt, Pt, Pt] {
  if (c.some((p) => p === null)) return false;
  return quadArea(c as Pt[]) >= MIN_QUAD_SHARE * f.width * f.height;
}

/** Two finds agree within `tolerance` pixels at every corner (the phone is held still). */
export function cornersSteady(a: Corners | null, b: Corners | null, tolerance: number): boolean {
  if (!a || !b) return false;
  return a.every((p, i) => {
    const q = b[i];
    return !!p && !!q && Math.hypot(p.x - q.x, p.y - q.y) <= tolerance;
  });
}
