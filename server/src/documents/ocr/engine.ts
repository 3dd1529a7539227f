import { createRequire } from "node:module";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

/** A line of print as Tesseract read it, with its box on the prepared page (pixels). */
export interface OcrLine {
  text: string;
  box: { x0: number; y0: number; x1: number; y1: number };
  confidence: number;
}

const require = createRequire(import.meta.url);

/**
 * The English model installed from npm (@tesseract.js-data/eng): its folder and gzip flag, so Tesseract reads the file
 * from disk. No cache is written and nothing is ever downloaded.
 */
function installedModel(): { langPath: string; gzip: boolean } {
  const m = require("@tesseract.js-data/eng") as { langPath: string; gzip: boolean };
  return { langPath: m.langPath, gzip: m.gzip };
}

/** One Tesseract worker (its own thread inside the OCR process), started with the installed English model. */
export async function startEngine(): Promise<Worker> {
  const { langPath, gzip } = installedModel();
  const worker = await createWorker("eng", OEM.LSTM_ONLY, { langPath, gzip, cacheMethod: "none", errorHandler: () => {} });
  // A paper is one column of variable-size text: whole lines, so options side by side stay on one line.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN, preserve_interword_spaces: "1", user_defined_dpi: "200" });
  return worker;
}

/** The page's lines in reading order (top to bottom), empty ones dropped. */
export async function readLines(worker: Worker, png: Buffer): Promise<OcrLine[]> {
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const text = line.text.replace(/\s+$/, "").replace(/^\s+/, "");
        if (!text) continue;
        lines.push({ text, box: line.bbox, confidence: line.confidence });
      }
    }
  }
  return lines;
}
