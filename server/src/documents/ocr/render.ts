import { extractImages, getDocumentProxy, renderPageAsImage } from "unpdf";
import sharp from "sharp";
import { DocumentError, DOCUMENT_MESSAGES } from "../errors.ts";

/** Pages rendered for OCR at most: a paper of 10 MB is rarely longer, and each page costs seconds. */
export const MAX_OCR_PAGES = 40;
/** Rendering scale: a page of 595 pt becomes about 1,500 px wide (≈ 180 dpi), enough for 10–12 pt print. */
const SCALE = 3;

/**
 * pdf.js (inside unpdf) draws with ArrayBuffer.prototype.transferToFixedLength, which Node 22 has and Node 20 lacks:
 * without it every page renders blank. The same result by copying.
 */
const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (n?: number) => ArrayBuffer };
if (typeof proto.transferToFixedLength !== "function") {
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const n = length ?? this.byteLength;
      const out = new ArrayBuffer(n);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(n, this.byteLength)));
      return out;
    },
  });
}

type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Opens a PDF for rendering; a damaged one is refused like the text reader refuses it. */
export async function openPdf(bytes: Uint8Array): Promise<Pdf> {
  try {
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch {
    throw new DocumentError(422, DOCUMENT_MESSAGES.damagedPdf);
  }
}

/**
 * Page `n` (from 1) as a picture for OCR. A scanned page is one large picture: it is taken out as it is (about eight
 * times faster than drawing the page); any other page is drawn by pdf.js on @napi-rs/canvas (no browser, nothing
 * downloaded).
 */
export async function pageImage(pdf: Pdf, n: number): Promise<Buffer> {
  try {
    const images = await extractImages(pdf, n);
    const big = images.filter((i) => i.width * i.height >= 600_000).sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (big && (big.channels === 1 || big.channels === 3 || big.channels === 4)) {
      return await sharp(Buffer.from(big.data.buffer, big.data.byteOffset, big.data.byteLength), {
        raw: { width: big.width, height: big.height, channels: big.channels },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
    }
  } catch {
    /* drawn instead */
  }
  return renderPage(pdf, n);
}

/** Page `n` (from 1) as a PNG, drawn by pdf.js on @napi-rs/canvas. */
export async function renderPage(pdf: Pdf, n: number): Promise<Buffer> {
  const page = await pdf.getPage(n);
  const width = page.getViewport({ scale: 1 }).width;
  page.cleanup();
  // A page larger than A4 (a photo wrapped at its pixel size) is drawn no wider than an A4 page would be.
  const scale = Math.min(SCALE, (595 * SCALE) / Math.max(1, width));
  const png = await renderPageAsImage(pdf, n, { canvasImport: () => import("@napi-rs/canvas"), scale });
  return Buffer.from(png);
}
