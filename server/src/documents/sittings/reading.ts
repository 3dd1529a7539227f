import type { SheetCode } from "./layout.ts";

/**
 * What the reader (read-sheet.ts, in the document worker) answers for one photo of an answer sheet (issue 29). It
 * knows nothing of the database: the QR code says which sitting, student, version and how many rows; the sittings
 * service turns rows into answers with the version's questions (domain rules/sheet-rows.ts `rowVerdict`).
 */
export type SheetRefusal = "markers" | "qr" | "not-ours";

export type ReadRow = {
  /** The number printed (1…). */
  n: number;
  /** How dark each of A–E is: 0 clean paper (the printed letter discounted) to 1 solid. */
  fill: number[];
  /** The letters the reader is sure were firmly marked (an erased mark beside a firm one is not among them). */
  marked: string[];
  /** A bubble it cannot call either way (a light smudge, a half-erased mark): the row goes to the teacher. */
  unsure: boolean;
};

export type SheetReading =
  | { ok: false; reason: SheetRefusal; ms: number }
  | {
      ok: true;
      code: SheetCode;
      /** The sheet straightened to SHEET_W_PX × SHEET_H_PX (layout.ts), JPEG: crops of rows and boxes are cut from it. */
      sheet: Uint8Array;
      rows: ReadRow[];
      /** Written boxes: how much ink is in each (0 empty), so an empty box can be shown as such. */
      boxes: { n: number; ink: number }[];
      /** Time spent reading, in ms. */
      ms: number;
    };
