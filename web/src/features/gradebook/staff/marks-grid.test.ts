import { describe, expect, it } from "vitest";
import { markProblem } from "./marks-grid";

const outOf10 = { key: "c2", name: "Exercise 1", type: "number" as const, outOf: 10 };
const open = { key: "c3", name: "Test", type: "number" as const, outOf: null };
const note = { key: "c4", name: "Remark", type: "text" as const, outOf: null };

describe("marks typed in the gradebook", () => {
  it("accepts marks from 0 to the column's out of with two decimals, and empty to clear", () => {
    for (const v of ["0", "10", "7.5", "9.25", " 8 ", ""]) expect(markProblem(outOf10, v), v).toBeNull();
    expect(markProblem(open, "1000")).toBeNull();
  });

  it("names what is wrong with the others, as the server would refuse them", () => {
    expect(markProblem(outOf10, "11")).toBe("At most 10");
    expect(markProblem(open, "1000.5")).toBe("At most 1000");
    for (const v of ["-1", "7.125", "seven", "1e2", "8,5"]) expect(markProblem(outOf10, v), v).toBe("A number with at most two decimals");
  });

  it("takes any note up to 500 characters in a text column", () => {
    expect(markProblem(note, "Very good")).toBeNull();
    expect(markProblem(note, "x".repeat(501))).toBe("At most 500 characters");
  });
});
