import { describe, expect, it } from "vitest";
import { DEFAULT_GRADE_BANDS } from "@adesua/domain";
import { bandRanges, checkBands } from "./grade-bands";

const waec = DEFAULT_GRADE_BANDS.map((b) => ({ ...b }));

describe("grade bands editor", () => {
  it("accepts WAEC's table and sends it highest band first", () => {
    const shuffled = [waec[8]!, ...waec.slice(0, 8).reverse()];
    const check = checkBands(shuffled);
    expect(check.rows).toEqual({});
    expect(check.table).toBeNull();
    expect(check.bands).toEqual(waec);
  });

  it("reads typed text as numbers", () => {
    expect(
      checkBands([
        { min: "50", grade: "1" },
        { min: "0", grade: "9" },
      ]).bands,
    ).toEqual([
      { min: 50, grade: 1 },
      { min: 0, grade: 9 },
    ]);
  });

  it("marks an empty, fractional or out-of-range score and grade on its row", () => {
    const check = checkBands([
      { min: "", grade: 1 },
      { min: 54.5, grade: 5 },
      { min: 101, grade: 2 },
      { min: 0, grade: 10 },
      { min: 40, grade: "" },
      { min: -1, grade: 0 },
    ]);
    expect(check.rows).toEqual({
      0: { min: "A whole number from 0 to 100" },
      1: { min: "A whole number from 0 to 100" },
      2: { min: "A whole number from 0 to 100" },
      3: { grade: "A grade from 1 to 9" },
      4: { grade: "A grade from 1 to 9" },
      5: { min: "A whole number from 0 to 100", grade: "A grade from 1 to 9" },
    });
    expect(check.bands).toBeNull();
  });

  it("refuses two bands starting at one score, on the second row", () => {
    const check = checkBands([
      { min: 50, grade: 1 },
      { min: 50, grade: 2 },
      { min: 0, grade: 9 },
    ]);
    expect(check.rows).toEqual({ 1: { min: "Another band already starts at 50" } });
  });

  it("needs a band from 0 and at least one band", () => {
    expect(checkBands([{ min: 50, grade: 1 }]).table).toBe("One band must start at 0, so every score has a grade");
    expect(checkBands([]).table).toBe("Add at least one band");
    expect(checkBands([]).bands).toBeNull();
  });

  it("refuses a table where a lower score earns a better grade, on the lower band's row", () => {
    const check = checkBands([
      { min: 80, grade: 3 },
      { min: 0, grade: 9 },
      { min: 60, grade: 2 },
    ]);
    expect(check.rows).toEqual({ 2: { grade: "Better than grade 3 for 80 and above" } });
    expect(check.table).toBe("A lower score cannot earn a better grade");
    expect(check.bands).toBeNull();
    // Equal grades for two bands are allowed (a school may merge grades).
    expect(
      checkBands([
        { min: 80, grade: 2 },
        { min: 60, grade: 2 },
        { min: 0, grade: 9 },
      ]).bands,
    ).not.toBeNull();
  });

  it("describes each band's range, the top one up to 100", () => {
    expect(bandRanges(waec).map((b) => b.range)).toEqual(["90–100", "80–89", "70–79", "60–69", "55–59", "50–54", "40–49", "35–39", "0–34"]);
    expect(
      bandRanges([
        { min: 100, grade: 1 },
        { min: 0, grade: 9 },
      ]).map((b) => b.range),
    ).toEqual(["100", "0–99"]);
  });
});
