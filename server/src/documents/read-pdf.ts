import { getDocumentProxy } from "unpdf";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import type { TextLine } from "./types.ts";

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  size: number;
}
interface PageLine {
  text: string;
  y: number;
}

/** The top and bottom bands of a page where running headers, footers and page numbers sit. */
const MARGIN_BAND = 0.085;
/** Lines that belong to questions: an option, an answer line, a numbered question with text. */
const CONTENT = /^\s*(?:\(?[A-Ea-e][.)]\s|(?:correct\s+answer|answer|ans)\b|\(?\d{1,3}[.)]\s+\S|q(?:uestion)?\s*\d)/i;
const PAGE_NUMBER = /^\s*(?:[-–—]\s*)?(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?(?:\s*[-–—])?\s*$/i;

/**
 * Reads a PDF's text layer into lines. Text items are grouped into lines by their baseline, left to right.
 * Running headers and footers are dropped: one of the two top or bottom lines of a page, in the margin band,
 * that is a page number ("3", "Page 3 of 8", "- 3 -") or whose text (digits ignored) recurs there on other pages.
 * Pages are then simply concatenated, so a question broken by a page break continues on the next page.
 * PDFs carry no reliable bold flag, so bold answers are recognised in Word files only.
 */
export async function readPdf(bytes: Uint8Array): Promise<TextLine[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch {
    throw new DocumentError(422, DOCUMENT_MESSAGES.damagedPdf);
  }
  try {
    const pages: { lines: PageLine[]; height: number }[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!("str" in raw) || raw.str === "") continue;
        const t = raw.transform as number[];
        items.push({ str: raw.str, x: t[4], y: t[5], w: raw.width, size: Math.hypot(t[2], t[3]) || raw.height || 10 });
      }
      pages.push({ lines: groupLines(items), height });
      page.cleanup();
    }
    if (!pages.some((p) => p.lines.some((l) => l.text.trim()))) throw new DocumentError(422, DOCUMENT_MESSAGES.noTextLayer);
    return dropRunningHeads(pages).map((text) => ({ text }));
  } finally {
    await pdf.destroy();
  }
}

function groupLines(items: Item[]): PageLine[] {
  items.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; items: Item[] }[] = [];
  for (const it of items) {
    const line = lines.find((l) => Math.abs(l.y - it.y) <= Math.max(2, it.size * 0.3));
    if (line) line.items.push(it);
    else lines.push({ y: it.y, items: [it] });
  }
  lines.sort((a, b) => b.y - a.y);
  return lines.map((l) => {
    l.items.sort((a, b) => a.x - b.x);
    let text = "";
    let end = -Infinity;
    for (const it of l.items) {
      const gap = it.x - end;
      // A wide gap (a tab, a column of options) is kept as three spaces so options on one line stay apart.
      if (text && gap > it.size * 1.5) text += "   ";
      else if (text && gap > it.size * 0.15 && !text.endsWith(" ") && !it.str.startsWith(" ")) text += " ";
      text += it.str;
      end = it.x + it.w;
    }
    return { text: text.replace(/\s+$/, ""), y: l.y };
  });
}

function dropRunningHeads(pages: { lines: PageLine[]; height: number }[]): string[] {
  // A running head is one of the two top or two bottom lines of a page, inside the margin band, and not a line of a
  // question ("A. True" or "Answer: A" may well recur at the foot of two pages).
  const candidate = (p: { lines: PageLine[]; height: number }, i: number) => {
    const l = p.lines[i];
    const edge = i < 2 || i >= p.lines.length - 2;
    const inBand = l.y > p.height * (1 - MARGIN_BAND) || l.y < p.height * MARGIN_BAND;
    return edge && inBand && !CONTENT.test(l.text);
  };
  const key = (t: string) => t.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
  const pagesWith = new Map<string, number>();
  for (const p of pages) {
    const seen = new Set(p.lines.filter((_, i) => candidate(p, i)).map((l) => key(l.text)));
    for (const k of seen) pagesWith.set(k, (pagesWith.get(k) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const p of pages) {
    p.lines.forEach((l, i) => {
      if (candidate(p, i) && (PAGE_NUMBER.test(l.text) || (pages.length > 1 && (pagesWith.get(key(l.text)) ?? 0) > 1))) return;
      out.push(l.text);
    });
  }
  return out;
}
