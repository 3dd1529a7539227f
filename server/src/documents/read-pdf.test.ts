import { describe, expect, it } from "vitest";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import { readAnswerDocument, readQuestionDocument } from "./read.ts";
import { buildPdf, buildScannedPdf } from "./test/build-files.ts";

describe("PDF question papers", () => {
  it("drops page headers, footers and page numbers, and joins a question broken by a page break", async () => {
    const file = await buildPdf([
      {
        header: "BECE 2019 MATHEMATICS — PAPER 2",
        footer: "Page 1 of 2",
        lines: ["Answer all questions.", "1. What is 2 + 2?", ["A. 3", "B. 4", "C. 5", "D. 6"], "Answer: B", "2. A farmer has 12 goats and"],
      },
      {
        header: "BECE 2019 MATHEMATICS — PAPER 2",
        footer: "Page 2 of 2",
        lines: ["sells 5 of them. How many are left?", "A. 7", "B. 17", "3. 10 ÷ 2 =", "(a) 2  (b) 5"],
      },
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions).toEqual([
      { text: "What is 2 + 2?", options: ["3", "4", "5", "6"], answer: "4" },
      { text: "A farmer has 12 goats and sells 5 of them. How many are left?", options: ["7", "17"], answer: "" },
      { text: "10 ÷ 2 =", options: ["2", "5"], answer: "" },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("keeps options that happen to recur at the foot of two pages", async () => {
    const fill = (from: number) => Array.from({ length: 10 }, (_, k) => [`${from + k}. Statement ${from + k}.`, "A. True", "B. False", "Answer: A"]).flat();
    const r = await readQuestionDocument(
      await buildPdf([
        { footer: "1", lines: fill(1) },
        { footer: "2", lines: fill(11) },
      ]),
    );
    expect(r.warnings).toEqual([]);
    expect(r.questions).toHaveLength(20);
    expect(r.questions.every((q) => q.options.length === 2 && q.answer === "True")).toBe(true);
  });

  it("drops bare page numbers even on a one-page paper", async () => {
    const r = await readQuestionDocument(await buildPdf([{ footer: "- 1 -", lines: ["1. 2 + 2 =", "A. 4", "B. 5"] }]));
    expect(r.questions).toEqual([{ text: "2 + 2 =", options: ["4", "5"], answer: "" }]);
  });

  it("refuses a PDF with no text layer (a scan) with 422 and the spec's message", async () => {
    const err = await readQuestionDocument(await buildScannedPdf()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentError);
    expect(err).toMatchObject({ status: 422, message: DOCUMENT_MESSAGES.noTextLayer });
  });

  it("refuses a damaged PDF with 422", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\nthis is not really a pdf");
    await expect(readQuestionDocument(bytes)).rejects.toMatchObject({ status: 422 });
  });
});

describe("PDF answer keys", () => {
  it("reads keys of each style, wrapped and in columns", async () => {
    const file = await buildPdf([{ header: "Answer key", footer: "1", lines: ["1. D. Accra", "2) A", ["3-C", "4.E"], "5.A 6.B 7.", "C"] }]);
    expect(await readAnswerDocument(file)).toEqual({ answers: ["D", "A", "C", "E", "A", "B", "C"], warnings: [] });
  });
});

describe("PDF papers from real schools (issue 27)", () => {
  it("keeps a superscript printed small and raised: x² reads x^2", async () => {
    const r = await readQuestionDocument(
      await buildPdf([
        {
          lines: [
            { runs: [{ text: "1. If x" }, { text: "2", size: 7, rise: 4 }, { text: " = 49, find x." }] },
            "A. 7",
            "B. 49",
            { runs: [{ text: "2. Evaluate 2" }, { text: "3", size: 7, rise: 4 }, { text: " × 2" }] },
            "A. 16",
            "B. 12",
            {
              runs: [
                { text: "3. Water is H" },
                { text: "2", size: 7, rise: -2 },
                { text: "O. Ghana became a republic on 1" },
                { text: "st", size: 7, rise: 4 },
                { text: " July 1960." },
              ],
            },
            "A. yes",
            "B. no",
          ],
        },
      ]),
    );
    expect(r.questions.map((q) => q.text)).toEqual(["If x^2 = 49, find x.", "Evaluate 2^3 × 2", "Water is H_2O. Ghana became a republic on 1st July 1960."]);
  });

  it("splits options printed glued together: 'filtrationD. sublimation'", async () => {
    const r = await readQuestionDocument(
      await buildPdf([
        { lines: ["1. Which method separates a mixture of iodine and sand?", "A. evaporation   B. decantation", "C. filtrationD. sublimation"] },
      ]),
    );
    expect(r.questions[0].options).toEqual(["evaporation", "decantation", "filtration", "sublimation"]);
    expect(r.warnings).toEqual([]);
  });

  it("reads options laid out in a grid by their columns: A and C over B and D", async () => {
    const r = await readQuestionDocument(
      await buildPdf([
        {
          columnGap: 200,
          lines: ["1. 2 + 2 =", ["A. 1", "C. 3"], ["B. 2", "D. 4"], "2. 3 + 3 =", ["A. 6   B. 7   C. 8   D. 9"], "Answer: A"],
        },
      ]),
    );
    expect(r.questions.map((q) => q.options)).toEqual([
      ["1", "2", "3", "4"],
      ["6", "7", "8", "9"],
    ]);
    expect(r.questions[1].answer).toBe("6");
    expect(r.warnings).toEqual([]);
  });

  it("answers 422 naming the pages of text when a PDF has no numbered questions", async () => {
    const page = { lines: ["School calendar", "Reopening: 8 January", "Sports day: 14 February"] };
    const err = await readQuestionDocument(await buildPdf([page, page, page])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentError);
    expect(err).toMatchObject({ status: 422, message: "Found text of 3 pages, but no numbered questions: is this a question paper?" });
  });

  it("never takes the exam header or the instructions for a passage", async () => {
    const r = await readQuestionDocument(
      await buildPdf([
        {
          lines: [
            "BASIC EDUCATION CERTIFICATE EXAMINATION",
            "INTEGRATED SCIENCE 1",
            "OBJECTIVE TEST",
            "Name: ____________________   Index Number: ______________",
            "Time allowed: 1 hour",
            "Each question is followed by four options lettered A to D. Find the correct",
            "option for each question and shade in pencil on your answer sheet the answer",
            "space which bears the same letter as the option you have chosen.",
            "1. Which is a mammal?",
            "A. shark",
            "B. whale",
          ],
        },
      ]),
    );
    expect(r.questions).toEqual([{ text: "Which is a mammal?", options: ["shark", "whale"], answer: "" }]);
    expect(r.heading).toContain("BASIC EDUCATION CERTIFICATE EXAMINATION");
    expect(r.heading).toBe("BASIC EDUCATION CERTIFICATE EXAMINATION\nINTEGRATED SCIENCE 1\nOBJECTIVE TEST\nTime allowed: 1 hour");
    expect(r.instructions).toBe(
      "Each question is followed by four options lettered A to D. Find the correct option for each question and shade in pencil on your answer sheet the answer space which bears the same letter as the option you have chosen.",
    );
  });
});
