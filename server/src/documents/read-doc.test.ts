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

  it("keeps all 20 stems of a paper whose automatic numbers the .doc reader loses (stem, then options A–D)", async () => {
    const paper = Array.from({ length: 20 }, (_, i) => [
      i % 2 ? `Which of these is number ${i + 1}?` : `The number after ${i} is`,
      `A. ${i}`,
      `B. ${i + 1}`,
      `C. ${i + 2}`,
      `D. ${i + 3}`,
    ]).flat();
    const r = await readQuestionDocument(buildDoc(["INTEGRATED SCIENCE", "Answer all questions.", ...paper]));
    expect(r.questions.map((q) => q.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? `Which of these is number ${i + 1}?` : `The number after ${i} is`)),
    );
    expect(r.questions[0].options).toEqual(["0", "1", "2", "3"]);
    expect(r.warnings).toEqual([]);
    expect(r.heading).toBe("INTEGRATED SCIENCE");
    expect(r.instructions).toBe("Answer all questions.");
  });

  it("applies the key typed at the end of a .doc paper instead of reading 20 empty questions", async () => {
    const paper = Array.from({ length: 20 }, (_, i) => [`${i + 1}. Question ${i + 1}?`, "A. yes", "B. no"]).flat();
    const key = [
      "ANSWERS",
      ...Array.from({ length: 4 }, (_, row) => Array.from({ length: 5 }, (_, c) => `${row * 5 + c + 1} ${"AB"[(row + c) % 2]}`).join("   ")),
    ];
    const r = await readQuestionDocument(buildDoc([...paper, ...key]));
    expect(r.questions).toHaveLength(20);
    expect(r.questions.map((q) => q.answer)).toEqual(Array.from({ length: 20 }, (_, i) => ((Math.floor(i / 5) + (i % 5)) % 2 ? "no" : "yes")));
    expect(r.warnings).toEqual([]);
  });

  it("reads questions whose numbers and option letters were both automatic (lost), from their layout, with a warning", async () => {
    const paper = Array.from({ length: 20 }, (_, i) => [`Which number comes after ${i}?`, String(i + 1), String(i + 2), String(i + 3), String(i + 4)]).flat();
    const r = await readQuestionDocument(buildDoc(["MATHEMATICS", ...paper]));
    expect(r.questions).toHaveLength(20);
    expect(r.heading).toBe("MATHEMATICS");
    expect(r.questions[3]).toEqual({ text: "Which number comes after 3?", options: ["4", "5", "6", "7"], answer: "" });
    expect(r.warnings).toEqual([
      {
        message:
          "No question numbers or option letters were in the text (Word's automatic numbering is lost in .doc files): 20 questions were read from their layout; check each one.",
      },
    ]);
  });

  it("still answers 422 for a .doc letter with no questions", async () => {
    await expect(readQuestionDocument(buildDoc(["Dear parents,", "The school closes on Friday.", "Yours faithfully,", "The Head"]))).rejects.toMatchObject({
      status: 422,
    });
  });
});
