import { describe, expect, it } from "vitest";
import { rowVerdict } from "./sheet-rows";

const ABCD = ["A", "B", "C", "D"];

describe("a scanned bubble row's verdict", () => {
  it("takes one firm mark as the answer", () => {
    expect(rowVerdict({ marked: ["C"], unsure: false }, "single", ABCD)).toEqual({ answer: ["C"], flag: null });
    expect(rowVerdict({ marked: ["B"], unsure: false }, "true_false", ["A", "B"])).toEqual({ answer: ["B"], flag: null });
  });
  it("flags two firm marks on a one-answer question, and takes them on a several-answer one", () => {
    expect(rowVerdict({ marked: ["A", "C"], unsure: false }, "single", ABCD)).toEqual({ answer: null, flag: "two" });
    expect(rowVerdict({ marked: ["C", "A"], unsure: false }, "multiple", ABCD)).toEqual({ answer: ["A", "C"], flag: null });
  });
  it("flags an empty row, an unsure one and a letter the question has not, never guessing", () => {
    expect(rowVerdict({ marked: [], unsure: false }, "single", ABCD).flag).toBe("empty");
    expect(rowVerdict({ marked: ["A"], unsure: true }, "single", ABCD).flag).toBe("unsure");
    expect(rowVerdict({ marked: ["E"], unsure: false }, "single", ABCD).flag).toBe("not-an-option");
    expect(rowVerdict({ marked: ["C"], unsure: false }, "true_false", ["A", "B"]).flag).toBe("not-an-option");
  });
});
