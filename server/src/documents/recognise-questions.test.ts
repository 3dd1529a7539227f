import { describe, expect, it } from "vitest";
import { recogniseQuestions } from "./recognise-questions.ts";
import type { TextLine } from "./types.ts";

const lines = (...t: string[]): TextLine[] => t.map((text) => ({ text }));
const read = (...t: string[]) => recogniseQuestions(lines(...t));

describe("question numbering", () => {
  it.each([
    ["1.", "2."],
    ["1)", "2)"],
    ["(1)", "(2)"],
    ["Q1.", "Q2."],
    ["Question 1", "Question 2"],
    ["Question 1:", "Question 2:"],
  ])("reads questions numbered %s", (a, b) => {
    const r = read(`${a} What is 2 + 2?`, "A. 3", "B. 4", `${b} What is 3 + 3?`, "A. 6", "B. 7");
    expect(r.questions.map((q) => q.text)).toEqual(["What is 2 + 2?", "What is 3 + 3?"]);
    expect(r.questions.map((q) => q.options)).toEqual([
      ["3", "4"],
      ["6", "7"],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("joins a question that continues over several lines", () => {
    const r = read("1. A trader bought 20 oranges", "at GH₵ 2.00 each and sold them", "at GH₵ 2.50 each. Find her profit.", "A. GH₵ 5.00", "B. GH₵ 10.00");
    expect(r.questions[0].text).toBe("A trader bought 20 oranges at GH₵ 2.00 each and sold them at GH₵ 2.50 each. Find her profit.");
    expect(r.questions[0].options).toEqual(["GH₵ 5.00", "GH₵ 10.00"]);
  });

  it("does not take a decimal like 1.5 for a question number", () => {
    const r = read("1. Which is larger?", "1.5 or 1.05", "A. 1.5", "B. 1.05");
    expect(r.questions).toHaveLength(1);
    expect(r.questions[0].text).toBe("Which is larger? 1.5 or 1.05");
  });
});

describe("options", () => {
  it.each([
    ["A.", "B.", "C.", "D."],
    ["A)", "B)", "C)", "D)"],
    ["(a)", "(b)", "(c)", "(d)"],
    ["a.", "b.", "c.", "d."],
  ])("reads options lettered %s one per line", (a, b, c, d) => {
    const r = read("1. Pick one", `${a} red`, `${b} green`, `${c} blue`, `${d} yellow`);
    expect(r.questions[0].options).toEqual(["red", "green", "blue", "yellow"]);
  });

  it("reads several options on one line", () => {
    const r = read("1. 2 × 7 =", "A. 12   B. 14   C. 16   D. 18");
    expect(r.questions[0].options).toEqual(["12", "14", "16", "18"]);
  });

  it("reads options written on the question's own line", () => {
    const r = read("1. What is 2 + 2? (a) 3 (b) 4 (c) 5 (d) 6");
    expect(r.questions[0]).toMatchObject({ text: "What is 2 + 2?", options: ["3", "4", "5", "6"] });
  });

  it("reads options two per line, as a grid prints them", () => {
    const r = read("1. Which is a mammal?", "A. shark      B. whale", "C. trout      D. frog");
    expect(r.questions[0].options).toEqual(["shark", "whale", "trout", "frog"]);
  });

  it("reads up to five options, A to E", () => {
    const r = read("1. Pick", "A. 1", "B. 2", "C. 3", "D. 4", "E. 5");
    expect(r.questions[0].options).toEqual(["1", "2", "3", "4", "5"]);
    expect(r.warnings).toEqual([]);
  });

  it("joins an option that wraps onto the next line", () => {
    const r = read("1. Why do plants need light?", "A. to make their own food from water and carbon dioxide by", "photosynthesis", "B. to drink water");
    expect(r.questions[0].options).toEqual(["to make their own food from water and carbon dioxide by photosynthesis", "to drink water"]);
  });

  it("does not take a sentence starting with 'A ' or 'e.g.' for an option", () => {
    const r = read("1. A farmer has 3 goats.", "e.g. the farmer sells one.", "How many are left?", "A. 2", "B. 3");
    expect(r.questions[0].text).toBe("A farmer has 3 goats. e.g. the farmer sells one. How many are left?");
    expect(r.questions[0].options).toEqual(["2", "3"]);
  });
});

describe("answers in the question file", () => {
  it.each([["Answer: B"], ["Ans: B"], ["ANSWER - b"], ["Correct answer: (b)"], ["Answer B"]])("reads the answer line %s", (line) => {
    const r = read("1. 2 + 2 =", "A. 3", "B. 4", "C. 5", line, "2. 3 + 3 =", "A. 6", "B. 7");
    expect(r.questions[0].answer).toBe("4");
    expect(r.questions[1].answer).toBe("");
  });

  it("reads an option marked with *", () => {
    expect(read("1. 2 + 2 =", "A. 3", "*B. 4", "C. 5").questions[0].answer).toBe("4");
    expect(read("1. 2 + 2 =", "A. 3", "B. 4*", "C. 5").questions[0].answer).toBe("4");
    expect(read("1. 2 + 2 =", "A. 3   B. 4 *   C. 5").questions[0]).toMatchObject({ options: ["3", "4", "5"], answer: "4" });
  });

  it("reads the one option in bold when the others are not", () => {
    const line = (text: string, boldFrom = -1): TextLine => ({ text, bold: [...text].map((_, i) => boldFrom >= 0 && i >= boldFrom) });
    const r = recogniseQuestions([line("1. 2 + 2 ="), line("A. 3"), line("B. 4", 3), line("C. 5")]);
    expect(r.questions[0].answer).toBe("4");
  });

  it("chooses no answer, and says so, when several options are bold", () => {
    const line = (text: string, bold: boolean): TextLine => ({ text, bold: [...text].map(() => bold) });
    const r = recogniseQuestions([line("1. 2 + 2 =", false), line("A. 3", true), line("B. 4", true), line("C. 5", false)]);
    expect(r.questions[0].answer).toBe("");
    expect(r.warnings).toEqual([{ question: 1, message: "Question 1: several options are in bold; no answer was chosen." }]);
  });

  it("warns when the answer letter is not among the options", () => {
    const r = read("1. 2 + 2 =", "A. 3", "B. 4", "Answer: E");
    expect(r.questions[0].answer).toBe("");
    expect(r.warnings[0]).toEqual({ question: 1, message: "Question 1: the answer given (E) is not one of its options." });
  });
});

describe("what is not a question", () => {
  it("drops the title, instructions and section headings without gluing them onto questions", () => {
    const r = read(
      "BASIC EDUCATION CERTIFICATE EXAMINATION",
      "MATHEMATICS 2019",
      "Answer all questions",
      "Time: 1 hour",
      "SECTION A: OBJECTIVE TEST",
      "1. 2 + 2 =",
      "A. 3",
      "B. 4",
      "SECTION B",
      "Choose the correct option for each question.",
      "1. 5 + 5 =",
      "A. 10",
      "B. 11",
    );
    expect(r.questions).toEqual([
      { text: "2 + 2 =", options: ["3", "4"], answer: "" },
      { text: "5 + 5 =", options: ["10", "11"], answer: "" },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("does not glue a passage that follows a question's options onto its last option", () => {
    const r = read(
      "4. 2 + 2 =",
      "A. 3",
      "B. 4",
      "PASSAGE II",
      "Esi sells kenkey at the lorry station. She wakes at four",
      "o'clock every morning to prepare it with her mother.",
      "5. What does Esi sell?",
      "A. kenkey",
      "B. bread",
    );
    expect(r.questions[0].options).toEqual(["3", "4"]);
    expect(r.questions[1].passage).toBe("Esi sells kenkey at the lorry station. She wakes at four\no'clock every morning to prepare it with her mother.");
  });

  it("ends a question without options at an instruction for the next questions", () => {
    const r = read("1. Describe the water cycle.", "Use the map below to answer questions 2 and 3.", "2. Which town is north?", "A. Tamale", "B. Cape Coast");
    expect(r.questions.map((q) => q.text)).toEqual(["Describe the water cycle.", "Which town is north?"]);
  });

  it("keeps a passage with the first question after it, and not on the others", () => {
    const r = read(
      "1. Pick one",
      "A. x",
      "B. y",
      "Read the passage below carefully and answer questions 2 to 3.",
      "Kofi woke up early on Saturday. He fetched water from the stream before breakfast,",
      "then helped his father on the farm until noon.",
      "2. What did Kofi do first?",
      "A. fetched water",
      "B. ate breakfast",
      "3. Where did he work?",
      "A. on the farm",
      "B. at school",
    );
    expect(r.questions.map((q) => q.text)).toEqual(["Pick one", "What did Kofi do first?", "Where did he work?"]);
    expect(r.questions[0].options).toEqual(["x", "y"]);
    expect(r.questions[1].passage).toBe(
      "Kofi woke up early on Saturday. He fetched water from the stream before breakfast,\nthen helped his father on the farm until noon.",
    );
    expect(r.questions[2].passage).toBeUndefined();
  });
});

describe("never drops silently", () => {
  it("returns a question with fewer than two options, with a warning naming it", () => {
    const r = read("1. Explain photosynthesis.", "2. 2 + 2 =", "A. 4", "3. 3 + 3 =", "A. 6", "B. 7");
    expect(r.questions.map((q) => q.text)).toEqual(["Explain photosynthesis.", "2 + 2 =", "3 + 3 ="]);
    expect(r.warnings).toEqual([
      { question: 1, message: "Question 1: no options were found." },
      { question: 2, message: "Question 2: only one option was found." },
    ]);
  });

  it("warns when the numbering jumps, naming the missing question", () => {
    const r = read("1. a", "A. x", "B. y", "3. c", "A. x", "B. y");
    expect(r.warnings).toEqual([{ question: 2, message: "Question 3: the numbering jumps from 1 to 3; question 2 is missing or could not be read." }]);
  });

  it("returns options that have no question before them, with a warning", () => {
    const r = read("Some heading", "A. x", "B. y");
    expect(r.questions).toEqual([{ text: "", options: ["x", "y"], answer: "" }]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "Question 1: options were found with no question before them.",
      "Question 1: the question text is empty.",
    ]);
  });

  it("warns about options out of order", () => {
    const r = read("1. Pick", "A. x", "C. y");
    expect(r.questions[0].options).toEqual(["x", "y"]);
    expect(r.warnings[0].message).toMatch(/lettered A, C/);
  });
});

describe("numbers inside a question", () => {
  it("keeps a line that starts with 'part of' or 'Part A of' inside its question", () => {
    const r = read("1. Which", "part of the plant makes food?", "A. leaf", "B. root", "Part B", "2. Next", "A. x", "B. y");
    expect(r.questions.map((q) => q.text)).toEqual(["Which part of the plant makes food?", "Next"]);
  });

  it("does not start a question at a wrapped line that begins with a number", () => {
    const r = read("3. A trader sold each bag for GHS 12.", "75. What was her profit?", "A. 1", "B. 2", "4. Next", "A. x", "B. y");
    expect(r.questions.map((q) => q.text)).toEqual(["A trader sold each bag for GHS 12. 75. What was her profit?", "Next"]);
  });

  it("still starts the next question after one that has no options", () => {
    const r = read("1. Define a noun.", "2. 2 + 2 =", "A. 4", "B. 5");
    expect(r.questions.map((q) => q.text)).toEqual(["Define a noun.", "2 + 2 ="]);
  });
});

describe("the paper's heading (issue 24)", () => {
  const paper = (...top: string[]) => read(...top, "1. Simplify 3/4 + 1/8", "A. 7/8", "B. 1/2", "2. What is 0.5 as a fraction?", "A. 1/2", "B. 1/5");

  it("returns the title and subtitle lines before question 1 as the heading, never as part of question 1", () => {
    const r = paper("JHS 1 Class Exercise: Mathematics — Fractions, Decimals and Percentages (BECE style)", "Term 1, Week 4 — Mr Mensah's class");
    expect(r.heading).toBe("JHS 1 Class Exercise: Mathematics — Fractions, Decimals and Percentages (BECE style)\nTerm 1, Week 4 — Mr Mensah's class");
    expect(r.questions[0]).toEqual({ text: "Simplify 3/4 + 1/8", options: ["7/8", "1/2"], answer: "" });
    expect(r.questions.map((q) => q.passage)).toEqual([undefined, undefined]);
    expect(r.warnings).toEqual([]);
  });

  it("is null when the paper starts with its first question", () => {
    expect(paper().heading).toBeNull();
  });

  it("stops at the instructions, which are not part of the heading", () => {
    const r = paper("BASIC EDUCATION CERTIFICATE EXAMINATION", "MATHEMATICS", "Answer all the questions.", "Time allowed: 30 minutes");
    expect(r.heading).toBe("BASIC EDUCATION CERTIFICATE EXAMINATION\nMATHEMATICS");
    expect(r.questions[0].text).toBe("Simplify 3/4 + 1/8");
  });

  it("stops at a section heading", () => {
    expect(paper("Science Quiz", "SECTION A", "Objectives").heading).toBe("Science Quiz");
  });

  it("leaves a passage before question 1 as the passage of question 1", () => {
    const passage =
      "Kofi woke up early on Saturday. He fetched water from the stream before breakfast, then helped his father on the farm until noon and rested.";
    const r = paper("English Language Test", passage);
    expect(r.heading).toBe("English Language Test");
    expect(r.questions[0].passage).toBe(passage);
  });

  it("takes at most three short lines", () => {
    const r = paper("One", "Two", "Three", "Four");
    expect(r.heading).toBe("One\nTwo\nThree");
    expect(r.questions[0].text).toBe("Simplify 3/4 + 1/8");
  });
});

describe("answer keys at the end of the paper (issue 27)", () => {
  const paper = ["1. 2 + 2 =", "A. 3", "B. 4", "C. 5", "2. 3 + 3 =", "A. 6", "B. 7", "C. 8", "3. 1 + 1 =", "A. 2", "B. 3", "C. 4"];
  it.each([
    [["Answers", "1. B", "2. A", "3. A"]],
    [["Answer key", "1 B  2 A  3 A"]],
    [["ANSWERS TO QUESTIONS", "1-B", "2-A", "3-A"]],
    [["Marking scheme", "1   B", "2   A", "3   A"]],
    [["Solutions", "1. (b)", "2. (a)", "3. (a)"]],
  ])("applies the key %j as the questions' keys, never as questions", (key) => {
    const r = read(...paper, ...key);
    expect(r.questions.map((q) => q.answer)).toEqual(["4", "6", "2"]);
    expect(r.questions).toHaveLength(3);
    expect(r.warnings).toEqual([]);
  });

  it("reads a key printed in sections, each entry's text its own", () => {
    const r = read(
      "1. Capital of Ghana: ______",
      "SECTION B",
      "2. Name a river. ______",
      "Answers to Section A",
      "1. Accra",
      "Answers to Section B",
      "2. Volta",
    );
    expect(r.questions.map((q) => q.accepted)).toEqual([[{ text: "Accra", fraction: 100 }], [{ text: "Volta", fraction: 100 }]]);
  });

  it("keeps questions after a topic title 'Solutions' as questions", () => {
    const r = read("Solutions", "1. Which is a solution?", "A. salt water", "B. sand in water");
    expect(r.questions).toEqual([{ text: "Which is a solution?", options: ["salt water", "sand in water"], answer: "" }]);
  });

  it("reads a marking scheme at the end as the written questions' schemes, parts included", () => {
    const r = read(
      "SECTION B",
      "Answer any two questions.",
      "1. (a) Define photosynthesis. [2 marks]",
      "(b) Name two raw materials it needs. [3 marks]",
      "2. Describe the water cycle. [10 marks]",
      "Marking scheme",
      "1. (a) The making of food by green plants using light.",
      "(b) Water, carbon dioxide.",
      "2. Evaporation, condensation, precipitation, collection.",
    );
    expect(r.questions).toEqual([
      {
        text: "(a) Define photosynthesis. (b) Name two raw materials it needs.",
        options: [],
        answer: "",
        type: "written",
        marks: 5,
        parts: [
          { label: "a", marks: 2, scheme: "The making of food by green plants using light." },
          { label: "b", marks: 3, scheme: "Water, carbon dioxide." },
        ],
        scheme: "(a) The making of food by green plants using light.\n(b) Water, carbon dioxide.",
      },
      {
        text: "Describe the water cycle.",
        options: [],
        answer: "",
        type: "written",
        marks: 10,
        scheme: "Evaporation, condensation, precipitation, collection.",
      },
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.instructions).toBe("Answer any two questions.");
  });
});

describe("question types found in papers (issue 27)", () => {
  it("reads options True and False as a true/false question, keyed as 'True' or 'False'", () => {
    const r = read("1. The sun is a star.", "A. True", "B. False", "Answer: A", "2. Fish can fly.", "a. false", "b. true", "Answer: a");
    expect(r.questions).toEqual([
      { text: "The sun is a star.", options: ["True", "False"], answer: "True", type: "true_false" },
      { text: "Fish can fly.", options: ["True", "False"], answer: "False", type: "true_false" },
    ]);
  });

  it("reads 'True or False: …' with no options as a true/false question, keyed from the key at the end", () => {
    const r = read("1. True or False: water boils at 100 °C at sea level.", "2. True or False: the moon makes its own light.", "Answers", "1. True", "2. F");
    expect(r.questions.map((q) => [q.type, q.options, q.answer])).toEqual([
      ["true_false", ["True", "False"], "True"],
      ["true_false", ["True", "False"], "False"],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads a question with marks and no options as written, and a Section B question as written", () => {
    const r = read("1. 2 + 2 =", "A. 4", "B. 5", "SECTION B", "2. Explain why the sky is blue.", "3. Describe a food chain. (4 marks)");
    expect(r.questions.slice(1)).toEqual([
      { text: "Explain why the sky is blue.", options: [], answer: "", type: "written" },
      { text: "Describe a food chain.", options: [], answer: "", type: "written", marks: 4 },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads lettered parts under a stem worth some marks as parts sharing them", () => {
    const r = read("1. Study the food chain. [6 marks]", "(a) Name the producer.", "(b) Name a consumer.", "(c) What eats the grasshopper?");
    expect(r.questions[0]).toMatchObject({
      type: "written",
      marks: 6,
      parts: [
        { label: "a", marks: 2, scheme: "" },
        { label: "b", marks: 2, scheme: "" },
        { label: "c", marks: 2, scheme: "" },
      ],
    });
  });

  it("reads questions after 'Answer any two questions' as written, but not after 'Answer all questions'", () => {
    expect(read("Answer any two questions.", "1. Explain erosion.", "2. Explain weathering.").questions.map((q) => q.type)).toEqual(["written", "written"]);
    expect(read("Answer all questions.", "1. Which picture shows a cell?").questions[0].type).toBeUndefined();
  });

  it("keeps a question without options outside a written part as today: a warning, no type", () => {
    const r = read("1. Describe the water cycle.", "2. 2 + 2 =", "A. 4", "B. 5");
    expect(r.questions[0]).toEqual({ text: "Describe the water cycle.", options: [], answer: "" });
    expect(r.warnings).toEqual([{ question: 1, message: "Question 1: no options were found." }]);
  });

  it("reads a stem with a blank and no options as short answer, accepted answers from the key", () => {
    const r = read("1. The capital of Ghana is ______.", "2. Plants make food by ______.", "Answers", "1. Accra", "2. photosynthesis");
    expect(r.questions).toEqual([
      { text: "The capital of Ghana is ______.", options: [], answer: "Accra", type: "short", accepted: [{ text: "Accra", fraction: 100 }] },
      { text: "Plants make food by ______.", options: [], answer: "photosynthesis", type: "short", accepted: [{ text: "photosynthesis", fraction: 100 }] },
    ]);
  });

  it("reads a short answer with no key as short, with no accepted answers", () => {
    expect(read("1. 5 × 5 = ______").questions[0]).toEqual({ text: "5 × 5 = ______", options: [], answer: "", type: "short" });
    // A first question ending in a blank is a question, not a header's form field ("Name: ______").
    expect(read("1) Capital of Ghana ______").questions[0]).toMatchObject({ text: "Capital of Ghana ______", type: "short" });
  });

  it("reads 'choose all that apply' and 'Which TWO' with a key 'A, C' as multiple-answer questions", () => {
    const r = read(
      "1. Which of these are mammals? Choose all that apply.",
      "A. whale",
      "B. shark",
      "C. bat",
      "Answer: A, C",
      "2. Which TWO are prime numbers?",
      "A. 2",
      "B. 4",
      "C. 7",
      "Answers",
      "1. A, C",
      "2. A and C",
    );
    expect(r.questions).toEqual([
      {
        text: "Which of these are mammals? Choose all that apply.",
        options: ["whale", "shark", "bat"],
        answer: "",
        type: "multiple",
        answers: ["whale", "bat"],
      },
      { text: "Which TWO are prime numbers?", options: ["2", "4", "7"], answer: "", type: "multiple", answers: ["2", "7"] },
    ]);
    expect(r.warnings).toEqual([]);
  });
});

describe("options in grids and glued together (issue 27)", () => {
  it("reads a grid A/C over B/D in the order A, B, C, D", () => {
    const r = read("1. 2 + 2 =", "A. 1      C. 3", "B. 2      D. 4", "Answer: D");
    expect(r.questions[0]).toEqual({ text: "2 + 2 =", options: ["1", "2", "3", "4"], answer: "4" });
    expect(r.warnings).toEqual([]);
  });

  it("reads four options on one line", () => {
    expect(read("1. 2 + 2 =", "A. 1  B. 2  C. 3  D. 4").questions[0].options).toEqual(["1", "2", "3", "4"]);
  });

  it("splits an option glued onto the one before it", () => {
    expect(read("1. Pick", "A. evaporation", "B. decantation", "C. filtrationD. sublimation").questions[0].options).toEqual([
      "evaporation",
      "decantation",
      "filtration",
      "sublimation",
    ]);
    expect(read("1. Pick", "A. 3 kg, B. 4 kg,C) 5 kg").questions[0].options).toEqual(["3 kg,", "4 kg,", "5 kg"]);
  });

  it("does not split a capital letter inside a word or an abbreviation", () => {
    expect(read("1. Pick", "A. Washington D.C. is a city", "B. U.S.A. and Ghana").questions[0].options).toEqual([
      "Washington D.C. is a city",
      "U.S.A. and Ghana",
    ]);
  });
});

describe("a paper's header and instructions (issue 27)", () => {
  it("never turns the instruction 'Mark the letter…' into a passage", () => {
    const r = read(
      "1. 2 + 2 =",
      "A. 3",
      "B. 4",
      "Each question is followed by four options lettered A to D. Mark the letter A, B, C or D on your answer sheet for the correct option.",
      "2. 3 + 3 =",
      "A. 6",
      "B. 7",
    );
    expect(r.questions[1].passage).toBeUndefined();
    expect(r.instructions).toBe(
      "Each question is followed by four options lettered A to D. Mark the letter A, B, C or D on your answer sheet for the correct option.",
    );
  });

  it("still keeps a real comprehension passage", () => {
    const passage = "Esi sells kenkey at the lorry station. She wakes at four o'clock every morning to prepare it with her mother before school.";
    const r = read("Read the passage below and answer questions 1 and 2.", passage, "1. What does Esi sell?", "A. kenkey", "B. bread");
    expect(r.questions[0].passage).toBe(passage);
    expect(r.instructions).toBe("Read the passage below and answer questions 1 and 2.");
  });

  it("throws 422 with what was found when there is no question", () => {
    expect(() => read("Dear parents,", "Thank you.")).toThrow("Found 2 paragraphs of text (4 words), but no numbered questions: is this a question paper?");
    expect(() =>
      recogniseQuestions([
        { text: "Scan with Fast Scan", page: 1 },
        { text: "Scan with Fast Scan", page: 2 },
      ]),
    ).toThrow("Found text of 2 pages, but no numbered questions: is this a question paper?");
  });
});

describe("a whole BECE-style paper (issue 27)", () => {
  it("reads header, instructions, both sections and the key at the end together", () => {
    const r = read(
      "GHANA EDUCATION SERVICE",
      "BECE 2019",
      "INTEGRATED SCIENCE",
      "Name: ____________   Index No: ________",
      "Time allowed: 1 hour 30 minutes",
      "SECTION A",
      "Each question is followed by four options lettered A to D. Find the correct",
      "option for each question and shade in pencil on your answer sheet.",
      "1. Which of the following is a mammal?",
      "A. shark      C. bat",
      "B. trout      D. frog",
      "2. Which method separates iodine from sand?",
      "A. evaporation   B. decantation",
      "C. filtrationD. sublimation",
      "Study the key below and answer question 3.",
      "Key",
      "1 square = 2 goats",
      "3. How many goats do 4 squares show?",
      "A. 2   B. 4   C. 6   D. 8",
      "SECTION B",
      "Answer any two questions from this section.",
      "4. (a) What is a food chain? [2 marks]",
      "(b) Give one example of a producer. [1 mark]",
      "5. Describe the process of evaporation. [5 marks]",
      "ANSWER KEY",
      "1 C  2 D  3 D",
      "4. (a) The order in which living things feed on one another.",
      "(b) A green plant.",
      "5. Water turns into vapour when heated.",
    );
    // The blank form fields ("Name: ____") are dropped: they are no part of a title.
    expect(r.heading).toBe("GHANA EDUCATION SERVICE\nBECE 2019\nINTEGRATED SCIENCE\nTime allowed: 1 hour 30 minutes");
    expect(r.instructions).toBe(
      "Each question is followed by four options lettered A to D. Find the correct option for each question and shade in pencil on your answer sheet.\nStudy the key below and answer question 3.\nAnswer any two questions from this section.",
    );
    expect(r.questions.map((q) => [q.type ?? "single", q.options, q.answer, q.marks])).toEqual([
      ["single", ["shark", "trout", "bat", "frog"], "bat", undefined],
      ["single", ["evaporation", "decantation", "filtration", "sublimation"], "sublimation", undefined],
      ["single", ["2", "4", "6", "8"], "8", undefined],
      ["written", [], "", 3],
      ["written", [], "", 5],
    ]);
    expect(r.questions[2].passage).toBeUndefined();
    expect(r.questions[3].parts).toEqual([
      { label: "a", marks: 2, scheme: "The order in which living things feed on one another." },
      { label: "b", marks: 1, scheme: "A green plant." },
    ]);
    expect(r.questions[4].scheme).toBe("Water turns into vapour when heated.");
    expect(r.warnings).toEqual([]);
  });
});
