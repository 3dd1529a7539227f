import { describe, expect, it } from "vitest";
import { readAnswerDocument, readQuestionDocument } from "./read.ts";
import { sniffDocument } from "./sniff.ts";
import { buildDoc } from "./test/build-files.ts";

describe("old Word (.doc) files", () => {
  it("are recognised by their OLE header", () => {
    expect(sniffDocument(buildDoc(["x"]))).toBe("doc");
  });

  it("read a question paper: typed numbering, options, answer lines and a section heading", async () => {
    const r = await readQuestionDocument(
      buildDoc([
        "SOCIAL STUDIES",
        "Answer all questions.",
        "SECTION A",
        "1. The first President of Ghana was",
        "A. Busia",
        "B. Nkrumah",
        "C. Limann",
        "Answer: B",
        "2) Ghana became a republic in",
        "(a) 1957 (b) 1960 (c) 1966",
      ]),
    );
    expect(r.questions).toEqual([
      { text: "The first President of Ghana was", options: ["Busia", "Nkrumah", "Limann"], answer: "Nkrumah" },
      { text: "Ghana became a republic in", options: ["1957", "1960", "1966"], answer: "" },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("read an answer key", async () => {
    expect(await readAnswerDocument(buildDoc(["Answer key", "1. B", "2. A 3. C", "4-D"]))).toEqual({ answers: ["B", "A", "C", "D"], warnings: [] });
  });
});
