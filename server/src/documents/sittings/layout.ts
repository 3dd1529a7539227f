/**
 * The answer sheet's geometry (issue 29, decision 051), shared by the printer that draws it and the reader that finds
 * it again in a photo: one source of truth, in PDF points (A4, origin top-left, y down, as pdfkit draws).
 *
 * - Four solid corner squares: the reader finds them and maps the photo onto this page.
 * - A QR code (top right) names the sitting, the student (0 on a blank sheet), the version and how many rows of each
 *   kind the sheet has, so a sheet is read without asking the database first.
 * - Bubble rows numbered down four columns like a BECE answer sheet, A–E in each row.
 * - Written boxes (short answer, numerical) below the bubbles, two to a line, for the teacher to mark from the photo.
 */

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;

/** Corner squares: side, and the distance of their outer edge from the page edge. */
export const MARKER_SIZE = 28;
export const MARKER_MARGIN = 30;

export type Point = { x: number; y: number };
export type Rect = { x: number; y: number; w: number; h: number };

/** The centres of the four corner squares: top-left, top-right, bottom-right, bottom-left. */
export const MARKER_CENTRES: readonly [Point, Point, Point, Point] = (() => {
  const lo = MARKER_MARGIN + MARKER_SIZE / 2;
  const right = PAGE_W - lo;
  const bottom = PAGE_H - lo;
  return [
    { x: lo, y: lo },
    { x: right, y: lo },
    { x: right, y: bottom },
    { x: lo, y: bottom },
  ] as const;
})();

/** The QR code's square, quiet zone included (the printer leaves it white but for the code). */
export const QR_BOX: Rect = { x: 440, y: 66, w: 100, h: 100 };
/** Where the header's text goes: school, quiz, version, name/class/index lines. */
export const HEADER_BOX: Rect = { x: 66, y: 66, w: 360, h: 118 };
/** One line of instructions above the bubbles. */
export const INSTRUCTIONS_Y = 190;

export const BUBBLE_LETTERS = ["A", "B", "C", "D", "E"] as const;
export const BUBBLE_RADIUS = 7;
const GRID_TOP = 214;
const ROW_PITCH = 22;
const MAX_ROWS_PER_COLUMN = 25;
const COLUMNS = 4;
const COLUMN_X0 = 52;
const COLUMN_PITCH = 126;
/** From a column's left edge: the number's right edge, the first bubble's centre, and the step between bubbles. */
const NUMBER_RIGHT = 24;
const FIRST_BUBBLE = 36;
const BUBBLE_STEP = 19;

const BOX_W = 238;
const BOX_H = 44;
const BOX_GAP_Y = 10;
const BOX_X = [COLUMN_X0, COLUMN_X0 + BOX_W + 20];
/** Nothing is drawn below this (the bottom corner squares start lower). */
const CONTENT_BOTTOM = PAGE_H - MARKER_MARGIN - MARKER_SIZE - 8;

export const MAX_BUBBLE_ROWS = COLUMNS * MAX_ROWS_PER_COLUMN;

export type BubbleRow = {
  /** The number printed (1…). */
  n: number;
  /** Where the number is drawn (right-aligned to x, vertically centred on y). */
  label: Point;
  /** A–E, each a circle. */
  bubbles: { letter: (typeof BUBBLE_LETTERS)[number]; cx: number; cy: number; r: number }[];
  /** The row's area, for the teacher's crop. */
  crop: Rect;
};
export type BoxRow = { n: number; box: Rect; crop: Rect };

export type SheetLayout = {
  bubbleRows: BubbleRow[];
  boxRows: BoxRow[];
  /** Where the "Written answers" heading goes, when there are boxes. */
  boxesHeadingY: number | null;
};

/**
 * The sheet for `bubbles` bubble rows (numbered 1…) and `boxes` written boxes (numbered on from there), or null when
 * they do not fit on one page. Rows run down each column: with 30 questions, 8 rows a column (1–8, 9–16, …).
 */
export function sheetLayout(bubbles: number, boxes: number): SheetLayout | null {
  if (!Number.isInteger(bubbles) || !Number.isInteger(boxes) || bubbles < 0 || boxes < 0) return null;
  if (bubbles > MAX_BUBBLE_ROWS) return null;
  const rowsPerColumn = bubbles === 0 ? 0 : Math.min(MAX_ROWS_PER_COLUMN, Math.max(5, Math.ceil(bubbles / COLUMNS)));
  const bubbleRows: BubbleRow[] = [];
  for (let i = 0; i < bubbles; i++) {
    const col = Math.floor(i / rowsPerColumn);
    const row = i % rowsPerColumn;
    const x0 = COLUMN_X0 + col * COLUMN_PITCH;
    const cy = GRID_TOP + row * ROW_PITCH + ROW_PITCH / 2;
    bubbleRows.push({
      n: i + 1,
      label: { x: x0 + NUMBER_RIGHT, y: cy },
      bubbles: BUBBLE_LETTERS.map((letter, k) => ({ letter, cx: x0 + FIRST_BUBBLE + k * BUBBLE_STEP, cy, r: BUBBLE_RADIUS })),
      crop: { x: x0, y: cy - ROW_PITCH / 2, w: FIRST_BUBBLE + 4 * BUBBLE_STEP + BUBBLE_RADIUS + 8, h: ROW_PITCH },
    });
  }
  const gridBottom = GRID_TOP + rowsPerColumn * ROW_PITCH;
  const boxRows: BoxRow[] = [];
  const boxesHeadingY = boxes > 0 ? gridBottom + 10 : null;
  const boxTop = gridBottom + 28;
  for (let j = 0; j < boxes; j++) {
    const y = boxTop + Math.floor(j / 2) * (BOX_H + BOX_GAP_Y);
    if (y + BOX_H > CONTENT_BOTTOM) return null;
    const box = { x: BOX_X[j % 2], y, w: BOX_W, h: BOX_H };
    boxRows.push({ n: bubbles + j + 1, box, crop: { x: box.x - 4, y: box.y - 4, w: box.w + 8, h: box.h + 8 } });
  }
  return { bubbleRows, boxRows, boxesHeadingY };
}

/** What a sheet's QR code says. `student` is 0 on a blank sheet. */
export type SheetCode = { sittingId: number; student: number; version: number; bubbles: number; boxes: number };

const CODE_PREFIX = "ADESUA-S1";
/** The QR code's text: short (a small code prints large modules, which read from a poor photo). */
export function encodeSheetCode(c: SheetCode): string {
  return [CODE_PREFIX, c.sittingId, c.student, c.version, c.bubbles, c.boxes].join(":");
}
/** The code read back, or null when it is not one of ours. */
export function decodeSheetCode(text: string): SheetCode | null {
  const parts = text.trim().split(":");
  if (parts.length !== 6 || parts[0] !== CODE_PREFIX || !parts.slice(1).every((p) => /^\d{1,10}$/.test(p))) return null;
  const [sittingId, student, version, bubbles, boxes] = parts.slice(1).map(Number);
  if (sittingId < 1 || version < 1 || version > 4 || bubbles > MAX_BUBBLE_ROWS || boxes > 40) return null;
  return { sittingId, student, version, bubbles, boxes };
}

/** The reader straightens a photo to this many pixels per point (1,191 × 1,684 px for A4, about 144 dpi). */
export const SHEET_PX_PER_PT = 2;
export const SHEET_W_PX = Math.round(PAGE_W * SHEET_PX_PER_PT);
export const SHEET_H_PX = Math.round(PAGE_H * SHEET_PX_PER_PT);
/** A rectangle in points as pixels of the straightened sheet. */
export function toSheetPx(r: Rect): Rect {
  const k = SHEET_PX_PER_PT;
  return { x: Math.round(r.x * k), y: Math.round(r.y * k), w: Math.round(r.w * k), h: Math.round(r.h * k) };
}
