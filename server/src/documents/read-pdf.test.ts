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
