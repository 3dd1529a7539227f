import { describe, expect, it } from "vitest";
import { answerLetter, answeredCount, matchAnswerKey, resolveAnswer, spreadWarnings } from "./answers";

const opts = ["12", "14", "16", "18"];

describe("resolveAnswer", () => {
  it.each([
    ["B", "14"],
    ["b", "14"],
    ["(c)", "16"],
    ["D.", "18"],
    [" 16 ", "16"],
    ["E", ""],
    ["20", ""],
    ["", ""],
  ])("reads %j as %j", (input, want) => expect(resolveAnswer(input, opts)).toBe(want));

  it("matches an option's text whatever its case and spacing", () => {
    expect(resolveAnswer("accra  ", ["Kumasi", "Accra"])).toBe("Accra");
  });

  it("does not name an empty option", () => {
    expect(resolveAnswer("C", ["Yes", "No", ""])).toBe("");
  });
});

describe("matchAnswerKey", () => {
  const qs = [
    { text: "1", options: opts, answer: "" },
    { text: "2", options: ["a", "b"], answer: "b" },
  ];

  it("puts the key's letters on the questions when the counts are equal", () => {
    const m = matchAnswerKey(qs, ["D", "A"]);
    expect(m.ok).toBe(true);
    if (m.ok) expect(m.questions.map((q) => q.answer)).toEqual(["18", "a"]);
  });

  it("keeps the question's own answer when the key names no option", () => {
    const m = matchAnswerKey(qs, ["A", "E"]);
    if (!m.ok) throw new Error("expected a match");
    expect(m.questions[1].answer).toBe("b");
  });

  it("refuses with the mismatch warning when the counts differ", () => {
    const m = matchAnswerKey(qs, ["A", "B", "C"]);
    expect(m.ok).toBe(false);
    expect(m.message).toMatch(/found 3 answers but have 2 questions/i);
  });
});

describe("answeredCount and answerLetter", () => {
  it("counts only answers that are one of the options", () => {
    expect(
      answeredCount([
        { text: "", options: opts, answer: "14" },
        { text: "", options: opts, answer: "15" },
        { text: "", options: opts, answer: "" },
      ]),
    ).toBe(1);
    expect(answerLetter("16", opts)).toBe("C");
    expect(answerLetter("", opts)).toBe("");
  });
});

describe("spreadWarnings", () => {
  it("puts a warning on the question it names and keeps the others general", () => {
    const s = spreadWarnings(3, ["Question 2 has fewer than two options", "Page 1 header ignored", "Question 9: unreadable"]);
    expect(s.perQuestion).toEqual([[], ["Question 2 has fewer than two options"], []]);
    expect(s.general).toEqual(["Page 1 header ignored", "Question 9: unreadable"]);
  });
});
