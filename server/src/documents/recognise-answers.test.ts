import { describe, expect, it } from "vitest";
import { recogniseAnswers } from "./recognise-answers.ts";

const read = (...t: string[]) => recogniseAnswers(t.map((text) => ({ text })));

describe("answer keys", () => {
  it.each([
    ["1. D. Accra", "2. A. Kumasi", "3. C. Tamale"],
    ["1) D", "2) A", "3) C"],
    ["1. D", "2. A", "3. C"],
    ["1-D", "2-A", "3-C"],
    ["1 (d)", "2 (a)", "3 (c)"],
    ["1:d", "2:a", "3:c"],
  ])("reads keys written like %s", (...l) => {
    expect(read(...l)).toEqual({ answers: ["D", "A", "C"], warnings: [] });
  });

  it("reads several answers per line", () => {
    expect(read("1.A 2.C 3.B", "4.D  5.E").answers).toEqual(["A", "C", "B", "D", "E"]);
  });

  it("reads a two-column table (each row read as '1   D') with a header row", () => {
    expect(read("Question   Answer", "1   D", "2   B", "3   A").answers).toEqual(["D", "B", "A"]);
  });

  it("reads a pair wrapped over two lines", () => {
    expect(read("1. A 2. B 3.", "C 4. D").answers).toEqual(["A", "B", "C", "D"]);
  });

  it("ignores a title with a year and numbers inside answer text", () => {
    expect(read("BECE 2019 Answer Key", "1. D. 12 apples", "2. A. 3 a day", "3. B").answers).toEqual(["D", "A", "B"]);
  });

  it("leaves a gap and warns when a number is skipped, never shifting later answers", () => {
    const r = read("1. A", "2. B", "4. D");
    expect(r.answers).toEqual(["A", "B", "", "D"]);
    expect(r.warnings).toEqual([{ message: "No answer was found for question 3; it is left blank." }]);
  });

  it("keeps the first of a repeated number and warns", () => {
    const r = read("1. A", "2. B", "2. C", "3. D");
    expect(r.answers).toEqual(["A", "B", "D"]);
    expect(r.warnings).toEqual([{ question: 2, message: "Question 2 appears more than once in the answer key (B then C); the first was kept." }]);
  });

  it("warns when numbers go backwards, keeping each answer with its own number", () => {
    const r = read("1. A", "3. C", "2. B");
    expect(r.answers).toEqual(["A", "B", "C"]);
    expect(r.warnings).toEqual([{ question: 2, message: "Question 2 comes after question 3 in the answer key; each answer was kept with its own number." }]);
  });

  it("says so when nothing looks like an answer", () => {
    expect(read("Well done everyone")).toEqual({
      answers: [],
      warnings: [{ message: 'No answers were found. Write one per question, like "1. D" or "1-D".' }],
    });
  });

  it("takes only the key at the end of a whole paper, never 'keys' from its questions (issue 27)", () => {
    const r = read(
      "BECE 2019 MATHEMATICS",
      "1. 2 + 2 =",
      "A. 3",
      "B. 4",
      "Answer: B",
      "2. Ama had 3 oranges and ate 1 (b) of them",
      "A. 2",
      "B. 3",
      "ANSWER KEY",
      "1 B  2 A",
    );
    expect(r).toEqual({ answers: ["B", "A"], warnings: [] });
  });

  it("keeps every part of a key printed in sections", () => {
    expect(read("1. Pick", "A. x", "B. y", "Answers to Section A", "1. B", "2. A", "Answers to Section B", "3. C").answers).toEqual(["B", "A", "C"]);
  });

  it.each(["Answers", "Answers to questions", "Marking scheme", "Solutions", "Answer key"])("recognises the heading %s", (heading) => {
    expect(read("1. Pick", "A. x", "B. y", heading, "1. B").answers).toEqual(["B"]);
  });
});
