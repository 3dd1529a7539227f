import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentPool } from "../pool.ts";
import { classifyRow } from "./bubbles.ts";
import { QR_BOX, type SheetCode } from "./layout.ts";
import { paperFixturePrint, renderAnswerSheets } from "./paper-fixture.ts";
import { drawSheet, photograph, type Mark, type RowMarks } from "./read-sheet-fixture.ts";
import { readSheet } from "./read-sheet.ts";
import type { SheetReading } from "./reading.ts";
import { accuracyPlan, answerSheetPages, scoreSheet, sheetPhotos } from "./testset/index.ts";

const CODE: SheetCode = { sittingId: 12, student: 345, version: 2, bubbles: 24, boxes: 2 };
type Kind = Mark | "two" | "changed" | "empty";
const KINDS: Kind[] = ["solid", "tick", "cross", "light", "scribble", "changed", "two", "empty"];
const L = "ABCDE";

/** A sheet of every kind of mark, row after row, and what a careful person reads from each row. */
function markedSheet(rows = CODE.bubbles): { marks: RowMarks[]; expected: string[][] } {
  const marks: RowMarks[] = [];
  const expected: string[][] = [];
  for (let i = 0; i < rows; i++) {
    const kind = KINDS[i % KINDS.length];
    const a = (i * 3) % 5;
    const b = (a + 2) % 5;
    const [row, read]: [RowMarks, string[]] =
      kind === "empty"
        ? [{}, []]
        : kind === "two"
          ? [{ [a]: "solid", [b]: "solid" }, [L[a], L[b]].sort()]
          : kind === "changed"
            ? [{ [a]: "erased", [b]: "solid" }, [L[b]]]
            : [{ [a]: kind }, [L[a]]];
    marks.push(row);
    expected.push(read);
  }
  return { marks, expected };
}

function expectRead(r: SheetReading, expected: string[][]): void {
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  expect(r.code).toEqual(CODE);
  expect(r.rows.map((row) => ({ n: row.n, marked: row.marked, unsure: row.unsure }))).toEqual(
    expected.map((marked, i) => ({ n: i + 1, marked, unsure: false })),
  );
}

const { marks, expected } = markedSheet();
const sheet = drawSheet(CODE, marks, { scale: 2, boxInk: [true, false] });

describe("reading a photographed answer sheet", () => {
  it("reads every kind of mark from a turned, leaning, blurred, unevenly lit and shadowed JPEG (quality 50)", async () => {
    const photo = await photograph(sheet, { width: 1200, height: 1600, rotate: 14, perspective: 0.12, blur: 1.2, quality: 50, shadow: 0.5, gradient: 0.5 });
    const r = await readSheet(photo);
    expectRead(r, expected);
    if (!r.ok) return;
    expect(r.boxes.map((b) => b.n)).toEqual([25, 26]);
    expect(r.boxes[0].ink).toBeGreaterThan(0.01);
    expect(r.boxes[1].ink).toBe(0);
    // Filled bubbles read near 1, clean ones near 0.
    expect(r.rows[0].fill[0]).toBeGreaterThan(0.7);
    expect(Math.max(...r.rows[7].fill)).toBeLessThan(0.1);
    const meta = await sharp(r.sheet).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1191, 1684]);
    expect(r.ms).toBeGreaterThan(0);
  });

  it("reads a sheet photographed upside down, or lying sideways in a landscape photo, or sent as PNG", async () => {
    expectRead(await readSheet(await photograph(sheet, { width: 1200, height: 1600, rotate: -18, perspective: 0.1, upsideDown: true, fill: 0.7 })), expected);
    expectRead(await readSheet(await photograph(sheet, { width: 1600, height: 1200, rotate: 97, fill: 0.7 })), expected);
    const png = await sharp(await photograph(sheet, { width: 1200, height: 1600, rotate: 5 }))
      .png()
      .toBuffer();
    expectRead(await readSheet(png), expected);
  });

  it("refuses a photo with no sheet in it, a sheet whose QR code cannot be read, and a QR code that is not ours", async () => {
    const blank = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 120, g: 110, b: 100 } } })
      .jpeg()
      .toBuffer();
    expect(await readSheet(blank)).toMatchObject({ ok: false, reason: "markers" });
    expect(await readSheet(new TextEncoder().encode("not a picture"))).toMatchObject({ ok: false, reason: "markers" });

    const noQr = drawSheet(CODE, marks, { scale: 2 });
    for (let y = QR_BOX.y * 2; y < (QR_BOX.y + QR_BOX.h) * 2; y++)
      noQr.data.fill(255, y * noQr.width + QR_BOX.x * 2, y * noQr.width + (QR_BOX.x + QR_BOX.w) * 2);
    expect(await readSheet(await photograph(noQr, { width: 1200, height: 1600, rotate: 3 }))).toMatchObject({ ok: false, reason: "qr" });

    const foreign = drawSheet(CODE, marks, { scale: 2, qrText: "https://example.com/menu" });
    expect(await readSheet(await photograph(foreign, { width: 1200, height: 1600, rotate: 3 }))).toMatchObject({ ok: false, reason: "not-ours" });
  });
});

describe("a row's verdict from its bubbles (the printed letter taken away)", () => {
  const clean = { mean: 0, mid: 0, ink: 0 };
  const filled = { mean: 0.7, mid: 0.95, ink: 0.9 };
  const smudge = { mean: 0.08, mid: 0.05, ink: 0 };
  const pencil = { mean: 0.16, mid: 0.44, ink: 0 };
  const faint = { mean: 0.06, mid: 0.12, ink: 0 };
  const row = (...ms: (typeof clean)[]) => classifyRow(1, [...ms, ...Array(5 - ms.length).fill(clean)]);

  it("takes a filled bubble, a light pencil fill and a tick; leaves clean bubbles out", () => {
    expect(row(clean, filled)).toMatchObject({ marked: ["B"], unsure: false });
    expect(row(pencil)).toMatchObject({ marked: ["A"], unsure: false });
    expect(row(clean, clean, { mean: 0.17, mid: 0.35, ink: 0.2 })).toMatchObject({ marked: ["C"], unsure: false });
    expect(row()).toMatchObject({ marked: [], unsure: false });
  });

  it("counts an erased smudge beside a firm mark as the firm mark, and both of two firm marks", () => {
    expect(row(smudge, filled)).toMatchObject({ marked: ["B"], unsure: false });
    expect(row(filled, clean, filled)).toMatchObject({ marked: ["A", "C"], unsure: false });
  });

  it("never guesses: a faint mark alone, or a faint tick-like mark beside a fill, leaves the row unsure", () => {
    expect(row(faint).unsure).toBe(true);
    expect(row(filled, { mean: 0.1, mid: 0.22, ink: 0 }).unsure).toBe(true);
  });
});

describe("printed sheets (paperFixture) through the photo test set, and the worker pool", () => {
  const pool = new DocumentPool({ maxThreads: 1 });
  afterAll(() => pool.close());

  it("reads the printer's own sheets, photographed as phones do, with no wrong answer", async () => {
    const paper = paperFixturePrint({ questions: 30, boxes: 2, students: 2, versions: 2 });
    const { pdf } = await renderAnswerSheets(paper);
    const pages = await answerSheetPages(pdf);
    const photos = await sheetPhotos(pdf, accuracyPlan(paper, pages, 2, { seed: 7, largeEvery: 0 }));
    for (const photo of photos) {
      const outcome = scoreSheet(photo, await readSheet(photo.jpeg));
      expect(outcome).toMatchObject({ status: "read", wrong: 0 });
      expect(outcome.flagged).toBeLessThanOrEqual(1);
    }

    // A scanner's PDF: its pages as pictures, each read in the worker pool (here the printed PDF itself, unmarked).
    const images = await pool.sheetPages(pdf);
    expect(images).toHaveLength(pages.length);
    const r = await pool.readSheet(images[1]);
    if (!r.ok) throw new Error(`refused: ${r.reason}`);
    expect(r.code).toEqual(pages[1].code);
    expect(r.rows.every((row) => row.marked.length === 0 && !row.unsure)).toBe(true);
  }, 120_000);
});
