import { describe, expect, it } from "vitest";
import { parseQuestionCsv } from "./csv.ts";

const HEADER = "question,optionA,optionB,optionC,optionD,optionE,correctOption,explanation";

describe("CSV question import", () => {
  it("reads the template with a BOM, CRLF line ends and quoted fields holding commas, quotes and line breaks", () => {
    const csv = `\ufeff${HEADER}\r\n"What is 1,000 + 1?",1001,"1,001","one thousand, and one",1000,,B,"Commas group thousands"\r\n"Which word is a ""noun""?\nChoose one.",run,table,quickly,blue,,b,\r\n`;
    const r = parseQuestionCsv(new TextEncoder().encode(csv));
    expect(r).toEqual({
      ok: true,
      questions: [
        { text: "What is 1,000 + 1?", options: ["1001", "1,001", "one thousand, and one", "1000"], answer: "1,001", explanation: "Commas group thousands" },
        { text: 'Which word is a "noun"?\nChoose one.', options: ["run", "table", "quickly", "blue"], answer: "table" },
      ],
    });
  });

  it("reads a fifth option and columns in any order and case", () => {
    const r = parseQuestionCsv("CorrectOption,Question,OptionA,OptionB,OptionC,OptionD,OptionE\nE,Pick five,1,2,3,4,5\n");
    expect(r).toEqual({ ok: true, questions: [{ text: "Pick five", options: ["1", "2", "3", "4", "5"], answer: "5" }] });
  });

  it("reports every bad row by the number a spreadsheet shows, and imports nothing", () => {
    const csv = [HEADER, "Good one,a,b,c,d,,A,", '"Spans\ntwo lines",a,b,c,d,,Z,', ",a,b,c,d,,A,", "", "No D,a,b,c,,,A,", "E without optionE,a,b,c,d,,E,"].join(
      "\n",
    );
    expect(parseQuestionCsv(csv)).toEqual({
      ok: false,
      errors: [
        { row: 3, message: 'correctOption must be A–D (optionE is empty), not "Z"' },
        { row: 4, message: "question is empty" },
        { row: 6, message: "optionD is empty" },
        { row: 7, message: 'correctOption must be A–D (optionE is empty), not "E"' },
      ],
    });
  });

  it("names missing columns on row 1", () => {
    expect(parseQuestionCsv("question,optionA,optionB\nx,a,b\n")).toEqual({
      ok: false,
      errors: [{ row: 1, message: "Missing columns: optionC, optionD, correctOption" }],
    });
  });

  it("refuses a file with a header and no questions", () => {
    expect(parseQuestionCsv(`${HEADER}\r\n`)).toEqual({ ok: false, errors: [{ row: 2, message: "The file has no questions" }] });
  });

  it("reports an unclosed quote", () => {
    const r = parseQuestionCsv(`${HEADER}\n"never closed,a,b,c,d,,A,\n`);
    expect(r.ok).toBe(false);
  });
});
