import QRCode from "qrcode";
import type { Doc } from "../print/draw.ts";
import type { Rect } from "./layout.ts";

/** Modules of white around the code (the QR standard's quiet zone), inside the box. */
const QUIET = 4;

/**
 * A QR code drawn as vector squares filling `box` (quiet zone included, left white): crisp at any printer's
 * resolution and quick to draw. Each row's dark runs become one rectangle, and all go in one fill.
 */
export function drawQr(doc: Doc, text: string, box: Rect): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const side = Math.min(box.w, box.h);
  const unit = side / (n + 2 * QUIET);
  const x0 = box.x + (box.w - side) / 2 + QUIET * unit;
  const y0 = box.y + (box.h - side) / 2 + QUIET * unit;
  doc.save();
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      // A hair wider and taller than the module, so neighbouring squares print as one black area without seams.
      doc.rect(x0 + start * unit, y0 + r * unit, (c - start) * unit + 0.05, unit + 0.05);
    }
  }
  doc.fillColor("black").fill();
  doc.restore();
}
