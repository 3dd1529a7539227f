import { describe, expect, it } from "vitest";
import { exportAiken, importAiken } from "./aiken.ts";
import { exportQuestionCsv, parseQuestionCsv } from "./csv.ts";
import { exportGift, importGift } from "./gift.ts";
import { exportMoodleXml, importMoodleXml } from "./moodle-xml.ts";
import type { ExchangeQuestion } from "./types.ts";

/** A bank with every character the formats treat specially. */
const BANK: ExchangeQuestion[] = [
  { text: "What is 2 + 2?", options: ["3", "4", "5", "6"], answer: "4", explanation: "Two and two make four." },
  {
    text: "In GIFT, which characters are special: ~ = # { } : and \\ ?",
    options: ["~ and =", "# { }", "a: b", "none \\ at all", "all of {them}"],
    answer: "# { }",
    explanation: "Feedback with = and ~ and :: inside",
  },
  { text: "XML needs <escaping> & \"quotes\" 'too'", options: ["<b>", "&amp;", "a > b", "plain"], answer: "&amp;" },
  { text: "Kofi's line one\nand line two", options: ["yes", "no", "maybe", "never"], answer: "no", explanation: "First line\nsecond line" },
  { text: "Ghana's capital? (Accra, Kumasi…)", options: ["Accra", "Kumasi", "Tamale", "Ho"], answer: "Accra" },
];

describe("GIFT", () => {
  it("round-trips a bank exactly, escaping ~ = # { } : and line breaks", () => {
    const gift = exportGift(BANK);
    expect(gift).toContain("\\~ \\= \\# \\{ \\} \\: and \\\\");
    expect(importGift(gift)).toEqual({ questions: BANK, warnings: [] });
  });

  it("reads GIFT as Moodle writes it: titles, comments, feedback, weights, one-line answers", () => {
    const src = [
      "// a comment",
      "$CATEGORY: $course$/Maths",
      "",
      "::Q1::[html]What is 3 × 3? {~6#too small =9#right ~12}",
      "",
      "Which is a planet? {",
      "  =%100%Mars",
      "  ~%0%Moon",
      "  ####Mars orbits the sun.",
      "}",
      "",
      "Essay question {}",
      "",
      "Grant is buried in {=Grant's tomb}",
    ].join("\n");
    const r = importGift(src);
    expect(r.questions).toEqual([
      { text: "What is 3 × 3?", options: ["6", "9", "12"], answer: "9" },
      { text: "Which is a planet?", options: ["Mars", "Moon"], answer: "Mars", explanation: "Mars orbits the sun." },
    ]);
    expect(r.warnings).toHaveLength(2);
  });
});

describe("Aiken", () => {
  it("round-trips a bank's questions, options and answers (Aiken has no explanations or line breaks)", () => {
    const oneLine = BANK.map(({ text, options, answer }) => ({ text: text.replace(/\n/g, " "), options, answer }));
    expect(importAiken(exportAiken(BANK))).toEqual({ questions: oneLine, warnings: [] });
  });

  it("reads Aiken with A) options and warns about incomplete questions", () => {
    const r = importAiken("What is 1 + 1?\nA) 1\nB) 2\nANSWER: B\n\nBroken one\nA. x\nB. y\n\nNext?\nA. p\nB. q\nANSWER: C\n");
    expect(r.questions).toEqual([{ text: "What is 1 + 1?", options: ["1", "2"], answer: "2" }]);
    expect(r.warnings).toHaveLength(2);
  });
});

describe("Moodle XML", () => {
  it("round-trips a bank exactly, escaping XML entities", () => {
    const xml = exportMoodleXml(BANK);
    expect(xml).toContain("&lt;escaping&gt; &amp; &quot;quotes&quot;");
    expect(importMoodleXml(xml)).toEqual({ questions: BANK, warnings: [] });
  });

  it("reads Moodle's own HTML-formatted export and skips other question types with a warning", () => {
    const src = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top</text></category></question>
  <question type="multichoice">
    <name><text>Capital</text></name>
    <questiontext format="html"><text><![CDATA[<p>What is the capital of <b>Ghana</b>?</p>]]></text></questiontext>
    <generalfeedback format="html"><text>&lt;p&gt;Accra &amp;amp; nowhere else&lt;/p&gt;</text></generalfeedback>
    <answer fraction="0" format="html"><text>Kumasi</text></answer>
    <answer fraction="100" format="html"><text><![CDATA[<p>Accra</p>]]></text></answer>
  </question>
  <question type="truefalse"><name><text>TF</text></name></question>
</quiz>`;
    const r = importMoodleXml(src);
    expect(r.questions).toEqual([
      { text: "What is the capital of Ghana?", options: ["Kumasi", "Accra"], answer: "Accra", explanation: "Accra & nowhere else" },
    ]);
    expect(r.warnings).toEqual([{ message: '"TF" is a truefalse question; only multiple-choice questions are imported.' }]);
  });
});

describe("CSV export", () => {
  it("round-trips a bank exactly through the CSV template", () => {
    const csv = exportQuestionCsv(BANK);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(parseQuestionCsv(csv)).toEqual({ ok: true, questions: BANK });
  });
});
