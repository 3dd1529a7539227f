import { describe, expect, it } from "vitest";
import { formatNumberList, unansweredNumbers, unansweredSentence } from "./unanswered";

const qs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, index: i }));

describe("naming unanswered questions", () => {
  it("numbers the questions without an answer from 1, ignoring blank answers", () => {
    expect(unansweredNumbers(qs(5), { 100: "Accra", 102: "  ", 104: "B" })).toEqual([2, 3, 4]);
    expect(unansweredNumbers(qs(3), { 100: "a", 101: "b", 102: "c" })).toEqual([]);
  });

  it("joins numbers the way people write them, with ranges for runs of three or more", () => {
    expect(formatNumberList([3])).toBe("3");
    expect(formatNumberList([3, 5])).toBe("3 and 5");
    expect(formatNumberList([4, 5])).toBe("4 and 5");
    expect(formatNumberList([1, 4, 9])).toBe("1, 4 and 9");
    expect(formatNumberList([9, 1, 2, 3, 4, 7])).toBe("1–4, 7 and 9");
    expect(formatNumberList([1, 2, 3, 5, 6, 7, 8])).toBe("1–3 and 5–8");
  });

  it("writes the confirmation's sentence", () => {
    expect(unansweredSentence([])).toBe("You have answered every question.");
    expect(unansweredSentence([7])).toBe("You have not answered question 7.");
    expect(unansweredSentence([2, 3, 4, 9])).toBe("You have not answered questions 2–4 and 9 (4 unanswered).");
  });
});
