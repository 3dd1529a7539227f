import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { openPdf, renderPage } from "./render.ts";

/**
 * Scanned papers and phone photos made from typed text, for the tests and bench/ocr-bench.ts: a typed PDF is rendered
 * to a picture, turned, lit unevenly and given noise, then wrapped into a PDF (optionally with a scanner app's stamp as
 * its only text) or kept as a JPEG "photo".
 */

/** A typed A4 paper: one list of lines per page, 12 pt Helvetica. */
export async function typedPaper(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const line of lines) {
      page.drawText(line, { x: 60, y, size: 12, font });
      y -= 20;
    }
  }
  return doc.save();
}

export interface Damage {
  /** Turned by this many degrees (clockwise positive). */
  angle?: number;
  /** Noise amplitude, 0–255 (default 30). */
  noise?: number;
  /** Light falling off across the page: 0 even, 0.5 the far corner at half brightness (default 0.35). */
  shade?: number;
  /** Pixel width of the picture (default 1,400: a 150 dpi scan of A4; a phone photo is larger). */
  width?: number;
}

/** Page `n` of a PDF as a damaged greyscale JPEG, like a scan or a photo of the printed page. */
export async function damagedPage(pdfBytes: Uint8Array, n: number, damage: Damage = {}): Promise<Buffer> {
  const pdf = await openPdf(pdfBytes);
  try {
    const png = await renderPage(pdf, n);
    return await damage_(png, damage);
  } finally {
    await pdf.destroy();
  }
}

async function damage_(png: Buffer, { angle = 0, noise = 30, shade = 0.35, width = 1400 }: Damage): Promise<Buffer> {
  const turned = await sharp(png)
    .flatten({ background: "#ffffff" })
    .resize({ width })
    .rotate(angle, { background: "#ffffff" })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = turned.info;
  const px = turned.data;
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const light = 1 - shade * ((x / w + y / h) / 2);
      const v = px[i] * light + 20 * light - 20 + rand() * noise;
      px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels: 1 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Pictures wrapped as the pages of a PDF (A4), with `watermark` as the only text of each page when given. */
export async function scannedPdf(pictures: Buffer[], watermark?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const pic of pictures) {
    const img = await doc.embedJpg(pic);
    const page = doc.addPage([595, 842]);
    page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
    if (watermark) page.drawText(watermark, { x: 420, y: 12, size: 8, font });
  }
  return doc.save();
}

/** A blank scanned page: paper with noise and a shadow, no print. */
export async function blankScan(): Promise<Uint8Array> {
  const white = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  return scannedPdf([await damage_(white, { noise: 12 })]);
}

/** A short paper of `n` questions (four options each), as lines. */
export function paperLines(n: number, from = 1): string[] {
  const out: string[] = [];
  const subjects = ["a mixture", "a metal", "a gas at room temperature", "a source of light", "a plant nutrient", "a unit of force"];
  for (let i = from; i < from + n; i++) {
    out.push(`${i}. Which of the following is ${subjects[i % subjects.length]}?`);
    out.push(`A. Water   B. Copper   C. Oxygen   D. Sunlight`);
  }
  return out;
}

/** A scanned paper of `pages` A4 pages, ten questions a page, each page turned a little differently, with a scanner's stamp. */
export async function scannedPaper(pages: number, perPage = 10): Promise<{ pdf: Uint8Array; questions: number }> {
  const typed = await typedPaper(
    Array.from({ length: pages }, (_, p) => [
      ...(p === 0 ? ["JHS 3 Integrated Science", "Answer all questions."] : []),
      ...paperLines(perPage, p * perPage + 1),
    ]),
  );
  const angles = [-3, 2.5, -6, 8, 4, -9];
  const pictures: Buffer[] = [];
  for (let p = 0; p < pages; p++) pictures.push(await damagedPage(typed, p + 1, { angle: angles[p % angles.length] }));
  return { pdf: await scannedPdf(pictures, "Scanned by TapScanner"), questions: pages * perPage };
}

/** A phone photo (JPEG) of a typed page of `n` questions: larger, turned 8°, light falling off strongly. */
export async function phonePhoto(n = 10): Promise<Buffer> {
  const typed = await typedPaper([["JHS 3 Mathematics", ...paperLines(n)]]);
  return damagedPage(typed, 1, { angle: 8, shade: 0.5, noise: 25, width: 2400 });
}
