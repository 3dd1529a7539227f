import { describe, expect, it } from "vitest";
import { QUIZ_MESSAGES } from "@adesua/domain/constants";
import type { Quiz } from "@adesua/domain";
import {
  emptyQuizValues,
  hasErrors,
  newKey,
  questionPayload,
  questionsFromQuiz,
  quizFormData,
  SECTION_NUMBERS,
  validateQuestions,
  validateQuizForm,
  type QuestionDraft,
  type QuizFormValues,
  withChange,
} from "./quiz-form-model";

const pdf = () => new File(["%PDF-1.4 test"], "quiz.pdf", { type: "application/pdf" });
const valid = (over: Partial<QuizFormValues> = {}): QuizFormValues => ({
  ...emptyQuizValues(),
  title: "Forces",
  courseId: "3",
  studentType: "jhs2",
  pdf: pdf(),
  ...over,
});
const check = (v: QuizFormValues, creating = true, questionCount = 0) => validateQuizForm(v, { creating, questionCount });

describe("quiz form validation", () => {
  it("accepts a complete quiz with empty optional fields (no limit, unlimited attempts, always open)", () => {
    expect(hasErrors(check(valid()))).toBe(false);
  });

  it("requires title, course, student type and, on create, questions or the PDF with the spec's messages", () => {
    const e = check({ ...emptyQuizValues(), title: "   " });
    expect(e.title).toBe("Title is required");
    expect(e.courseId).toBe("Course selection is required");
    expect(e.studentType).toBe("Student type is required");
    expect(e.pdf).toBe(QUIZ_MESSAGES.pdfOrQuestions);
    expect(QUIZ_MESSAGES.pdfOrQuestions).toBe("Add questions or attach the question paper (PDF)");
  });

  it("creates a quiz from typed-in questions without a PDF", () => {
    expect(check(valid({ pdf: null }), true, 3).pdf).toBeUndefined();
  });

  it("does not require a new PDF when editing", () => {
    expect(check(valid({ pdf: null }), false).pdf).toBeUndefined();
  });

  it("refuses a file that is not a PDF and one over 10 MB", () => {
    expect(check(valid({ pdf: new File(["x"], "notes.docx", { type: "application/msword" }) })).pdf).toBe("The quiz file must be a PDF file");
    const big = new File(["%PDF-"], "big.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    expect(check(valid({ pdf: big })).pdf).toBe("The quiz file must be 10 MB or smaller");
  });

  it("wants the close time after the open time", () => {
    expect(check(valid({ openTime: "2026-03-02T10:00", closeTime: "2026-03-02T09:00" })).closeTime).toBe("Close time must be after open time");
    expect(check(valid({ openTime: "2026-03-02T10:00", closeTime: "2026-03-02T10:00" })).closeTime).toBe("Close time must be after open time");
    expect(check(valid({ openTime: "2026-03-02T10:00", closeTime: "2026-03-02T10:01" })).closeTime).toBeUndefined();
    expect(check(valid({ openTime: "", closeTime: "2026-03-02T10:01" })).closeTime).toBeUndefined();
  });

  it("keeps time limit 1–600, max attempts 1–10, questions per page 1–50 and passing score 0–100", () => {
    expect(check(valid({ timeLimit: 0 })).timeLimit).toBe("Time limit must be between 1 and 600 minutes");
    expect(check(valid({ timeLimit: 601 })).timeLimit).toBe("Time limit must be between 1 and 600 minutes");
    expect(check(valid({ timeLimit: 600 })).timeLimit).toBeUndefined();
    expect(check(valid({ timeLimit: 1 })).timeLimit).toBeUndefined();
    expect(check(valid({ maxAttempts: 11 })).maxAttempts).toBe("Max attempts must be between 1 and 10");
    expect(check(valid({ maxAttempts: 0 })).maxAttempts).toBe("Max attempts must be between 1 and 10");
    expect(check(valid({ maxAttempts: 10 })).maxAttempts).toBeUndefined();
    expect(check(valid({ questionsPerPage: 51 })).questionsPerPage).toBe("Questions per page must be between 1 and 50");
    expect(check(valid({ questionsPerPage: "" })).questionsPerPage).toBeUndefined();
    expect(check(valid({ passingScore: 101 })).passingScore).toBe("Passing score must be between 0 and 100");
    expect(check(valid({ passingScore: 0 })).passingScore).toBeUndefined();
  });

  it("checks timed sections: name, positions, order, limit, and the question count", () => {
    const s = (name: string, start: number | string, end: number | string, timeLimit: number | string) => ({ key: newKey(), name, start, end, timeLimit });
    const a = s("", 0, 2, 0);
    const e = check(valid({ timedSections: [a] }));
    expect(e.sections?.[a.key]).toEqual({
      name: "Section name is required",
      start: SECTION_NUMBERS,
      timeLimit: "Section time limit must be between 1 and 600 minutes",
    });
    expect(hasErrors(e)).toBe(true);

    const b = s("A", 3, 2, 10);
    expect(check(valid({ timedSections: [b] })).sections?.[b.key]?.end).toBe("A section cannot end before it starts");

    const c1 = s("A", 1, 5, 10);
    const c2 = s("B", 5, 8, 10);
    expect(check(valid({ timedSections: [c1, c2] })).sections?.[c2.key]?.start).toBe("Timed sections must be in order and must not overlap");

    const d = s("B", 6, 12, 10);
    expect(check(valid({ timedSections: [c1, d] }), true, 10).sections?.[d.key]?.end).toBe(
      'Section "B" goes past the last question (the quiz has 10 questions)',
    );
    expect(hasErrors(check(valid({ timedSections: [c1, s("B", 6, 10, 15)] }), true, 10))).toBe(false);
  });

  it("sends ISO times, empty optional numbers, 0-based sections and the questions as JSON", () => {
    const q: QuestionDraft = { key: newKey(), text: " Unit of force? ", options: ["Joule", " Newton "], answerIndex: 1, section: null };
    const fd = quizFormData(
      valid({
        openTime: "2026-03-02T10:00",
        closeTime: "",
        timeLimit: "",
        maxAttempts: "",
        timedSections: [{ key: "x", name: "A", start: 1, end: 1, timeLimit: 5 }],
      }),
      [q],
    );
    expect(fd.get("openTime")).toBe(new Date(2026, 2, 2, 10, 0).toISOString());
    expect(fd.get("closeTime")).toBe("");
    expect(fd.get("timeLimit")).toBe("");
    expect(fd.get("maxAttempts")).toBe("");
    expect(fd.get("resetTimerOnAttempt")).toBe("true");
    expect(JSON.parse(String(fd.get("timedSections")))).toEqual([{ name: "A", startIndex: 0, endIndex: 0, timeLimit: 5 }]);
    expect(JSON.parse(String(fd.get("questions")))).toEqual([{ text: "Unit of force?", options: ["Joule", "Newton"], answer: "Newton", section: null }]);
    expect(fd.get("pdf")).toBeInstanceOf(File);
    expect(quizFormData(valid()).has("questions")).toBe(false);
  });

  it("creates a draft and leaves an edited quiz's state alone (issue 24 §3)", () => {
    expect(quizFormData(valid(), undefined, { creating: true }).get("status")).toBe("draft");
    expect(quizFormData(valid()).has("status")).toBe(false);
  });
});

describe("a new quiz's defaults (issue 24 §3)", () => {
  it("shows a window from the next full hour for a week, 30 minutes, one attempt and a pass mark of 50", () => {
    const v = emptyQuizValues(new Date(2026, 2, 2, 9, 41));
    expect(v.openTime).toBe("2026-03-02T10:00");
    expect(v.closeTime).toBe("2026-03-09T10:00");
    expect([v.timeLimit, v.maxAttempts, v.passingScore]).toEqual([30, 1, 50]);
    expect(hasErrors(check({ ...v, title: "Forces", courseId: "3", studentType: "jhs2", pdf: pdf() }))).toBe(false);
  });

  it("proposes scores after the close for an exam (a close time and one attempt) until the teacher chooses", () => {
    let v = emptyQuizValues(new Date(2026, 2, 2, 9, 41));
    expect(v.showScore).toBe("after_close");
    v = withChange(v, "maxAttempts", 3);
    expect(v.showScore).toBe("after_attempt");
    v = withChange(v, "maxAttempts", 1);
    expect(v.showScore).toBe("after_close");
    v = withChange(v, "closeTime", "");
    expect(v.showScore).toBe("after_attempt");
    v = withChange(v, "showScore", "after_close");
    v = withChange(v, "maxAttempts", 5);
    expect(v.showScore).toBe("after_close");
    expect(quizFormData({ ...valid(), ...v }).get("showScore")).toBe("after_close");
  });
});

describe("question validation", () => {
  const draft = (over: Partial<QuestionDraft>): QuestionDraft => ({ key: newKey(), text: "Q", options: ["a", "b"], answerIndex: 0, section: null, ...over });

  it("names the first problem of each question with the server's wording", () => {
    const list = [
      draft({ text: " " }),
      draft({ options: ["a"] }),
      draft({ options: ["a", "  "] }),
      draft({ options: ["a", "a "] }),
      draft({ options: ["a", "b", "c", "d", "e", "f"] }),
      draft({ answerIndex: null }),
      draft({}),
    ];
    const e = validateQuestions(list);
    expect(list.map((q) => e[q.key])).toEqual([
      "Question text is required",
      "A question needs 2 to 5 options",
      "Options cannot be empty",
      "Options must all be different",
      "A question needs 2 to 5 options",
      undefined,
      undefined,
    ]);
  });

  it("keeps existing question ids and sends a null answer when none is marked", () => {
    expect(questionPayload([draft({ id: 7, answerIndex: null })])).toEqual([{ id: 7, text: "Q", options: ["a", "b"], answer: null, section: null }]);
  });

  it("keeps a loaded question's pictures by file id, shown through the question, and drops a removed one", () => {
    const quiz = {
      questions: [{ id: 9, position: 0, text: "Q", options: ["a", "b"], answer: "a", section: null, imageIds: [31, 32], imageCount: 2 }],
    } as unknown as Quiz;
    const [d] = questionsFromQuiz(quiz);
    expect(d!.images).toEqual([
      { fileId: 31, path: "/questions/9/images/1" },
      { fileId: 32, path: "/questions/9/images/2" },
    ]);
    expect(questionPayload([d!])[0]).toMatchObject({ id: 9, imageIds: [31, 32] });
    expect(questionPayload([{ ...d!, images: d!.images!.slice(1) }])[0]!.imageIds).toEqual([32]);
    expect(questionPayload([{ ...d!, images: [] }])[0]!.imageIds).toEqual([]);
  });
});
