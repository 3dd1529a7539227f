import { FONT } from "../print/fonts.ts";
import { type Doc, GREY, line } from "../print/draw.ts";
import { drawQr } from "./print-qr.ts";
import { encodeSheetCode, HEADER_BOX, INSTRUCTIONS_Y, MARKER_CENTRES, MARKER_SIZE, PAGE_H, PAGE_W, QR_BOX, sheetLayout, type SheetLayout } from "./layout.ts";
import type { PaperSheet } from "./paper-types.ts";

/** The letter inside each bubble: small and mid-grey (as on a BECE sheet), light enough not to read as a mark. */
const LETTER_GREY = "#8c8c8c";
const FAINT = "#9a9a9a";
export const SHEET_INSTRUCTION = "Fill one bubble per question completely, in pencil or dark pen. To change an answer, rub it out completely.";

/** A sheet with written boxes only (no bubbles to fill). */
export const BOXES_ONLY_INSTRUCTION = "Write each answer clearly inside its box, in dark pen. Do not write outside the boxes.";

export type SheetHeading = { school: string; title: string; class: string; versions: number };

/**
 * One answer sheet on a new A4 page, every position from layout.ts (the reader finds the same ones in the photo):
 * corner squares, the QR code, the header, the instruction, the bubble rows and the written boxes. Black and grey
 * on white; only the corner squares and the QR code are filled.
 */
export function drawAnswerSheet(doc: Doc, sittingId: number, sheet: PaperSheet, heading: SheetHeading): void {
  const layout = sheetLayout(sheet.bubbles, sheet.boxes);
  // The sitting's service refuses what does not fit before anything is printed; never draw a sheet the reader cannot read.
  if (!layout) throw new Error(`An answer sheet cannot hold ${sheet.bubbles} bubble rows and ${sheet.boxes} boxes`);
  doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
  drawMarkers(doc);
  drawQr(doc, encodeSheetCode({ sittingId, student: sheet.student, version: sheet.version, bubbles: sheet.bubbles, boxes: sheet.boxes }), QR_BOX);
  drawHeader(doc, sheet, heading);
  line(doc, sheet.bubbles ? SHEET_INSTRUCTION : BOXES_ONLY_INSTRUCTION, HEADER_BOX.x - 14, INSTRUCTIONS_Y - 5, PAGE_W - 2 * (HEADER_BOX.x - 14), {
    size: 8.5,
    font: FONT.oblique,
  });
  drawGrid(doc, layout, `${sheet.bubbles}:${sheet.boxes}`);
}

type Form = { name: string; ref: ReturnType<Doc["ref"]> };
const forms = new WeakMap<Doc, Map<string, Form>>();

/**
 * The bubble rows and boxes, the same on every sheet of a version: drawn once per document as a PDF form (an
 * XObject) that each sheet places. A class of 40 costs one grid instead of 40 (the file is smaller, and quicker to
 * draw and to print). pdfkit has no forms of its own: the grid's drawing is written into the form's stream instead
 * of the page's, with the fonts it used as the form's resources.
 */
function drawGrid(doc: Doc, layout: SheetLayout, key: string): void {
  let mine = forms.get(doc);
  if (!mine) forms.set(doc, (mine = new Map()));
  let form = mine.get(key);
  if (!form) {
    const page = doc.page as unknown as { write(chunk: string): unknown; fonts: Record<string, unknown> };
    const chunks: string[] = [];
    const write = page.write;
    page.write = (chunk: string) => chunks.push(chunk);
    try {
      drawBubbles(doc, layout);
      drawBoxes(doc, layout);
    } finally {
      page.write = write;
    }
    const ref = doc.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, PAGE_W, PAGE_H], Resources: { ProcSet: ["PDF", "Text"], Font: { ...page.fonts } } });
    for (const chunk of chunks) ref.write(`${chunk}\n`);
    ref.end("");
    form = { name: `Grid${mine.size + 1}`, ref };
    mine.set(key, form);
  }
  (doc.page as unknown as { xobjects: Record<string, unknown> }).xobjects[form.name] = form.ref;
  doc.addContent(`q /${form.name} Do Q`);
}

function drawMarkers(doc: Doc): void {
  for (const c of MARKER_CENTRES) doc.rect(c.x - MARKER_SIZE / 2, c.y - MARKER_SIZE / 2, MARKER_SIZE, MARKER_SIZE);
  doc.fillColor("black").fill();
}

function drawHeader(doc: Doc, sheet: PaperSheet, h: SheetHeading): void {
  const { x, y, w } = HEADER_BOX;
  line(doc, h.school.toUpperCase(), x, y, w, { size: 9.5, font: FONT.bold, color: GREY });
  // A long title is set smaller (down to 10 pt) before it is cut.
  doc.font(FONT.bold);
  const size = Math.max(10, Math.min(13, (13 * w) / Math.max(1, doc.fontSize(13).widthOfString(h.title))));
  line(doc, h.title, x, y + 14 + (13 - size) * 0.6, w, { size, font: FONT.bold });
  const version = h.versions > 1 ? `Version ${sheet.version}` : "Answer sheet";
  line(doc, `${version}`, x, y + 33, w, { size: h.versions > 1 ? 12 : 10, font: FONT.bold });
  if (h.versions > 1) line(doc, "Answer from the question paper marked with the same version.", x + 78, y + 35.5, w - 78, { size: 7.5, color: GREY });
  const at = y + 56;
  if (sheet.name !== null) {
    line(doc, "Name:", x, at + 1, 44, { size: 9, color: GREY });
    line(doc, sheet.name, x + 44, at - 1, w - 44, { size: 12, font: FONT.bold });
  } else {
    line(doc, "Name: ______________________________", x, at, w, { size: 10 });
    line(doc, "(write your name and index number)", x + 44, at + 14, w - 44, { size: 7.5, font: FONT.oblique, color: GREY });
  }
  const low = at + 34;
  line(doc, "Class:", x, low + 1, 44, { size: 9, color: GREY });
  line(doc, h.class, x + 44, low, 110, { size: 10.5, font: FONT.bold });
  line(doc, "Index number: ____________________", x + 150, low, w - 150, { size: 10 });
}

function drawBubbles(doc: Doc, layout: SheetLayout): void {
  if (!layout.bubbleRows.length) return;
  doc.font(FONT.bold).fontSize(9).fillColor("black");
  for (const row of layout.bubbleRows) {
    const label = String(row.n);
    const width = doc.widthOfString(label);
    doc.text(label, row.label.x - width, row.label.y - 5.2, { lineBreak: false });
  }
  // Every circle in one stroke: a thin black outline.
  for (const row of layout.bubbleRows) for (const b of row.bubbles) doc.circle(b.cx, b.cy, b.r);
  doc.lineWidth(0.7).strokeColor("black").stroke();
  doc.font(FONT.regular).fontSize(6.3).fillColor(LETTER_GREY);
  const half: Record<string, number> = {};
  for (const row of layout.bubbleRows)
    for (const b of row.bubbles) {
      half[b.letter] ??= doc.widthOfString(b.letter) / 2;
      doc.text(b.letter, b.cx - half[b.letter], b.cy - 3.6, { lineBreak: false });
    }
}

function drawBoxes(doc: Doc, layout: SheetLayout): void {
  if (!layout.boxRows.length || layout.boxesHeadingY === null) return;
  const x = HEADER_BOX.x - 14;
  line(doc, "Written answers", x, layout.boxesHeadingY, 200, { size: 9.5, font: FONT.bold });
  line(doc, "Write each answer inside its box.", x + 100, layout.boxesHeadingY + 1.5, 300, { size: 7.5, color: GREY });
  for (const row of layout.boxRows) doc.rect(row.box.x, row.box.y, row.box.w, row.box.h);
  doc.lineWidth(0.8).strokeColor("black").stroke();
  for (const row of layout.boxRows) {
    line(doc, String(row.n), row.box.x + 4, row.box.y + 3, 26, { size: 9, font: FONT.bold });
    line(doc, "Answer", row.box.x + 26, row.box.y + 4.5, 60, { size: 6.5, color: FAINT });
  }
}
