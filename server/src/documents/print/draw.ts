import PDFDocument from "pdfkit";
import { FONT, fontFiles } from "./fonts.ts";
import type { SchoolPrint } from "./types.ts";

export type Doc = PDFKit.PDFDocument;
/**
 * An image opened once per document (pdfkit's openImage, missing from its types), so a crest on 300 cards is stored
 * in the file once; doc.image takes it in place of bytes.
 */
export type Picture = Parameters<Doc["image"]>[0] | null;

export const GREY = "#555555";
export const LIGHT = "#e8e8e8";

/** A new A4 document with the DejaVu fonts; pages are added by the caller. */
export function newDocument(title: string, school: SchoolPrint): Doc {
  const doc = new PDFDocument({
    size: "A4",
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: title, Author: school.name, Creator: "Adesua", Producer: "Adesua" },
  });
  for (const [name, bytes] of fontFiles()) doc.registerFont(name, bytes);
  doc.font(FONT.regular);
  return doc;
}

/** The whole file once `doc.end()` is called (listen before drawing: the document streams as pages end). */
export function collect(doc: Doc): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on("end", () => {
      const out = Buffer.concat(chunks);
      resolve(new Uint8Array(out.buffer, out.byteOffset, out.length));
    });
    doc.on("error", reject);
  });
}

/** The crest opened for this document; a picture pdfkit cannot read is left out rather than failing the print. */
export function openCrest(doc: Doc, school: SchoolPrint): Picture {
  if (!school.crest?.length) return null;
  try {
    const open = (doc as unknown as { openImage(src: Buffer): unknown }).openImage.bind(doc);
    return open(Buffer.from(school.crest.buffer, school.crest.byteOffset, school.crest.length)) as Picture;
  } catch {
    return null;
  }
}

type TextOpts = { size?: number; font?: string; align?: "left" | "center" | "right"; color?: string };

/** `text` cut with "…" to fit `width` in the font and size given. */
export function fitText(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(text.slice(0, mid) + "…") <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + "…";
}

/** One line of text in a box, never wrapping and never starting a page: cut to fit. */
export function line(doc: Doc, text: string, x: number, y: number, width: number, o: TextOpts = {}): void {
  doc
    .font(o.font ?? FONT.regular)
    .fontSize(o.size ?? 10)
    .fillColor(o.color ?? "black");
  doc.text(fitText(doc, text, width), x, y, { width, align: o.align ?? "left", lineBreak: false, height: (o.size ?? 10) * 1.6 });
}

/** Wrapped text within a box (what does not fit is cut), never starting a page. */
export function para(doc: Doc, text: string, x: number, y: number, width: number, height: number, o: TextOpts = {}): void {
  doc
    .font(o.font ?? FONT.regular)
    .fontSize(o.size ?? 10)
    .fillColor(o.color ?? "black");
  doc.text(text, x, y, { width, height, align: o.align ?? "left", ellipsis: true });
}

/**
 * The school's heading across `width` from (x, y): crest on the left, name, address and motto centred. Answers the
 * height used.
 */
export function schoolHeading(doc: Doc, school: SchoolPrint, crest: Picture, x: number, y: number, width: number, scale = 1): number {
  const crestSize = 58 * scale;
  if (crest) doc.image(crest, x, y, { fit: [crestSize, crestSize], align: "center", valign: "center" });
  const inner = x + crestSize + 8;
  const innerWidth = width - 2 * (crestSize + 8);
  line(doc, school.name.toUpperCase(), inner, y + 2 * scale, innerWidth, { size: 16 * scale, font: FONT.bold, align: "center" });
  let at = y + 24 * scale;
  if (school.address) {
    line(doc, school.address, inner, at, innerWidth, { size: 8.5 * scale, align: "center", color: GREY });
    at += 12 * scale;
  }
  if (school.motto) line(doc, `“${school.motto}”`, inner, at, innerWidth, { size: 8.5 * scale, font: FONT.oblique, align: "center", color: GREY });
  return crestSize + 4;
}

export function rule(doc: Doc, x1: number, y: number, x2: number, width = 0.8, color = "black"): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

export type Column = { title: string; width: number; align?: "left" | "center" | "right" };

/** A table's heading row: shaded, bold, the titles cut to fit. */
export function tableHead(doc: Doc, cols: Column[], x: number, y: number, height: number, size = 8.5): void {
  const width = cols.reduce((s, c) => s + c.width, 0);
  doc.rect(x, y, width, height).fillColor(LIGHT).fill();
  let at = x;
  for (const c of cols) {
    para(doc, c.title, at + 2, y + 3, c.width - 4, height - 3, { size, font: FONT.bold, align: c.align ?? "left" });
    at += c.width;
  }
  doc.rect(x, y, width, height).lineWidth(0.6).strokeColor("black").stroke();
}

/** One row of a table, with a light line under it. */
export function tableRow(doc: Doc, cols: Column[], cells: string[], x: number, y: number, height: number, o: { size?: number; bold?: boolean } = {}): void {
  const size = o.size ?? 9;
  let at = x;
  cols.forEach((c, i) => {
    line(doc, cells[i] ?? "", at + 2, y + (height - size) / 2 - 1, c.width - 4, { size, font: o.bold ? FONT.bold : FONT.regular, align: c.align ?? "left" });
    at += c.width;
  });
  rule(doc, x, y + height, at, 0.4, "#999999");
}

/** A number as printed: whole numbers bare, others to one or two places; "–" for none. */
export function num(v: number | null | undefined, places = 1): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  return Number.isInteger(v) ? String(v) : v.toFixed(places);
}

/** A date as a school writes it: "Monday, 12 January 2027" (Ghana time is UTC). */
export function longDate(iso: string | null): string {
  if (!iso) return "–";
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export function clock(iso: string): string {
  const d = new Date(iso);
  return d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
}
