import sharp from "sharp";
import { DocumentError } from "../errors.ts";
import { openPdf, pageImage } from "../ocr/render.ts";
import type { RenderHooks } from "../print/types.ts";

/** Pages of a scanner's PDF read as answer sheets at most: two classes' sheets in one go. */
export const MAX_SHEET_PAGES = 60;
export const TOO_MANY_SHEET_PAGES = `This PDF has more than ${MAX_SHEET_PAGES} pages. Scan at most ${MAX_SHEET_PAGES} answer sheets into one PDF.`;
/** A page drawn or taken out no larger than this on its long side: about 200 dpi for A4, plenty for the reader. */
const LONG_SIDE = 2400;

/**
 * The pages of a scanner's PDF of answer sheets (issue 29) as grey JPEGs, one a page, for readSheet: a scanned page's
 * own picture when it has one, else the page drawn (ocr/render.ts). Steps aside between pages while an exam runs.
 */
export async function sheetPages(bytes: Uint8Array, hooks: Pick<RenderHooks, "start" | "step">): Promise<Uint8Array[]> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > MAX_SHEET_PAGES) throw new DocumentError(413, TOO_MANY_SHEET_PAGES);
    hooks.start(pdf.numPages);
    const out: Uint8Array[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const png = await pageImage(pdf, n);
      const jpeg = await sharp(png)
        .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: "inside", withoutEnlargement: true })
        .greyscale()
        .jpeg({ quality: 90 })
        .toBuffer();
      out.push(new Uint8Array(jpeg));
      hooks.step();
    }
    return out;
  } finally {
    await pdf.destroy();
  }
}
