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
/** Raised or lowered by more than this share of the line's font size, a smaller item is a superscript or a subscript. */
const SCRIPT_SHIFT = 0.15;
/** An item at most this share of the line's font size is small enough to be a script. */
const SCRIPT_SIZE = 0.85;

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
 * A smaller item raised above its line's baseline, right after a character, is a superscript ("x" and a raised "2"
 * read "x^2", issue 27), a lowered one a subscript ("H_2O"); each line carries its page number.
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
    return dropRunningHeads(pages);
  } finally {
    await pdf.destroy();
  }
}

function groupLines(items: Item[]): PageLine[] {
  items.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; size: number; items: Item[] }[] = [];
  for (const it of items) {
    // A superscript sits up to half its line's font size above the baseline: it still belongs to that line.
    const line = lines.find((l) => Math.abs(l.y - it.y) <= Math.max(2, Math.max(it.size, l.size) * 0.5));
    if (line) {
      line.items.push(it);
      // The line's baseline is its body text's, not a superscript's that happened to come first.
      if (it.size > line.size) Object.assign(line, { y: it.y, size: it.size });
    } else lines.push({ y: it.y, size: it.size, items: [it] });
  }
  lines.sort((a, b) => b.y - a.y);
  return lines.map((l) => {
    l.items.sort((a, b) => a.x - b.x);
    // The line's body text: its largest font, and the baseline of the items in it.
    const size = Math.max(...l.items.map((i) => i.size));
    const body = l.items.filter((i) => i.size >= size * SCRIPT_SIZE);
    const baseline = body.length ? median(body.map((i) => i.y)) : l.y;
    let text = "";
    let end = -Infinity;
    let prevSize = size;
    for (const it of l.items) {
      if (!it.str.trim()) {
        // pdf.js fills the gap between two runs with a space item as wide as the gap: a wide one is a column gap.
        if (text) text = text.replace(/\s+$/, "") + (it.w > size * 1.5 || it.x - end > size * 1.5 ? "   " : " ");
        end = Math.max(end, it.x + it.w);
        continue;
      }
      const gap = it.x - end;
      const small = it.size <= size * SCRIPT_SIZE && text !== "" && gap < size * 0.3;
      const shift = (it.y - baseline) / size;
      // x² printed as a small raised "2" right after the x: "x^2" (issue 27); a lowered one, H₂O's 2: "H_2".
      // An ordinal's raised "st", "nd", "rd", "th" (21st) is plain text.
      const ordinal = /^(?:st|nd|rd|th)$/.test(it.str.trim()) && /\d$/.test(text);
      if (small && !ordinal && (shift > SCRIPT_SHIFT || shift < -SCRIPT_SHIFT) && /\S$/.test(text)) {
        const s = it.str.trim();
        text += (shift > 0 ? "^" : "_") + (/^(?:\d+|\p{L})$/u.test(s) ? s : `(${s})`);
        end = it.x + it.w;
        prevSize = it.size;
        continue;
      }
      // A wide gap (a tab, a column of options) is kept as three spaces so options on one line stay apart.
      if (text && gap > it.size * 1.5) text += "   ";
      else if (text && gap > Math.min(it.size, prevSize) * 0.15 && !text.endsWith(" ") && !it.str.startsWith(" ")) text += " ";
      text += it.str;
      end = it.x + it.w;
      prevSize = it.size;
    }
    return { text: text.replace(/\s+$/, ""), y: l.y };
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function dropRunningHeads(pages: { lines: PageLine[]; height: number }[]): TextLine[] {
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
  const out: TextLine[] = [];
  pages.forEach((p, n) => {
    p.lines.forEach((l, i) => {
      if (candidate(p, i) && (PAGE_NUMBER.test(l.text) || (pages.length > 1 && (pagesWith.get(key(l.text)) ?? 0) > 1))) return;
      out.push({ text: l.text, page: n + 1 });
    });
  });
  return out;
}
