import sharp from "sharp";
import { homography, warpGray, type Gray, type Homography } from "./geometry.ts";
import { evenLight } from "./illumination.ts";
import { decodeSheetCode, MARKER_CENTRES, QR_BOX, SHEET_H_PX, SHEET_PX_PER_PT, SHEET_W_PX, sheetLayout, toSheetPx, type Point } from "./layout.ts";
import { findMarkers, type Blob } from "./markers.ts";
import { readQr, warpRect } from "./qr-read.ts";
import { readBoxes, readBubbleRows } from "./bubbles.ts";
import type { SheetReading } from "./reading.ts";

/**
 * Reads one photo (or scanned page) of an answer sheet (issue 29, decision 051), in the document worker:
 * 1. decoded upright (EXIF), grey, at two sizes: about 1,000 px to find the corner squares, about 2,000 px to draw from;
 * 2. the four corner squares found (markers.ts), and the homography from the sheet to the photo;
 * 3. the QR code read from its corner of the sheet, trying each way the sheet may lie (upright, upside down, sideways);
 * 4. the sheet drawn straight at SHEET_W_PX × SHEET_H_PX, its light evened out (illumination.ts), the bubbles and
 *    written boxes measured (bubbles.ts), and the straight sheet kept as a JPEG for the teacher's crops.
 */
const FIND_LONG_SIDE = 1000;
const DRAW_LONG_SIDE = 2000;
const SHEET_MARKERS = MARKER_CENTRES.map((p) => ({ x: p.x * SHEET_PX_PER_PT, y: p.y * SHEET_PX_PER_PT }));
/** Where the QR code is looked for on the straightened sheet: its box and a margin for a marker found a little off. */
const QR_REGION = (() => {
  const box = toSheetPx(QR_BOX);
  const margin = 24;
  return { x: box.x - margin, y: box.y - margin, w: box.w + 2 * margin, h: box.h + 2 * margin };
})();

/** Between steps (decoding, finding, drawing, measuring) the worker may sleep while an exam runs (print/pacing.ts). */
export type ReadHooks = { step(): void };
const NO_PAUSE: ReadHooks = { step() {} };

export async function readSheet(bytes: Uint8Array, hooks: ReadHooks = NO_PAUSE): Promise<SheetReading> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let src: Gray;
  let small: Gray;
  try {
    src = await decodeGray(bytes, DRAW_LONG_SIDE);
    small = await resizeGray(src, FIND_LONG_SIDE);
  } catch {
    return { ok: false, reason: "markers", ms: ms() };
  }
  hooks.step();
  const quads = findMarkers(small);
  if (quads.length === 0) return { ok: false, reason: "markers", ms: ms() };
  const k = src.width / small.width;
  let text: string | null = null;
  let sheetToSrc: Homography | null = null;
  search: for (const quad of quads) {
    const found = quad.map((b: Blob) => ({ x: b.x * k, y: b.y * k }));
    for (const start of orientations(found)) {
      const corners = [0, 1, 2, 3].map((i) => found[(start + i) % 4]);
      const h = homography(SHEET_MARKERS, corners);
      if (!h) continue;
      text = readQr(warpRect(src, h, QR_REGION)) ?? readQr(warpRect(src, h, QR_REGION, 1.5));
      if (text !== null) {
        sheetToSrc = h;
        break search;
      }
    }
  }
  hooks.step();
  if (text === null || !sheetToSrc) return { ok: false, reason: "qr", ms: ms() };
  const code = decodeSheetCode(text);
  const layout = code ? sheetLayout(code.bubbles, code.boxes) : null;
  if (!code || !layout) return { ok: false, reason: "not-ours", ms: ms() };
  const straight = evenLight(warpGray(src, sheetToSrc, SHEET_W_PX, SHEET_H_PX), 8);
  hooks.step();
  const rows = readBubbleRows(straight, layout);
  const boxes = readBoxes(straight, layout);
  const sheet = await sharp(Buffer.from(straight.data.buffer, straight.data.byteOffset, straight.data.byteLength), {
    raw: { width: straight.width, height: straight.height, channels: 1 },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { ok: true, code, sheet: new Uint8Array(sheet), rows, boxes, ms: ms() };
}

/**
 * Which found corner is the sheet's top-left, most likely first: the one at the photo's top-left when the quadrilateral
 * stands upright, the top-right one when it lies sideways; then the opposite corner (the sheet upside down).
 */
function orientations(q: Point[]): number[] {
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = d(q[0], q[1]) + d(q[2], q[3]);
  const down = d(q[1], q[2]) + d(q[3], q[0]);
  return across <= down ? [0, 2, 1, 3] : [3, 1, 0, 2];
}

async function decodeGray(bytes: Uint8Array, longSide: number): Promise<Gray> {
  const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: longSide, height: longSide, fit: "inside", withoutEnlargement: true, fastShrinkOnLoad: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return grey(data, info.width, info.height, info.channels);
}

async function resizeGray(g: Gray, longSide: number): Promise<Gray> {
  if (Math.max(g.width, g.height) <= longSide) return g;
  const { data, info } = await sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.byteLength), {
    raw: { width: g.width, height: g.height, channels: 1 },
  })
    .resize({ width: longSide, height: longSide, fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return grey(data, info.width, info.height, info.channels);
}

function grey(data: Buffer, width: number, height: number, channels: number): Gray {
  if (channels === 1) return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels];
  return { data: out, width, height };
}
