import sharp from "sharp";
import type { Worker } from "tesseract.js";
import { DocumentError } from "../errors.ts";
import { recogniseAnswers } from "../recognise-answers.ts";
import { recogniseQuestions } from "../recognise-questions.ts";
import type { AnswerParseResult, ImagePart, QuestionParseResult, TextLine } from "../types.ts";
import { readLines, startEngine, type OcrLine } from "./engine.ts";
import { preparePage } from "./prepare.ts";
import { MAX_OCR_PAGES, openPdf, pageImage } from "./render.ts";
import { isScannerWatermark } from "./watermark.ts";

export type ScanKind = "pdf" | "png" | "jpeg";
export type ScanTask = { kind: "questions" | "answers"; bytes: Uint8Array; format: ScanKind };
export interface ScanProgress {
  pages: number;
  pagesDone: number;
  stage: string;
}

/** A question read by OCR: the page it is on (from 1) and the part of that page it came from (a JPEG). */
export interface ScanMark {
  page: number;
  crop: Uint8Array | null;
}
export type ScannedQuestionResult = QuestionParseResult & {
  source: "ocr";
  questions: (QuestionParseResult["questions"][number] & { scan?: ScanMark })[];
};

export const SCAN_MESSAGES = {
  nothingRead:
    "No text could be read from this scan: the pages look blank or too faint. Scan or photograph the paper again in good light, or type the questions in the CSV template.",
  tooManyPages: `This scan has more than ${MAX_OCR_PAGES} pages. Split it into smaller files.`,
  damagedImage: "This picture is damaged and could not be read. Take the photo again and retry.",
} as const;

/** The warning every paper read by OCR carries. */
export const scanWarning = (n: number) => (n === 1 ? "1 question was read from a scan: check it" : `${n} questions were read from a scan: check each one`);

/** The marker a line carries through the recogniser (as a picture of no bytes) so each question's lines are known. */
const LINE_MARK = "application/x-ocr-line";
const QUESTION_START = /^\s*(?:(?:question|q)\s*\.?\s*\d{1,3}|\(\s*\d{1,3}\s*\)|\d{1,3}\s*[.)])/i;

interface PageRead {
  prepared: Buffer;
  width: number;
  height: number;
  lines: OcrLine[];
}

/**
 * Reads a scanned paper (a PDF of page images, or one photo) by OCR, page by page: each page rendered, its light
 * evened and its skew undone, its lines read by Tesseract; scanner watermarks dropped; then the lines go through the
 * same recogniser as typed papers. Each question keeps its page and a crop of the lines it came from.
 */
export async function readScan(task: ScanTask, progress: (p: ScanProgress) => void): Promise<ScannedQuestionResult | AnswerParseResult> {
  const pdf = task.format === "pdf" ? await openPdf(task.bytes) : null;
  try {
    const pages = pdf ? pdf.numPages : 1;
    if (pages > MAX_OCR_PAGES) throw new DocumentError(422, SCAN_MESSAGES.tooManyPages);
    progress({ pages, pagesDone: 0, stage: "Starting the text reader" });
    const engine: Worker = await startEngine();
    const read: PageRead[] = [];
    try {
      for (let n = 1; n <= pages; n++) {
        progress({ pages, pagesDone: n - 1, stage: `Reading page ${n} of ${pages}` });
        const image = pdf ? await pageImage(pdf, n) : Buffer.from(task.bytes);
        const size = await sharp(image)
          .metadata()
          .catch(() => null);
        if (!size?.width || !size.height) throw new DocumentError(422, SCAN_MESSAGES.damagedImage);
        // A picture too small to hold a line of print (an icon, a pixel) has nothing to read.
        if (size.width < 64 || size.height < 64) {
          read.push({ prepared: Buffer.alloc(0), width: 0, height: 0, lines: [] });
          continue;
        }
        let prep;
        try {
          prep = await preparePage(image);
        } catch {
          throw new DocumentError(422, SCAN_MESSAGES.damagedImage);
        }
        const lines = (await readLines(engine, prep.png)).filter((l) => !isScannerWatermark(l.text) && /[A-Za-z0-9]/.test(l.text));
        read.push({ prepared: prep.png, width: prep.width, height: prep.height, lines });
      }
    } finally {
      await engine.terminate().catch(() => {});
    }
    progress({ pages, pagesDone: pages, stage: "Finding the questions" });
    if (!read.some((p) => p.lines.length)) throw new DocumentError(422, SCAN_MESSAGES.nothingRead);
    const where: { page: number; line: OcrLine }[] = [];
    const lines: TextLine[] = [];
    read.forEach((p, i) =>
      p.lines.forEach((line) => {
        const mark: ImagePart = { bytes: new Uint8Array(0), contentType: LINE_MARK, name: String(where.length) };
        where.push({ page: i + 1, line });
        lines.push({ text: tidyOcrLine(line.text), images: [mark] });
      }),
    );
    if (task.kind === "answers") return recogniseAnswers(lines.map(({ text }) => ({ text })));
    const result = recogniseQuestions(lines);
    const questions: ScannedQuestionResult["questions"] = [];
    for (const q of result.questions) {
      const marks = (q.images ?? []).filter((img) => img.contentType === LINE_MARK).map((img) => where[Number(img.name)]);
      const others = (q.images ?? []).filter((img) => img.contentType !== LINE_MARK);
      const { images: _images, ...rest } = q;
      void _images;
      questions.push({ ...rest, ...(others.length ? { images: others } : {}), scan: await markOf(marks, read) });
    }
    return {
      ...result,
      questions,
      warnings: questions.length ? [{ message: scanWarning(questions.length) }, ...result.warnings] : result.warnings,
      source: "ocr",
    };
  } finally {
    await pdf?.destroy();
  }
}

/** Small fixes for how Tesseract reads option markers: "A.50C" → "A. 50C", a lower-case "c." among capitals → "C.". */
export function tidyOcrLine(text: string): string {
  return text
    .replace(/(^|\s)c([.)])(?=\s|\d)/g, (_m, pre: string, p: string) => `${pre}C${p}`)
    .replace(/(^|\s)(\(?[A-E][.)])(?=[^\s.)])/g, (_m, pre: string, marker: string) => `${pre}${marker} `)
    .replace(/\s+$/, "");
}

/** The page a question is on (where its first line is) and a JPEG of its lines there, with a margin. */
async function markOf(marks: { page: number; line: OcrLine }[], pages: PageRead[]): Promise<ScanMark> {
  // Lines before the question's own number (the paper's heading, before question 1) are not part of its picture.
  const start = marks.findIndex((m) => QUESTION_START.test(m.line.text));
  const own = start > 0 ? marks.slice(start) : marks;
  if (!own.length) return { page: 1, crop: null };
  const page = own[0].page;
  const on = own.filter((m) => m.page === page);
  const p = pages[page - 1];
  const pad = Math.round(p.width * 0.015);
  const x0 = Math.max(0, Math.min(...on.map((m) => m.line.box.x0)) - pad);
  const y0 = Math.max(0, Math.min(...on.map((m) => m.line.box.y0)) - pad);
  const x1 = Math.min(p.width, Math.max(...on.map((m) => m.line.box.x1)) + pad);
  const y1 = Math.min(p.height, Math.max(...on.map((m) => m.line.box.y1)) + pad);
  if (x1 - x0 < 4 || y1 - y0 < 4) return { page, crop: null };
  try {
    const crop = await sharp(p.prepared)
      .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
      .resize({ width: 1000, withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { page, crop: new Uint8Array(crop) };
  } catch {
    return { page, crop: null };
  }
}
