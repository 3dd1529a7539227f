import { describe, expect, it } from "vitest";
import { decodeSheetCode, encodeSheetCode, MARKER_CENTRES, QR_BOX, sheetLayout } from "./layout.ts";

describe("answer sheet layout", () => {
  it("numbers 30 rows down four columns of 8 and keeps every bubble inside the corner squares", () => {
    const l = sheetLayout(30, 0)!;
    expect(l.bubbleRows).toHaveLength(30);
    expect(l.bubbleRows[8].label.x).toBeGreaterThan(l.bubbleRows[7].label.x);
    expect(l.bubbleRows[8].label.y).toBe(l.bubbleRows[0].label.y);
    for (const row of l.bubbleRows)
      for (const b of row.bubbles) {
        expect(b.cx - b.r).toBeGreaterThan(MARKER_CENTRES[0].x);
        expect(b.cx + b.r).toBeLessThan(MARKER_CENTRES[1].x);
        expect(b.cy - b.r).toBeGreaterThan(QR_BOX.y + QR_BOX.h);
        expect(b.cy + b.r).toBeLessThan(MARKER_CENTRES[2].y);
      }
  });

  it("holds 100 bubble rows, puts boxes below with their own numbers, and refuses what does not fit", () => {
    expect(sheetLayout(100, 0)!.bubbleRows.at(-1)!.n).toBe(100);
    const l = sheetLayout(20, 6)!;
    expect(l.boxRows.map((b) => b.n)).toEqual([21, 22, 23, 24, 25, 26]);
    expect(l.boxRows[0].box.y).toBeGreaterThan(l.bubbleRows[4].label.y);
    expect(sheetLayout(101, 0)).toBeNull();
    expect(sheetLayout(100, 2)).toBeNull();
  });

  it("writes and reads back the QR code's text, and refuses anything else", () => {
    const code = { sittingId: 12, student: 0, version: 3, bubbles: 30, boxes: 2 };
    expect(decodeSheetCode(encodeSheetCode(code))).toEqual(code);
    expect(decodeSheetCode("https://example.com")).toBeNull();
    expect(decodeSheetCode("ADESUA-S1:12:0:9:30:2")).toBeNull();
  });
});
