import { describe, expect, it } from "vitest";
import { answerMatches } from "./grading";
import {
  decodeChoices,
  decodeParts,
  describeAnswer,
  describeKey,
  encodeChoices,
  encodeParts,
  isAnswered,
  isAutoMarked,
  keyInAnswerForm,
  markAnswer,
  marksOf,
  normaliseShort,
  parseNumberAnswer,
  shortMatches,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  type MarkableQuestion,
} from "./question-types";

const mark = (q: MarkableQuestion, given: string | null | undefined) => markAnswer(q, given, answerMatches);

describe("QUESTION_TYPES", () => {
  it("names six types, each with a label", () => {
    expect(QUESTION_TYPES).toEqual(["single", "multiple", "true_false", "short", "numerical", "written"]);
    for (const t of QUESTION_TYPES) expect(QUESTION_TYPE_LABELS[t].length).toBeGreaterThan(3);
  });
});

describe("normaliseShort and shortMatches", () => {
  it("ignores case, spacing and accents", () => {
    expect(normaliseShort("  Lake   VOLTA \n")).toBe("lake volta");
    expect(normaliseShort("Café Crème")).toBe("cafe creme");
    expect(normaliseShort(null)).toBe("");
    expect(shortMatches("  accra ", "Accra")).toBe(true);
    expect(shortMatches("Cafe", "café")).toBe(true);
    expect(shortMatches("Accra city", "Accra")).toBe(false);
  });
  it("contains: the accepted answer anywhere in the given one", () => {
    expect(shortMatches("It is Accra, the capital", "accra", true)).toBe(true);
    expect(shortMatches("Kumasi", "accra", true)).toBe(false);
  });
  it("Moodle's * wildcard matches any run of characters, and regular-expression characters stay literal", () => {
    expect(shortMatches("photosynthesis", "photo*")).toBe(true);
    expect(shortMatches("a photosynthesis", "photo*")).toBe(false);
    expect(shortMatches("a photosynthesis", "photo*", true)).toBe(true);
    expect(shortMatches("anything", "*")).toBe(true);
    expect(shortMatches("x+1", "x+*")).toBe(true);
    expect(shortMatches("xx1", "x+*")).toBe(false);
    expect(shortMatches("(a)", "(*)")).toBe(true);
    expect(shortMatches("a.b", "a.b")).toBe(true);
    expect(shortMatches("axb", "a.b")).toBe(false);
  });
  it("never matches an empty answer or an empty key", () => {
    expect(shortMatches("", "*")).toBe(false);
    expect(shortMatches("   ", "x")).toBe(false);
    expect(shortMatches("x", "  ")).toBe(false);
  });
});

describe("parseNumberAnswer", () => {
  it.each([
    ["3.5", null, 3.5],
    ["3,5", null, 3.5],
    ["-2", null, -2],
    ["+2", null, 2],
    ["1 000", null, 1000],
    ["1\u00a0000 000", null, 1000000],
    ["1,000", null, 1000],
    ["12,500", null, 12500],
    ["1,234.5", null, 1234.5],
    ["1e3", null, 1000],
    [".5", null, 0.5],
    ["5.", null, 5],
    ["12.8 cm", "cm", 12.8],
    ["12.8cm", "cm", 12.8],
    ["12.8 CM", "cm", 12.8],
    ["  7 ", null, 7],
  ] as const)("%s (unit %s) is %s", (given, unit, n) => {
    expect(parseNumberAnswer(given, unit)).toBe(n);
  });
  it.each([["abc"], [""], ["12 cm"], ["1/2"], ["Infinity"], ["NaN"], ["1e999"], ["--2"], [null], ["cm"]])("%s is not a number", (given) => {
    expect(parseNumberAnswer(given as string | null, null)).toBeNull();
  });
  it("a unit the question does not have stays and refuses the number", () => {
    expect(parseNumberAnswer("cm", "cm")).toBeNull();
    expect(parseNumberAnswer("5 kg", "cm")).toBeNull();
  });
});

describe("encodeChoices and decodeChoices", () => {
  const options = ["Accra", "Kumasi", "Tamale", "Ho"];
  it("round-trips a list of option texts, in the options' order, once each", () => {
    expect(decodeChoices(encodeChoices(["Tamale", "Accra"]), options)).toEqual(["Accra", "Tamale"]);
    expect(decodeChoices('["accra"," ACCRA ","Ho"]', options)).toEqual(["Accra", "Ho"]);
  });
  it("reads letters and texts separated by commas or semicolons", () => {
    expect(decodeChoices("A, C", options)).toEqual(["Accra", "Tamale"]);
    expect(decodeChoices("b; Ho", options)).toEqual(["Kumasi", "Ho"]);
    expect(decodeChoices("E", options)).toEqual([]);
  });
  it("drops what names no option, and survives bad JSON", () => {
    expect(decodeChoices('["Lagos", 3, null]', options)).toEqual([]);
    expect(decodeChoices("[not json", options)).toEqual([]);
    expect(decodeChoices('{"a":1}', options)).toEqual([]);
    expect(decodeChoices("", options)).toEqual([]);
    expect(decodeChoices(null, options)).toEqual([]);
  });
});

describe("encodeParts and decodeParts", () => {
  it("round-trips one text per part, padding missing parts", () => {
    expect(decodeParts(encodeParts(["one", "two"]), 2)).toEqual(["one", "two"]);
    expect(decodeParts('["one"]', 3)).toEqual(["one", "", ""]);
    expect(decodeParts('["one", 2, "three"]', 3)).toEqual(["one", "", "three"]);
  });
  it("a plain text is the first part; a question without parts takes the text whole", () => {
    expect(decodeParts("just text", 2)).toEqual(["just text", ""]);
    expect(decodeParts("[not json", 2)).toEqual(["[not json", ""]);
    expect(decodeParts('["a","b"]', 1)).toEqual(['["a","b"]']);
    expect(decodeParts(null, 0)).toEqual([""]);
  });
});

describe("isAnswered, marksOf, isAutoMarked", () => {
  const written2 = {
    type: "written" as const,
    details: {
      parts: [
        { label: "a", marks: 1, scheme: "" },
        { label: "b", marks: 1, scheme: "" },
      ],
    },
  };
  it("isAnswered: blank, an empty list of choices and empty parts are not answers", () => {
    expect(isAnswered({ type: "single" }, "  ")).toBe(false);
    expect(isAnswered({ type: "single" }, null)).toBe(false);
    expect(isAnswered({ type: "multiple" }, "[]")).toBe(false);
    expect(isAnswered({ type: "multiple" }, '["x"]')).toBe(true);
    expect(isAnswered(written2, '["",""]')).toBe(false);
    expect(isAnswered(written2, '["","b"]')).toBe(true);
    expect(isAnswered({ type: "written" }, "text")).toBe(true);
  });
  it("marksOf: 1 unless a positive number", () => {
    expect(marksOf({})).toBe(1);
    expect(marksOf({ marks: null })).toBe(1);
    expect(marksOf({ marks: 0 })).toBe(1);
    expect(marksOf({ marks: -3 })).toBe(1);
    expect(marksOf({ marks: Number.NaN })).toBe(1);
    expect(marksOf({ marks: 2.5 })).toBe(2.5);
  });
  it("isAutoMarked: by the key each type needs; written never", () => {
    expect(isAutoMarked({ options: ["a", "b"], answer: "a" })).toBe(true);
    expect(isAutoMarked({ options: ["a", "b"], answer: "  " })).toBe(false);
    expect(isAutoMarked({ type: "true_false", options: [], answer: null })).toBe(false);
    expect(isAutoMarked({ type: "multiple", options: ["a"], answer: null, details: { answers: [] } })).toBe(false);
    expect(isAutoMarked({ type: "multiple", options: ["a"], answer: null, details: { answers: ["a"] } })).toBe(true);
    expect(isAutoMarked({ type: "short", options: [], answer: null, details: { accepted: [{ text: "x", fraction: 100 }] } })).toBe(true);
    expect(isAutoMarked({ type: "short", options: [], answer: null, details: {} })).toBe(false);
    expect(isAutoMarked({ type: "numerical", options: [], answer: null, details: { value: 0 } })).toBe(true);
    expect(isAutoMarked({ type: "numerical", options: [], answer: null, details: {} })).toBe(false);
    expect(isAutoMarked({ type: "written", options: [], answer: "x", details: { scheme: "s" } })).toBe(false);
  });
});

describe("markAnswer: every type", () => {
  it("single: the option's text or its letter; unanswered 0", () => {
    const q = { options: ["Accra", "Kumasi"], answer: "Kumasi", marks: 2 };
    expect(mark(q, "kumasi")).toEqual({ earned: 2, available: 2 });
    expect(mark(q, "B")).toEqual({ earned: 2, available: 2 });
    expect(mark(q, "Accra")).toEqual({ earned: 0, available: 2 });
    expect(mark(q, null)).toEqual({ earned: 0, available: 2 });
  });
  it("single without a key: a teacher marks it when answered", () => {
    const q = { options: ["a", "b"], answer: null };
    expect(mark(q, "a")).toEqual({ earned: null, available: 1 });
    expect(mark(q, "")).toEqual({ earned: 0, available: 1 });
  });
  it("true/false: True/False, T/F, yes/no and the letters A/B", () => {
    const q = { type: "true_false" as const, options: ["True", "False"], answer: "False" };
    for (const g of ["False", "false", "F", "no", "B"]) expect(mark(q, g).earned, g).toBe(1);
    for (const g of ["True", "t", "yes", "A", "maybe"]) expect(mark(q, g).earned, g).toBe(0);
  });
  it("multiple, all or nothing: exactly the right set", () => {
    const q = { type: "multiple" as const, options: ["2", "3", "4", "9"], answer: null, marks: 2, details: { answers: ["2", "3"] } };
    expect(mark(q, encodeChoices(["3", "2"])).earned).toBe(2);
    expect(mark(q, encodeChoices(["2"])).earned).toBe(0);
    expect(mark(q, encodeChoices(["2", "3", "4"])).earned).toBe(0);
    expect(mark(q, "A, B").earned).toBe(2);
    expect(mark(q, "[]").earned).toBe(0);
  });
  it("multiple, partial: a share per right option, less per wrong one, never below 0", () => {
    const q = {
      type: "multiple" as const,
      options: ["2", "3", "4", "9"],
      answer: null,
      marks: 2,
      details: { answers: ["2", "3"], scoring: "partial" as const },
    };
    expect(mark(q, encodeChoices(["2"])).earned).toBe(1);
    expect(mark(q, encodeChoices(["2", "3"])).earned).toBe(2);
    expect(mark(q, encodeChoices(["2", "4"])).earned).toBe(0);
    expect(mark(q, encodeChoices(["2", "3", "4"])).earned).toBe(1);
    expect(mark(q, encodeChoices(["4", "9"])).earned).toBe(0);
    expect(mark(q, encodeChoices(["2", "3", "4", "9"])).earned).toBe(0);
  });
  it("short: the best accepted answer's share", () => {
    const q = {
      type: "short" as const,
      options: [],
      answer: "Frog",
      marks: 3,
      details: {
        accepted: [
          { text: "Frog", fraction: 100 },
          { text: "Cat", fraction: 50 },
          { text: "*", fraction: 0 },
        ],
      },
    };
    expect(mark(q, " FROG ").earned).toBe(3);
    expect(mark(q, "cat").earned).toBe(1.5);
    expect(mark(q, "dog").earned).toBe(0);
    expect(mark(q, "").earned).toBe(0);
  });
  it("short with contains", () => {
    const q = { type: "short" as const, options: [], answer: null, details: { accepted: [{ text: "volta", fraction: 100 }], contains: true } };
    expect(mark(q, "Lake Volta").earned).toBe(1);
  });
  it("numerical: within the tolerance, with or without the unit", () => {
    const q = { type: "numerical" as const, options: [], answer: null, marks: 2, details: { value: 12.5, tolerance: 0.5, unit: "cm" } };
    expect(mark(q, "12.5").earned).toBe(2);
    expect(mark(q, "13 cm").earned).toBe(2);
    expect(mark(q, "12,0cm").earned).toBe(2);
    expect(mark(q, "13.01").earned).toBe(0);
    expect(mark(q, "twelve").earned).toBe(0);
    const exact = { type: "numerical" as const, options: [], answer: null, details: { value: 0.1 + 0.2 } };
    expect(mark(exact, "0.3").earned).toBe(1);
    expect(mark({ ...exact, details: { value: -4, tolerance: -1 } }, "-3").earned).toBe(1);
  });
  it("written: null when answered (a teacher marks it), 0 when left", () => {
    const q = { type: "written" as const, options: [], answer: null, marks: 10, details: { scheme: "s" } };
    expect(mark(q, "An essay")).toEqual({ earned: null, available: 10 });
    expect(mark(q, "  ")).toEqual({ earned: 0, available: 10 });
  });
  it("rounds to two decimals", () => {
    const q = {
      type: "multiple" as const,
      options: ["a", "b", "c", "d"],
      answer: null,
      marks: 1,
      details: { answers: ["a", "b", "c"], scoring: "partial" as const },
    };
    expect(mark(q, encodeChoices(["a"])).earned).toBe(0.33);
  });
});

describe("keyInAnswerForm", () => {
  it("is what a fully right answer looks like, null for written or an unknown key", () => {
    expect(keyInAnswerForm({ options: ["a", "b"], answer: "b" })).toBe("b");
    expect(keyInAnswerForm({ options: ["a", "b"], answer: " " })).toBeNull();
    expect(keyInAnswerForm({ type: "true_false", options: [], answer: "True" })).toBe("True");
    expect(keyInAnswerForm({ type: "multiple", options: ["a", "b", "c"], details: { answers: ["c", "a"] } })).toBe('["a","c"]');
    expect(keyInAnswerForm({ type: "multiple", options: ["a"], details: {} })).toBeNull();
    expect(
      keyInAnswerForm({
        type: "short",
        options: [],
        details: {
          accepted: [
            { text: "Cat", fraction: 50 },
            { text: "Frog", fraction: 100 },
          ],
        },
      }),
    ).toBe("Frog");
    expect(keyInAnswerForm({ type: "short", options: [], details: { accepted: [{ text: "*", fraction: 0 }] } })).toBeNull();
    expect(keyInAnswerForm({ type: "numerical", options: [], details: { value: 3, unit: "cm" } })).toBe("3 cm");
    expect(keyInAnswerForm({ type: "numerical", options: [], details: { value: 0 } })).toBe("0");
    expect(keyInAnswerForm({ type: "numerical", options: [], details: {} })).toBeNull();
    expect(keyInAnswerForm({ type: "written", options: [], answer: "x", details: { scheme: "s" } })).toBeNull();
  });
  it("the key in answer form always earns full marks", () => {
    const qs: MarkableQuestion[] = [
      { type: "multiple", options: ["a", "b", "c"], answer: null, details: { answers: ["a", "c"] } },
      { type: "short", options: [], answer: null, details: { accepted: [{ text: "Frog", fraction: 100 }] } },
      { type: "numerical", options: [], answer: null, details: { value: 3, tolerance: 0, unit: "cm" } },
      { type: "true_false", options: ["True", "False"], answer: "False" },
    ];
    for (const q of qs) expect(mark(q, keyInAnswerForm(q)).earned, q.type!).toBe(1);
  });
});

describe("describeKey and describeAnswer", () => {
  it("describeKey reads the key per type", () => {
    expect(describeKey({ options: ["a", "b"], answer: "b" })).toBe("b");
    expect(describeKey({ options: ["a", "b"], answer: null })).toBeNull();
    expect(describeKey({ type: "multiple", options: ["A", "B", "C"], details: { answers: ["C", "A"] } })).toBe("A; C");
    expect(
      describeKey({
        type: "short",
        options: [],
        details: {
          accepted: [
            { text: "Frog", fraction: 100 },
            { text: "Cat", fraction: 50 },
          ],
        },
      }),
    ).toBe("Frog; Cat (50%)");
    expect(describeKey({ type: "numerical", options: [], details: { value: 3, tolerance: 0.5, unit: "cm" } })).toBe("3 ± 0.5 cm");
    expect(describeKey({ type: "numerical", options: [], details: { value: 3, tolerance: 0 } })).toBe("3");
    expect(describeKey({ type: "written", options: [], details: { scheme: "Whole scheme" } })).toBe("Whole scheme");
    expect(
      describeKey({
        type: "written",
        options: [],
        details: {
          scheme: " ",
          parts: [
            { label: "a", marks: 1, scheme: "one" },
            { label: "b", marks: 1, scheme: "two" },
          ],
        },
      }),
    ).toBe("(a) one\n(b) two");
    expect(describeKey({ type: "written", options: [], details: {} })).toBeNull();
  });
  it("describeAnswer joins choices and labels parts", () => {
    expect(describeAnswer({ options: ["a"] }, null)).toBe("");
    expect(describeAnswer({ options: ["a"] }, "a")).toBe("a");
    expect(describeAnswer({ type: "multiple", options: ["A", "B", "C"] }, '["C","A"]')).toBe("A; C");
    const parts = [
      { label: "a", marks: 1, scheme: "" },
      { label: "b", marks: 1, scheme: "" },
    ];
    expect(describeAnswer({ type: "written", options: [], details: { parts } }, '["x","y"]')).toBe("(a) x\n(b) y");
    expect(describeAnswer({ type: "written", options: [], details: {} }, "essay")).toBe("essay");
  });
});
