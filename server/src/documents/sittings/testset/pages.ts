import { loadImage, type Image } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { renderPageAsImage } from "unpdf";
import { openPdf } from "../../ocr/render.ts";
import { decodeSheetCode, PAGE_W, QR_BOX, type SheetCode } from "../layout.ts";

/**
 * The printed PDF as the test set sees it: each page drawn at a chosen number of pixels per point (pdf.js on
 * @napi-rs/canvas, as the OCR renders pages), and the answer sheets found among the pages by their QR codes, so a
 * caller (a test, the bench, the browser journey) can photograph each student's sheet of a printed sitting.
 */

type Pdf = Awaited<ReturnType<typeof openPdf>>;

/** An open PDF and the pages drawn so far, kept while it is in use (the largest drawings are let go first). */
export class PrintedPdf {
  private drawn = new Map<string, Promise<Image>>();
  private codes = new Map<number, Promise<SheetCode | null>>();
  private constructor(
    private pdf: Pdf,
    readonly pages: number,
  ) {}

  static async open(bytes: Uint8Array): Promise<PrintedPdf> {
    const pdf = await openPdf(bytes);
    return new PrintedPdf(pdf, pdf.numPages);
  }

  /** Page `n` (from 1) drawn at `k` pixels per point. */
  page(n: number, k: number): Promise<Image> {
    const key = `${n}@${k}`;
    let hit = this.drawn.get(key);
    if (!hit) {
      hit = (async () => {
        // The page's own width, so a page that is not A4 still comes out at k pixels per point.
        const page = await this.pdf.getPage(n);
        const width = page.getViewport({ scale: 1 }).width;
        page.cleanup();
        const png = await renderPageAsImage(this.pdf, n, { canvasImport: () => import("@napi-rs/canvas"), scale: (k * PAGE_W) / width });
        return loadImage(Buffer.from(png));
      })();
      this.drawn.set(key, hit);
      // A large drawing is 40 MB or more decoded: keep a few.
      while (this.drawn.size > 6) this.drawn.delete(this.drawn.keys().next().value as string);
    }
    return hit;
  }

  /** What page `n`'s QR code says, or null when it has none of ours (the question paper, a damaged page). */
  code(n: number): Promise<SheetCode | null> {
    let hit = this.codes.get(n);
    if (!hit) {
      hit = this.readCode(n);
      this.codes.set(n, hit);
    }
    return hit;
  }

  private async readCode(n: number): Promise<SheetCode | null> {
    // The scale a 1,200 × 1,600 photo is drawn from (sheets.ts drawScale), so the page is drawn once for both.
    const k = 2;
    const { createCanvas } = await import("@napi-rs/canvas");
    const img = await this.page(n, k);
    // Only the QR's corner of the page, with room around it: four times faster than the whole page, and a question
    // paper's own pictures cannot be mistaken for the code.
    const pad = 30;
    const x = Math.max(0, Math.floor((QR_BOX.x - pad) * k));
    const y = Math.max(0, Math.floor((QR_BOX.y - pad) * k));
    const w = Math.min(img.width - x, Math.ceil((QR_BOX.w + 2 * pad) * k));
    const h = Math.min(img.height - y, Math.ceil((QR_BOX.h + 2 * pad) * k));
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(img, x, y, w, h, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), w, h, { inversionAttempts: "dontInvert" });
    return found ? decodeSheetCode(found.data) : null;
  }

  async close(): Promise<void> {
    this.drawn.clear();
    await this.pdf.destroy();
  }
}

/** The answer sheets of a printed PDF: each page whose QR code is one of ours, with what it says. */
export async function answerSheetPages(pdfBytes: Uint8Array): Promise<{ page: number; code: SheetCode }[]> {
  const pdf = await PrintedPdf.open(pdfBytes);
  try {
    return await sheetsOf(pdf);
  } finally {
    await pdf.close();
  }
}

export async function sheetsOf(pdf: PrintedPdf): Promise<{ page: number; code: SheetCode }[]> {
  const out: { page: number; code: SheetCode }[] = [];
  for (let n = 1; n <= pdf.pages; n++) {
    const code = await pdf.code(n);
    if (code) out.push({ page: n, code });
  }
  return out;
}
