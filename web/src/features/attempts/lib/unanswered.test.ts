import { describe, expect, it } from "vitest";
import { isAnswered, QUESTION_TYPES, type WrittenPart } from "@adesua/domain/rules";
import { hasAnswer, unansweredNumbers } from "./unanswered";
import { formatNumberList, unansweredSentence } from "./unanswered-sentence";

const qs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, index: i }));

describe("naming unanswered questions", () => {
  it("numbers the questions without an answer from 1, ignoring blank answers", () => {
    expect(unansweredNumbers(qs(5), { 100: "Accra", 102: "  ", 104: "B" })).toEqual([2, 3, 4]);
    expect(unansweredNumbers(qs(3), { 100: "a", 101: "b", 102: "c" })).toEqual([]);
  });

  it("understands each type's answer form: no choices ([]) and empty parts are unanswered", () => {
    const parts = [
      { label: "a", marks: 2 },
      { label: "b", marks: 2 },
    ];
    const questions = [
      { id: 1, index: 0, type: "multiple" as const },
      { id: 2, index: 1, type: "multiple" as const },
      { id: 3, index: 2, type: "written" as const, parts },
      { id: 4, index: 3, type: "written" as const, parts },
      { id: 5, index: 4, type: "numerical" as const },
      { id: 6, index: 5, type: "true_false" as const },
    ];
    const answers = { 1: "[]", 2: '["3","6"]', 3: '["",""]', 4: '["","20 − 13.50"]', 5: "7.5", 6: "" };
    expect(unansweredNumbers(questions, answers)).toEqual([1, 3, 6]);
  });

  it("agrees with the domain's isAnswered for every type and answer form", () => {
    const parts: WrittenPart[] = [
      { label: "a", marks: 1, scheme: "" },
      { label: "b", marks: 1, scheme: "" },
    ];
    const raws = [
      undefined,
      null,
      "",
      "  ",
      "[]",
      " [] ",
      '[""]',
      '["",""]',
      '["", " "]',
      '["x"]',
      '["","y"]',
      "[not json",
      "plain",
      '"quoted"',
      "[1,2]",
      '[null,"z"]',
    ];
    for (const type of QUESTION_TYPES)
      for (const withParts of [false, true])
        for (const raw of raws) {
          const local = hasAnswer({ type, parts: withParts ? parts : undefined }, raw);
          expect([type, withParts, raw, local]).toEqual([type, withParts, raw, isAnswered({ type, details: withParts ? { parts } : null }, raw)]);
        }
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
