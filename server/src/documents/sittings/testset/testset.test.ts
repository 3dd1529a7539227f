import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../print/render.ts";
import { paperFixture } from "../paper-fixture.ts";
import { answerSheetPages, photoCorners, rowTruth, sheetPhotos } from "./index.ts";
import { DEFAULT_DISTORTION } from "./types.ts";

describe("the photo test set of answer sheets", () => {
  it("finds each student's answer sheet in a printed PDF by its QR code, the question paper left out", async () => {
    const pdf = await renderDocument(paperFixture({ sittingId: 9, questions: 8, boxes: 1, students: 3, versions: 1, blankSheets: 1 }));
    const pages = await answerSheetPages(pdf);
    expect(pages.map((p) => [p.code.student, p.code.version, p.code.bubbles, p.code.boxes])).toEqual([
      [500, 1, 8, 1],
      [501, 1, 8, 1],
      [502, 1, 8, 1],
      [0, 1, 8, 1],
    ]);
    expect(pages[0].page).toBeGreaterThan(1);

    // The same request gives the same photo, at the size asked, with the truth of every row.
    const request = {
      page: pages[0].page,
      answers: {
        1: { letters: ["B"], style: "tick" as const },
        2: { letters: ["A", "C"], style: "solid" as const },
        3: { letters: ["D"], style: "erased" as const },
      },
      questions: { 2: { type: "multiple" as const, options: 4 } },
      name: true,
      boxes: true,
      distortion: { rotate: 12, tilt: 10, blur: 1, quality: 50, light: 0.3, shadow: 0.3 },
    };
    const [a, b] = await sheetPhotos(pdf, [request, request]);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    const meta = await sharp(a.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 1600]);
    expect(a.truth.map((t) => t.expect)).toEqual([["B"], ["A", "C"], ["D"], "flag", "flag", "flag", "flag", "flag"]);
    expect(a.truth[2].erased).toMatch(/^[CE]$/);
    expect(a.written).toEqual([9]);
  }, 60_000);

  it("keeps what must be flagged apart from what must be read", () => {
    expect(rowTruth(1, { letters: ["A", "B"], style: "solid" }).expect).toBe("flag");
    expect(rowTruth(1, { letters: ["A", "B"], style: "solid" }, { type: "multiple", options: 4 }).expect).toEqual(["A", "B"]);
    expect(rowTruth(1, { letters: ["C"], style: "tick" }, { type: "true_false", options: 2 }).expect).toBe("flag");
    expect(rowTruth(1, { letters: ["C"], style: "erased", erased: "B" }).expect).toEqual(["C"]);
    expect(rowTruth(1, undefined).expect).toBe("flag");
  });

  it("keeps the whole sheet in the frame at the largest turn and lean", () => {
    for (const rotate of [-20, 20])
      for (const tiltDirection of [0, 45, 90, 180, 270]) {
        const d = { ...DEFAULT_DISTORTION, rotate, tilt: 15, tiltDirection, fill: 0.95, shiftX: 1, shiftY: -1 };
        for (const p of photoCorners(1190, 1684, d)) {
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(d.width);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(d.height);
        }
      }
  });
});
