import { createCanvas } from "@napi-rs/canvas";
import { seededRandom } from "@adesua/domain";
import type { Gray } from "../geometry.ts";
import { BUBBLE_LETTERS, HEADER_BOX, PAGE_H, PAGE_W, sheetLayout } from "../layout.ts";
import { cross, handwriting, pencil, smudge, solid, tick, writeInBox, type Rng } from "./marks.ts";
import { PrintedPdf } from "./pages.ts";
import { photograph } from "./photo.ts";
import { rowTruth } from "./truth.ts";
import { DEFAULT_DISTORTION, type Distortion, type RowMarks, type SheetPhoto, type SheetRequest } from "./types.ts";

/**
 * Photos of filled answer sheets from a printed sitting PDF (test set, issue 29): each request names a page, the marks
 * on it and the phone; the page is drawn, marked by hand at the bubbles of layout.ts, photographed, and handed back
 * as a JPEG with the truth of every row.
 *
 *   const pages = await answerSheetPages(pdf);                       // [{ page, code }]
 *   const [photo] = await sheetPhotos(pdf, [{ page: pages[0].page, answers: { 1: { letters: ["B"], style: "solid" } } }]);
 *   photo.jpeg; photo.truth;                                          // what the reader must make of it
 */
export async function sheetPhotos(pdfBytes: Uint8Array, requests: readonly SheetRequest[]): Promise<SheetPhoto[]> {
  const pdf = await PrintedPdf.open(pdfBytes);
  try {
    const out: SheetPhoto[] = [];
    for (const r of requests) out.push(await sheetPhoto(pdf, r));
    return out;
  } finally {
    await pdf.close();
  }
}

/**
 * The pixels per point the page is drawn at before the photo: about what the photo shows of it at most (a sheet
 * filling 95 % of the frame), in half steps, so one drawing of a page serves every photo of its size.
 */
export function drawScale(d: Pick<Distortion, "width" | "height">): number {
  return Math.max(1.5, Math.round(((Math.max(d.width, d.height) * 0.95) / PAGE_H) * 2) / 2);
}

/** One photo, from a PDF already open (the bench keeps one open for hundreds of sheets). */
export async function sheetPhoto(pdf: PrintedPdf, r: SheetRequest): Promise<SheetPhoto> {
  const t0 = performance.now();
  const code = await pdf.code(r.page);
  if (!code) throw new Error(`page ${r.page} has no answer sheet QR code`);
  const layout = sheetLayout(code.bubbles, code.boxes);
  if (!layout) throw new Error(`page ${r.page}: the QR code's ${code.bubbles} rows and ${code.boxes} boxes do not fit a sheet`);
  const d: Distortion = { ...DEFAULT_DISTORTION, ...r.distortion };
  const seed = r.seed ?? r.page * 7919 + code.student * 104729 + code.version;
  const rng = seededRandom(seed);

  const k = drawScale(d);
  const page = await pdf.page(r.page, k);
  const canvas = createCanvas(page.width, page.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, page.width, page.height);
  ctx.drawImage(page, 0, 0);
  const kk = page.width / PAGE_W;

  // The rubbed-out letter of each erased-then-changed row is chosen here, so the truth can name it.
  const answers: Record<number, RowMarks> = {};
  for (const row of layout.bubbleRows) {
    const m = r.answers[row.n];
    if (!m) continue;
    answers[row.n] = m.style === "erased" && !m.erased ? { ...m, erased: erasedNeighbour(m.letters[0], r.questions?.[row.n]?.options ?? 4, rng) } : m;
    markRow(ctx, row.bubbles, answers[row.n], rng, kk);
  }
  if (r.name) {
    // On the name line (print-sheet.ts draws "Name:" 56 points into the header), as a student writes on a blank sheet.
    handwriting(ctx, HEADER_BOX.x + 50, HEADER_BOX.y + 66, HEADER_BOX.w * 0.6, 10, 3, rng, kk);
  }
  const written =
    r.boxes === true ? layout.boxRows.map((b) => b.n) : Array.isArray(r.boxes) ? r.boxes.filter((n) => layout.boxRows.some((b) => b.n === n)) : [];
  for (const b of layout.boxRows) if (written.includes(b.n)) writeInBox(ctx, b.box, rng, kk);

  const jpeg = await photograph(toGray(ctx.getImageData(0, 0, page.width, page.height)), d, seed ^ 0x5bd1e995);
  const truth = layout.bubbleRows.map((row) => rowTruth(row.n, answers[row.n], r.questions?.[row.n]));
  return { page: r.page, code, jpeg, width: d.width, height: d.height, distortion: d, truth, written, ms: Math.round(performance.now() - t0) };
}

type Ctx = ReturnType<ReturnType<typeof createCanvas>["getContext"]>;
type Bubble = { letter: string; cx: number; cy: number; r: number };

function markRow(ctx: Ctx, bubbles: Bubble[], marks: RowMarks, rng: Rng, k: number): void {
  const at = (letter: string) => bubbles.find((b) => b.letter === letter);
  if (marks.style === "erased" && marks.erased && !marks.letters.includes(marks.erased)) {
    const g = at(marks.erased);
    if (g) smudge(ctx, g, rng, k);
  }
  const draw = { solid, tick, cross, pencil, erased: solid }[marks.style];
  for (const letter of marks.letters) {
    const b = at(letter);
    if (b) draw(ctx, b, rng, k);
  }
}

/** The letter a student changed their mind from: one beside the firm one (any letter when the row is empty). */
export function erasedNeighbour(firm: string | undefined, count: number, rng: Rng): string {
  const i = firm ? BUBBLE_LETTERS.indexOf(firm as (typeof BUBBLE_LETTERS)[number]) : -1;
  if (i < 0) return BUBBLE_LETTERS[Math.floor(rng() * count)];
  const choices = [i - 1, i + 1].filter((j) => j >= 0 && j < count);
  return BUBBLE_LETTERS[choices[Math.floor(rng() * choices.length)] ?? (i === 0 ? 1 : 0)];
}

function toGray(img: { data: Uint8ClampedArray; width: number; height: number }): Gray {
  const { data, width, height } = img;
  const out = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) out[i] = (data[j] * 77 + data[j + 1] * 150 + data[j + 2] * 29) >> 8;
  return { data: out, width, height };
}
