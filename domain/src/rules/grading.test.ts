import { describe, expect, it } from "vitest";
import {
  answerMatches,
  correctAnswerText,
  correctOptionIndex,
  gradeAnswers,
  gradeWithTeacher,
  isPassed,
  letterIndex,
  optionLetter,
  scorePercent,
  teacherMarkValue,
  type GradableQuestion,
} from "./grading";

const opts = ["Accra", "Kumasi", "Tamale", "Cape Coast"];

describe("answerMatches", () => {
  it("matches the correct option's text ignoring case and surrounding space", () => {
    expect(answerMatches("Kumasi", "Kumasi", opts)).toBe(true);
    expect(answerMatches("  kUMASI \n", "Kumasi", opts)).toBe(true);
    expect(answerMatches("Accra", "Kumasi", opts)).toBe(false);
    expect(answerMatches("Kuma si", "Kumasi", opts)).toBe(false);
  });
  it("matches the correct option's letter A–E in either case", () => {
    expect(answerMatches("B", "Kumasi", opts)).toBe(true);
    expect(answerMatches(" b ", "Kumasi", opts)).toBe(true);
    expect(answerMatches("A", "Kumasi", opts)).toBe(false);
    expect(answerMatches("F", "Kumasi", opts)).toBe(false);
  });
  it("reads a key given as a letter", () => {
    expect(answerMatches("Tamale", "C", opts)).toBe(true);
    expect(answerMatches("c", "c", opts)).toBe(true);
    expect(answerMatches("Accra", "C", opts)).toBe(false);
  });
  it("reads an answer that is some option's text as that option, not as a letter", () => {
    const letters = ["B", "A", "C"];
    expect(answerMatches("A", "A", letters)).toBe(true);
    // "B" is the text of option 0, so it is not read as the letter of option 1 ("A").
    expect(answerMatches("B", "A", letters)).toBe(false);
  });
  it("never matches an empty answer or a missing key", () => {
    expect(answerMatches("", "Kumasi", opts)).toBe(false);
    expect(answerMatches("   ", "Kumasi", opts)).toBe(false);
    expect(answerMatches(null, "Kumasi", opts)).toBe(false);
    expect(answerMatches("Kumasi", null, opts)).toBe(false);
  });
  it("compares with the key itself when the key names no option", () => {
    expect(answerMatches("volta", "Volta", opts)).toBe(true);
    expect(answerMatches("A", "Volta", opts)).toBe(false);
  });
  it("handles a fifth option E", () => {
    const five = ["1", "2", "3", "4", "5"];
    expect(answerMatches("e", "5", five)).toBe(true);
    expect(letterIndex("E")).toBe(4);
    expect(optionLetter(4)).toBe("E");
    expect(optionLetter(5)).toBeNull();
  });
});

describe("correct option", () => {
  it("finds it by text, then by letter", () => {
    expect(correctOptionIndex("tamale", opts)).toBe(2);
    expect(correctOptionIndex("D", opts)).toBe(3);
    expect(correctOptionIndex("E", opts)).toBe(-1);
    expect(correctOptionIndex(null, opts)).toBe(-1);
    expect(correctAnswerText("d", opts)).toBe("Cape Coast");
    expect(correctAnswerText("Volta", opts)).toBe("Volta");
    expect(correctAnswerText(null, opts)).toBeNull();
  });
});

describe("scorePercent", () => {
  it("rounds to two decimals", () => {
    expect(scorePercent(1, 3)).toBe(33.33);
    expect(scorePercent(2, 3)).toBe(66.67);
    expect(scorePercent(40, 40)).toBe(100);
    expect(scorePercent(0, 40)).toBe(0);
    expect(scorePercent(1, 8)).toBe(12.5);
  });
  it("is null when nothing was graded automatically", () => {
    expect(scorePercent(0, 0)).toBeNull();
  });
});

describe("isPassed", () => {
  it("passes at exactly the passing score and fails just below", () => {
    expect(isPassed(50, 50)).toBe(true);
    expect(isPassed(49.99, 50)).toBe(false);
    expect(isPassed(100, 100)).toBe(true);
  });
  it("is unknown without a score", () => {
    expect(isPassed(null, 50)).toBeNull();
  });
});

describe("gradeAnswers", () => {
  const qs = [
    { id: 1, options: opts, answer: "Kumasi" },
    { id: 2, options: opts, answer: "A" },
    { id: 3, options: opts, answer: null },
    { id: 4, options: opts, answer: "Tamale" },
  ];
  it("counts only keyed questions, counts unanswered ones wrong and keeps unkeyed answers for a teacher", () => {
    const g = gradeAnswers(qs, [
      { questionId: 1, answer: "b" },
      { questionId: 2, answer: "Accra" },
      { questionId: 3, answer: "my essay" },
    ]);
    expect(g).toMatchObject({ correct: 2, total: 3, score: 66.67, graded: false });
    expect(g.ungradedAnswers).toEqual([{ questionId: 3, answer: "my essay" }]);
    expect(g.perQuestion).toEqual([
      { questionId: 1, correct: true, earned: 1, available: 1 },
      { questionId: 2, correct: true, earned: 1, available: 1 },
      { questionId: 3, correct: null, earned: null, available: 1 },
      { questionId: 4, correct: false, earned: 0, available: 1 },
    ]);
  });
  it("is fully graded when every question has a key", () => {
    const g = gradeAnswers([qs[0], qs[3]], [{ questionId: 4, answer: "Tamale" }]);
    expect(g).toMatchObject({ correct: 1, total: 2, score: 50, graded: true, ungradedAnswers: [] });
  });
  it("has no score when no question has a key", () => {
    const g = gradeAnswers([qs[2]], []);
    expect(g).toMatchObject({ correct: 0, total: 0, score: null, graded: false, ungradedAnswers: [] });
  });
});

describe("gradeAnswers and gradeWithTeacher by marks (issue 27)", () => {
  const qs: GradableQuestion[] = [
    { id: 1, options: ["a", "b"], answer: "a", marks: 1 },
    { id: 2, type: "multiple", options: ["2", "3", "4"], answer: null, marks: 2, details: { answers: ["2", "3"], scoring: "partial" } },
    { id: 3, type: "numerical", options: [], answer: null, marks: 3, details: { value: 10, tolerance: 1 } },
    { id: 4, type: "written", options: [], answer: null, marks: 10, details: { scheme: "s" } },
    { id: 5, type: "written", options: [], answer: null, marks: 4, details: {} },
  ];
  const given = [
    { questionId: 1, answer: "a" },
    { questionId: 2, answer: '["2"]' },
    { questionId: 3, answer: "12" },
    { questionId: 4, answer: "An essay" },
  ];
  it("the automatic part is marks earned over the auto-marked marks available", () => {
    const g = gradeAnswers(qs, given);
    expect(g).toMatchObject({ earned: 2, available: 6, score: 33.33, correct: 1, total: 3, graded: false });
    expect(g.perQuestion).toEqual([
      { questionId: 1, correct: true, earned: 1, available: 1 },
      { questionId: 2, correct: false, earned: 1, available: 2 },
      { questionId: 3, correct: false, earned: 0, available: 3 },
      { questionId: 4, correct: null, earned: null, available: 10 },
      { questionId: 5, correct: null, earned: null, available: 4 },
    ]);
    expect(g.ungradedAnswers).toEqual([{ questionId: 4, answer: "An essay" }]);
  });
  it("a teacher's marks: over every question's marks; an unanswered written question earns 0", () => {
    const g = gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 4, marks: 7.5 }] });
    // 2 + 7.5 of 1 + 2 + 3 + 10 + 4 = 20.
    expect(g).toMatchObject({ earned: 9.5, available: 20, score: 47.5, graded: true, total: 5, correct: 1 });
    expect(g.perQuestion.slice(3)).toEqual([
      { questionId: 4, correct: false, earned: 7.5, available: 10 },
      { questionId: 5, correct: false, earned: 0, available: 4 },
    ]);
  });
  it("full marks count as right; the older { correct } form is full marks or 0; marks win over correct", () => {
    expect(gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 4, marks: 10 }] })).toMatchObject({ correct: 2, earned: 12 });
    expect(gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 4, correct: true }] })).toMatchObject({ earned: 12, score: 60 });
    expect(gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 4, correct: false }] })).toMatchObject({ earned: 2, score: 10 });
    expect(gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 4, correct: true, marks: 1 }] })).toMatchObject({ earned: 3 });
  });
  it("marks are clamped to 0..the question's marks and rounded to 0.01", () => {
    expect(teacherMarkValue({ questionId: 4, marks: 12 }, 10)).toBe(10);
    expect(teacherMarkValue({ questionId: 4, marks: -1 }, 10)).toBe(0);
    expect(teacherMarkValue({ questionId: 4, marks: 3.14159 }, 10)).toBe(3.14);
    expect(teacherMarkValue({ questionId: 4, marks: Number.NaN }, 10)).toBeNull();
    expect(teacherMarkValue({ questionId: 4 }, 10)).toBeNull();
    expect(teacherMarkValue(undefined, 10)).toBeNull();
  });
  it("an answered written question without a mark leaves the grade automatic; a final score replaces the percentage", () => {
    expect(gradeWithTeacher(qs, given, { finalScore: null, marks: [{ questionId: 5, marks: 1 }] })).toMatchObject({ graded: false, score: 33.33 });
    expect(gradeWithTeacher(qs, given, { finalScore: 80, marks: null })).toMatchObject({ graded: true, score: 80 });
    expect(gradeWithTeacher(qs, given, null)).toEqual(gradeAnswers(qs, given));
  });
});
