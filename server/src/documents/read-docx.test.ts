import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import { readAnswerDocument, readQuestionDocument } from "./read.ts";
import { sanitizeMathml } from "@adesua/domain/rules";
import { auto, buildDocx, buildZip, grid, mathP, p, pageBreak, picture, TINY_PNG } from "./test/build-files.ts";

describe("Word question papers", () => {
  it("reads typed numbering and options, dropping the title and instructions", async () => {
    const file = await buildDocx([
      "JUNIOR HIGH SCHOOL END OF TERM EXAMINATION",
      "Integrated Science",
      "Answer all questions in this section.",
      "1. Which of these is a source of light?",
      "A. the moon",
      "B. the sun",
      "C. a mirror",
      "D. water",
      "Answer: B",
      "2) Plants make food in the",
      "(a) roots (b) leaves (c) stem (d) flower",
      "Q3. Water boils at",
      "a. 50 °C",
      "b. 100 °C",
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions).toEqual([
      { text: "Which of these is a source of light?", options: ["the moon", "the sun", "a mirror", "water"], answer: "the sun" },
      { text: "Plants make food in the", options: ["roots", "leaves", "stem", "flower"], answer: "" },
      { text: "Water boils at", options: ["50 °C", "100 °C"], answer: "" },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads Word's automatic numbering, where the numbers are not in the text", async () => {
    const file = await buildDocx([
      "SECTION A",
      auto("What is the capital of Ghana?", 0),
      auto("Kumasi", 1),
      auto("Accra", 1),
      auto("Tamale", 1),
      auto("Which river is dammed at Akosombo?", 0),
      auto("Volta", 1),
      auto("Pra", 1),
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions).toEqual([
      { text: "What is the capital of Ghana?", options: ["Kumasi", "Accra", "Tamale"], answer: "" },
      { text: "Which river is dammed at Akosombo?", options: ["Volta", "Pra"], answer: "" },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads automatic lettering like (a), (b) and restarts it for each question", async () => {
    const file = await buildDocx([auto("2 + 2 =", 0), auto("3", 1), auto("4", 1), auto("3 + 3 =", 0), auto("6", 1), auto("9", 1)], "lowerLetter");
    const r = await readQuestionDocument(file);
    expect(r.questions.map((q) => q.options)).toEqual([
      ["3", "4"],
      ["6", "9"],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads options laid out in a table grid", async () => {
    const file = await buildDocx([
      "1. Which is a mammal?",
      grid([
        ["A. shark", "B. whale"],
        ["C. trout", "D. frog"],
      ]),
      "2. Which is a bird?",
      grid([["A. bat", "B. hen", "C. ant", "D. cat"]]),
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions.map((q) => q.options)).toEqual([
      ["shark", "whale", "trout", "frog"],
      ["bat", "hen", "ant", "cat"],
    ]);
  });

  it("takes the one bold option as the answer, in lines and in grids", async () => {
    const file = await buildDocx([
      "1. 2 × 7 =",
      "A. 12",
      "B. **14**",
      "C. 16",
      auto("Which is a gas?", 0),
      auto("ice", 1),
      auto("**steam**", 1),
      "3. Which is even?",
      grid([
        ["A. 3", "**B. 8**"],
        ["C. 5", "D. 7"],
      ]),
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions.map((q) => q.answer)).toEqual(["14", "steam", "8"]);
  });

  it("takes an option marked with * as the answer", async () => {
    const r = await readQuestionDocument(await buildDocx(["1. 2 + 2 =", "A. 3", "B. 4 *", "C. 5"]));
    expect(r.questions[0]).toEqual({ text: "2 + 2 =", options: ["3", "4", "5"], answer: "4" });
  });

  it("keeps a question whole across a page break", async () => {
    const r = await readQuestionDocument(
      await buildDocx(["1. A farmer has 12 goats and sells", pageBreak(), "5 of them. How many are left?", "A. 7", "B. 17"]),
    );
    expect(r.questions).toEqual([{ text: "A farmer has 12 goats and sells 5 of them. How many are left?", options: ["7", "17"], answer: "" }]);
  });

  it("keeps a passage with the first question after it", async () => {
    const r = await readQuestionDocument(
      await buildDocx([
        "Read the passage and answer questions 1 and 2.",
        "Ama lives in Ho. Every morning she walks two kilometres to school with her brother Kwame, who is in JHS 2.",
        "1. Where does Ama live?",
        "A. Ho",
        "B. Keta",
        "2. Who is Kwame?",
        "A. her brother",
        "B. her teacher",
      ]),
    );
    expect(r.questions[0].passage).toBe("Ama lives in Ho. Every morning she walks two kilometres to school with her brother Kwame, who is in JHS 2.");
    expect(r.questions[1].passage).toBeUndefined();
    expect(r.questions[0].text).toBe("Where does Ama live?");
  });

  it("attaches pictures to their question, as image parts", async () => {
    const r = await readQuestionDocument(
      await buildDocx(["1. Study the diagram. What is shown?", picture(), "A. a cell", "B. a leaf", "2. 1 + 1 =", "A. 2", "B. 3"]),
    );
    expect(r.questions[0].images).toHaveLength(1);
    expect(r.questions[0].images![0].contentType).toBe("image/png");
    expect(Buffer.from(r.questions[0].images![0].bytes).equals(Buffer.from(TINY_PNG))).toBe(true);
    expect(r.questions[1].images).toBeUndefined();
  });

  it("returns a question it could not read cleanly, with a warning", async () => {
    const r = await readQuestionDocument(await buildDocx(["1. Describe the water cycle.", "2. 2 + 2 =", "A. 4", "B. 5"]));
    expect(r.questions).toHaveLength(2);
    expect(r.warnings).toEqual([{ question: 1, message: "Question 1: no options were found." }]);
  });

  it("reads a text box once (not its VML fallback too) and on its own line", async () => {
    const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
    const box = (t: string) =>
      `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx><w:txbxContent><w:p>${run(t)}</w:p></w:txbxContent></wps:txbx></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><v:textbox><w:txbxContent><w:p>${run(t)}</w:p></w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
    const xml = `<w:document xmlns:w="w" xmlns:mc="mc"><w:body><w:p>${run("1. Which shape is drawn?")}${box("A. circle")}</w:p><w:p>${run("B. square")}</w:p></w:body></w:document>`;
    const r = await readQuestionDocument(zipSync({ "word/document.xml": new TextEncoder().encode(xml) }));
    expect(r.questions).toEqual([{ text: "Which shape is drawn?", options: ["circle", "square"], answer: "" }]);
  });
});

describe("Word answer keys", () => {
  it("reads a key written as lines", async () => {
    const r = await readAnswerDocument(await buildDocx(["ANSWER KEY", "1. D. Accra", "2) A", "3-C", "4.B 5.E"]));
    expect(r).toEqual({ answers: ["D", "A", "C", "B", "E"], warnings: [] });
  });

  it("reads a key in a two-column table", async () => {
    const r = await readAnswerDocument(
      await buildDocx([
        grid([
          ["Question", "Answer"],
          ["1", "B"],
          ["2", "**D**"],
          ["3", "A"],
        ]),
      ]),
    );
    expect(r.answers).toEqual(["B", "D", "A"]);
  });

  it("reads a key in automatic numbering", async () => {
    const r = await readAnswerDocument(await buildDocx([auto("C", 0), auto("A", 0), auto("D", 0)]));
    expect(r.answers).toEqual(["C", "A", "D"]);
  });
});

describe("hostile Word files", () => {
  const refusal = async (bytes: Uint8Array) => {
    try {
      await readQuestionDocument(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(DocumentError);
      return { status: (e as DocumentError).status, message: (e as DocumentError).message };
    }
    throw new Error("expected a refusal");
  };

  it("refuses a zip bomb (a small file that unpacks to 200 MB) with a clear message", async () => {
    const bomb = buildZip("word/document.xml", new Uint8Array(200 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toEqual({ status: 413, message: DOCUMENT_MESSAGES.zipBomb });
  });

  it("cuts short an entry that hides its real size, so it cannot grow memory past what it declares", async () => {
    const xml = '<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>1. a</w:t></w:r></w:p></w:body></w:document>';
    const padded = Buffer.concat([Buffer.from(xml), Buffer.alloc(20 * 1024 * 1024, 32)]);
    const liar = buildZip("word/document.xml", new Uint8Array(padded), xml.length);
    const r = await readQuestionDocument(liar);
    expect(r.questions).toEqual([{ text: "a", options: [], answer: "" }]);
  });

  it("refuses a .docx whose content is not a zip as an unsupported type", async () => {
    expect(await refusal(new TextEncoder().encode("just some text renamed to .docx"))).toEqual({ status: 415, message: DOCUMENT_MESSAGES.unsupported });
  });

  it("refuses a zip that is not a Word document as an unsupported type", async () => {
    expect(await refusal(zipSync({ "photo.png": TINY_PNG }))).toEqual({ status: 415, message: DOCUMENT_MESSAGES.unsupported });
  });

  it("refuses a truncated .docx as damaged (422)", async () => {
    const file = await buildDocx([p("1. a"), "A. x", "B. y"]);
    expect(await refusal(file.subarray(0, 200))).toEqual({ status: 422, message: DOCUMENT_MESSAGES.damagedDocx });
  });
});

describe("Word papers from real schools (issue 27)", () => {
  it("keeps Word equations (OMML) as linear text and MathML, in stems and options", async () => {
    const file = await buildDocx([
      mathP("1. Evaluate ", [{ sup: ["2", "3"] }], " × 2"),
      "A. 12",
      "B. 16",
      mathP("2. If ", [{ sup: ["x", "2"] }, " = 49"], ", find x."),
      "A. 7",
      "B. 49",
      "3. Which is equal to one half?",
      mathP("A. ", [{ frac: ["1", "2"] }]),
      mathP("B. ", [{ sqrt: "x+1" }]),
      mathP("C. ", [{ sqrt: "8", degree: "3" }]),
    ]);
    const r = await readQuestionDocument(file);
    expect(r.questions[0].text).toBe("Evaluate 2^3 × 2");
    expect(r.questions[0].equations).toEqual([{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }]);
    expect(r.questions[1].text).toBe("If x^2 = 49, find x.");
    expect(r.questions[1].equations![0].linear).toBe("x^2 = 49");
    expect(r.questions[2].options).toEqual(["1/2", "√(x+1)", "∛(8)"]);
    expect(r.questions[2].equations!.map((e) => e.linear)).toEqual(["1/2", "√(x+1)", "∛(8)"]);
    for (const q of r.questions) for (const e of q.equations ?? []) expect(sanitizeMathml(e.mathml)).toBe(e.mathml);
    expect(r.warnings).toEqual([]);
  });

  it("keeps all 20 stems of a paper in Word's automatic numbering, in order", async () => {
    const paper = Array.from({ length: 20 }, (_, i) => [
      auto(`What is ${i + 1} + ${i + 1}?`, 0),
      auto(String(2 * i + 2), 1),
      auto(String(2 * i + 3), 1),
    ]).flat();
    const r = await readQuestionDocument(await buildDocx(["MATHEMATICS", "Answer all questions.", ...paper]));
    expect(r.questions.map((q) => q.text)).toEqual(Array.from({ length: 20 }, (_, i) => `What is ${i + 1} + ${i + 1}?`));
    expect(r.questions.every((q) => q.options.length === 2)).toBe(true);
  });

  it("applies an answer key at the end (typed and in a table) and does not read it as questions", async () => {
    const questions = Array.from({ length: 4 }, (_, i) => [`${i + 1}. Question ${i + 1}?`, "A. one", "B. two", "C. three"]).flat();
    for (const key of [
      ["Answers", "1. B", "2. C", "3. A", "4. B"],
      ["Answer key", "1 B   2 C   3 A   4 B"],
      [
        "MARKING SCHEME",
        grid([
          ["1", "B"],
          ["2", "C"],
          ["3", "A"],
          ["4", "B"],
        ]),
      ],
    ]) {
      const r = await readQuestionDocument(await buildDocx([...questions, ...key]));
      expect(r.questions.map((q) => q.answer)).toEqual(["two", "three", "one", "two"]);
      expect(r.warnings).toEqual([]);
    }
  });

  it("gives only the key at the end when a whole paper is sent as the answer key", async () => {
    const paper = await buildDocx([
      "1. Which is a mammal?",
      "A. shark",
      "B. whale",
      "Answer: B",
      "2. 2 + 2 =",
      "A. 4",
      "B. 5",
      "Answer: A",
      "Answers",
      "1. A",
      "2. B",
    ]);
    expect(await readAnswerDocument(paper)).toEqual({ answers: ["A", "B"], warnings: [] });
  });

  it("puts the header lines in the heading and the instructions apart, never in a question or a passage", async () => {
    const r = await readQuestionDocument(
      await buildDocx([
        "ACCRA METRO JHS",
        "INTEGRATED SCIENCE",
        "BECE 2019",
        "Name: ______________",
        "Time allowed: 1 hour",
        "Each question is followed by four options lettered A to D. Find the correct option for each question and shade in pencil on your answer sheet the answer space which bears the same letter as the option you have chosen.",
        "1. Which is a mammal?",
        "A. shark",
        "B. whale",
        "Mark the letter A, B, C or D on your answer sheet for the option you choose in each question from here on.",
        "2. 2 + 2 =",
        "A. 4",
        "B. 5",
      ]),
    );
    expect(r.heading).toBe("ACCRA METRO JHS\nINTEGRATED SCIENCE\nBECE 2019\nTime allowed: 1 hour");
    expect(r.instructions).toMatch(/^Each question is followed by four options lettered A to D\..*\nMark the letter A, B, C or D/);
    expect(r.questions.map((q) => [q.text, q.passage])).toEqual([
      ["Which is a mammal?", undefined],
      ["2 + 2 =", undefined],
    ]);
  });

  it("answers 422 with what it found when a Word file has no questions", async () => {
    const err = await readQuestionDocument(await buildDocx(["Dear parents,", "The school will close on Friday for the holidays.", "Thank you."])).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DocumentError);
    expect(err).toMatchObject({ status: 422, message: "Found 3 paragraphs of text (13 words), but no numbered questions: is this a question paper?" });
  });
});
