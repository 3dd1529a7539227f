import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportAiken, importAiken } from "./aiken.ts";
import { exportQuestionCsv, parseQuestionCsv } from "./csv.ts";
import type { ExchangeImport, TypedExchangeQuestion } from "./exchange-types.ts";
import { exportGift, importGift } from "./gift.ts";
import { htmlToText, markdownToText } from "./html-text.ts";
import { exportMoodleXml, importMoodleXml } from "./moodle-xml.ts";

/** GIFT, Aiken and Moodle XML by Moodle's rules, every question type, with Moodle's own fixtures (issue 27). */

const fixture = (name: string) => readFileSync(new URL(`./test/moodle-fixtures/${name}`, import.meta.url), "utf8");
/** What a reading gave, without where each question stood in the file. */
const plain = (r: ExchangeImport) => r.questions.map(({ source: _source, ...q }) => q);

/** One question of each type, with the characters every format treats specially. */
const SINGLE: TypedExchangeQuestion[] = [
  { text: "What is 2 + 2?", options: ["3", "4", "5", "6"], answer: "4" },
  {
    text: "In GIFT, which characters are special: ~ = # { } : and \\ ?",
    options: ["~ and =", "# { }", "a: b", "none \\ at all", "all of {them}"],
    answer: "# { }",
  },
  { text: "XML needs <escaping> & \"quotes\" 'too'", options: ["<b>", "&amp;", "a > b", "plain"], answer: "&amp;" },
  { text: "Kofi's line one\nand line two", options: ["yes", "no", "maybe", "never"], answer: "no" },
  { text: "Weights and formats", options: ["%50% of it", "[html] <b>x</b>", "[plain]", "100%"], answer: "[plain]" },
];
const TYPED: TypedExchangeQuestion[] = [
  { type: "multiple", text: "Which are even?", options: ["2", "3", "4", "%5%"], answer: "", answers: ["2", "4"], scoring: "partial" },
  { type: "multiple", text: "Pick all mammals", options: ["goat", "hen", "bat"], answer: "", answers: ["goat", "bat"], scoring: "all_or_nothing" },
  { type: "multiple", text: "Which is odd?", options: ["1", "2", "4"], answer: "", answers: ["1"], scoring: "partial" },
  { type: "true_false", text: "The sun is a star.", options: ["True", "False"], answer: "True" },
  { type: "true_false", text: "Ice is hot: {yes}", options: ["True", "False"], answer: "False" },
  {
    type: "short",
    text: "Name the red planet",
    options: [],
    answer: "",
    accepted: [
      { text: "Mars", fraction: 100 },
      { text: "%50% = half ~ red", fraction: 50 },
    ],
    contains: false,
  },
  { type: "short", text: "Any word with photo", options: [], answer: "", accepted: [{ text: "photo", fraction: 100 }], contains: true },
  { type: "numerical", text: "What is 7 ÷ 2?", options: [], answer: "", value: 3.5, tolerance: 0 },
  { type: "numerical", text: "Below zero", options: [], answer: "", value: -12.25, tolerance: 0.125 },
  { type: "written", text: "Describe the water cycle.\nUse a diagram.", options: [], answer: "" },
];

describe("GIFT import by Moodle's rules", () => {
  it("reads Moodle's questions.gift.txt: 8 questions of 5 types, the matching question named, never a key '*'", () => {
    const r = importGift(fixture("questions.gift.txt"));
    expect(plain(r)).toEqual([
      { type: "written", text: "How are you?", options: [], answer: "" },
      { text: "What's between orange and green in the spectrum?", options: ["yellow", "red", "blue"], answer: "yellow" },
      {
        type: "multiple",
        text: "What's between orange and green in the spectrum?",
        options: ["yellow", "red", "off-beige", "blue"],
        answer: "",
        answers: ["yellow", "off-beige"],
        scoring: "partial",
      },
      // Moodle's fixture has `";` after the answer block: Moodle then reads it as a missing-word question, and so do we.
      { type: "numerical", text: 'What is a number from 1 to 5? _____";', options: [], answer: "", value: 3, tolerance: 2 },
      {
        type: "short",
        text: "Which is the best animal?",
        options: [],
        answer: "",
        accepted: [
          { text: "Frog", fraction: 100 },
          { text: "Cat", fraction: 50 },
        ],
        contains: false,
      },
      { type: "true_false", text: '42 is the Absolute Answer to everything._____";', options: ["True", "False"], answer: "False" },
      { type: "true_false", text: "TSL is blablabla.", options: ["True", "False"], answer: "True" },
      { type: "true_false", text: "TSL is blablabla.", options: ["True", "False"], answer: "True" },
    ]);
    expect(r.unsupported).toEqual([
      { number: 2, title: "Moodle activities", kind: "matching", message: "Q2 'Moodle activities' is a matching question: not imported" },
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.questions.map((q) => q.source)).toEqual([
      { number: 1, title: "Q8" },
      { number: 3, title: "Q2" },
      { number: 4, title: "colours" },
      { number: 5, title: "Q5" },
      { number: 6, title: "Shortanswer" },
      { number: 7, title: "Q1" },
      { number: 8, title: "2-08 TSL" },
      { number: 9, title: "2-08 TSL" },
    ]);
  });

  it("reads Moodle's questions_in_category.gift.txt: [html] text as plain text, escapes honoured, the category skipped", () => {
    const r = importGift(fixture("questions_in_category.gift.txt"));
    expect(plain(r)).toEqual([
      { text: "Listen to this greeting:\n\nWhat language is being spoken?", options: ["English", "French", "German", "Spanish"], answer: "French" },
      { type: "short", text: "Anyone who uses Moodle is a ...", options: [], answer: "", accepted: [{ text: "Moodler", fraction: 100 }], contains: false },
      {
        type: "true_false",
        text: "Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.",
        options: ["True", "False"],
        answer: "True",
      },
    ]);
    expect(r.unsupported.map((u) => u.message)).toEqual(["Q1 'Moodle activities' is a matching question: not imported"]);
  });

  it("fixes each GIFT failure of the issue", () => {
    // A short answer with a wildcard is short, not multiple choice keyed "*"; a matching question is named, not mangled.
    const r = importGift("Which is the best animal?{=Frog =%50%Cat =*}\n\n::Match the tools::Match {=hoe -> farm =chalk -> school}\n");
    expect(plain(r)).toEqual([
      {
        type: "short",
        text: "Which is the best animal?",
        options: [],
        answer: "",
        accepted: [
          { text: "Frog", fraction: 100 },
          { text: "Cat", fraction: 50 },
          { text: "*", fraction: 100 },
        ],
        contains: false,
      },
    ]);
    expect(r.unsupported[0].message).toBe("Q2 'Match the tools' is a matching question: not imported");
    // Moodle's own numerical export.
    expect(plain(importGift("What is 1 + 2? {#=%100%3:2#~#Completely wrong}"))).toEqual([
      { type: "numerical", text: "What is 1 + 2?", options: [], answer: "", value: 3, tolerance: 2 },
    ]);
    // A file of only true/false and essay questions is read.
    expect(plain(importGift("Ice is cold {TRUE}\n\nWrite about it {}\n")).map((q) => q.type)).toEqual(["true_false", "written"]);
    // [plain] and [html] are taken out of the text.
    expect(plain(importGift("[html]<p>Pick <i>one</i>&nbsp;&amp; go</p>{=[plain]a ~[markdown]**b**}"))).toEqual([
      { text: "Pick one & go", options: ["a", "b"], answer: "a" },
    ]);
  });

  it("keeps a numerical question's fully right answer and warns about the partial ones; names descriptions and broken blocks", () => {
    const r = importGift("::Year::When was Nkrumah born?{#=1909:0 =%50%1909:2}\n\nA description only.\n\n::Open::Broken {=a ~b\n");
    expect(plain(r)).toEqual([{ type: "numerical", text: "When was Nkrumah born?", options: [], answer: "", value: 1909, tolerance: 0 }]);
    expect(r.warnings).toEqual([
      { question: 1, message: "Q1 'Year': only the fully right answer 1909 ± 0 is kept; 1909 (50%) gave partial credit in the file" },
      { message: "Q3 'Open': its answer block { … } is not closed: not imported" },
    ]);
    expect(r.unsupported).toEqual([
      { number: 2, title: "A description only.", kind: "description", message: "Q2 'A description only.' is a description, not a question: not imported" },
    ]);
  });

  it("reads ranges, escapes, comments, feedback and general feedback as Moodle does", () => {
    const src = [
      "// a comment",
      "$CATEGORY: $course$/Maths",
      "",
      "::Q1::[html]What is 3 × 3? {~6#too small =9#right ~12####Three threes.}",
      "",
      "::Range::Pick 1 to 5 {#1..5}",
      "",
      "Is a\\: b \\= c\\# \\{d\\} \\~e\\nf? {T#no#yes}",
    ].join("\n");
    expect(plain(importGift(src))).toEqual([
      { text: "What is 3 × 3?", options: ["6", "9", "12"], answer: "9" },
      { type: "numerical", text: "Pick 1 to 5", options: [], answer: "", value: 3, tolerance: 2 },
      { type: "true_false", text: "Is a: b = c# {d} ~e\nf?", options: ["True", "False"], answer: "True" },
    ]);
  });
});

describe("GIFT export", () => {
  it("escapes ~ = # { } : \\ and protects a leading %n% or [format] so Moodle reads it back", () => {
    const gift = exportGift(SINGLE);
    expect(gift).toContain("\\~ \\= \\# \\{ \\} \\: and \\\\");
    expect(gift).toContain("\t~%0%%50% of it");
    expect(gift).toContain("\t~[plain][html] <b>x</b>");
    expect(gift).toContain("\t=[plain][plain]");
    expect(gift).toContain("Kofi's line one\\nand line two");
  });

  it("round-trips every type GIFT carries exactly", () => {
    const all = [...SINGLE, ...TYPED];
    const r = importGift(exportGift(all));
    expect(r.unsupported).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(plain(r)).toEqual(all);
  });

  it("writes Moodle's forms: fractions, {T}/{F}, =%50%, {#value:tolerance}, {}", () => {
    const gift = exportGift(TYPED);
    expect(gift).toContain("\t~%50%2\n\t~%-50%3\n\t~%50%4\n\t~%-50%%5%");
    expect(gift).toContain("// Adesua: all or nothing\n::Pick all mammals::Pick all mammals{\n\t~%50%goat\n\t~%-100%hen\n\t~%50%bat\n}");
    expect(gift).toContain("The sun is a star.{T}");
    expect(gift).toContain("Ice is hot\\: \\{yes\\}{F}");
    expect(gift).toContain("\t=%100%Mars\n\t=%50%%50% \\= half \\~ red");
    expect(gift).toContain("\t=%100%*photo*");
    expect(gift).toContain("What is 7 ÷ 2?{#3.5:0}");
    expect(gift).toContain("Below zero{#-12.25:0.125}");
    expect(gift).toContain("Use a diagram.{}");
  });
});

describe("Aiken by Moodle's rules", () => {
  it("imports what Moodle's test imports from aiken_errors.txt, with clean stems, and names the broken questions", () => {
    const r = importAiken(fixture("aiken_errors.txt"));
    expect(plain(r)).toEqual([
      { text: "A good question", options: ["Correct", "Incorrect"], answer: "Correct" },
      { text: "A second good question", options: ["Incorrect (No space)", "Correct (No space)"], answer: "Correct (No space)" },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "Q1 'A question with too few answers': it must have at least 2 answers (line 3): not imported",
      'Line 5: an option outside any question ("A) Question not started"): skipped',
      "Line 7: an ANSWER line outside any question: skipped",
      "Q3 'A question started but not finished': no ANSWER line before the next question (line 18): not imported",
    ]);
  });

  it("reads questions.aiken.txt, keeping HTML characters as text", () => {
    expect(plain(importAiken(fixture("questions.aiken.txt")))).toEqual([
      { text: "The Moodle project was started by:", options: ["Petr Skoda", "Martin Dougiamas", "Eloy Lafuente", "Tim Hunt"], answer: "Martin Dougiamas" },
      { text: 'Moodle\'s abilities include handling user input that includes <html class="cool"> & images:', options: ["True", "False"], answer: "True" },
    ]);
  });

  it("round-trips single-answer questions (line breaks folded) and leaves the other types out", () => {
    const oneLine = SINGLE.map((q) => ({ ...q, text: q.text.replace(/\n/g, " ") }));
    const optionLike = { text: "A. Kofi went to school. Why?", options: ["late", "early"], answer: "late" };
    const r = importAiken(exportAiken([...SINGLE, ...TYPED, optionLike]));
    expect(r.warnings).toEqual([]);
    expect(plain(r)).toEqual(oneLine);
  });
});

describe("Moodle XML by Moodle's rules", () => {
  it("reads truefalse.xml: both answers, the question text's picture, the feedback pictures named", () => {
    const r = importMoodleXml(fixture("truefalse.xml"));
    expect(r.questions.map((q) => [q.type, q.text, q.answer, q.marks, q.images?.map((i) => [i.name, i.contentType, i.bytes.length])])).toEqual([
      ["true_false", "Moodle is an acronym for Modular Object-Oriented Dynamic Learning Education.", "False", 1, [["logo.jpg", "image/jpeg", 898]]],
      ["true_false", "Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.", "True", 1, [["logo.jpg", "image/jpeg", 898]]],
    ]);
    expect(r.warnings.map((w) => w.message)).toContain("Q1 'Moodle acronym (False)': the picture infos.jpg in the feedback is not imported");
  });

  it("reads multichoice.xml and names the sound file and the option pictures it leaves out", () => {
    const r = importMoodleXml(fixture("multichoice.xml"));
    expect(plain(r)).toEqual([
      { text: "Listen to this greeting:\n\nWhat language is being spoken?", options: ["English", "French", "German", "Danish"], answer: "French", marks: 1 },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "Q1 'Greeting': the sound file bonjour.mp3 is not imported",
      "Q1 'Greeting': the picture flag-uk.jpg in an option is not imported",
      "Q1 'Greeting': the picture flag-france.jpg in an option is not imported",
      "Q1 'Greeting': the picture flag-german.jpg in an option is not imported",
      "Q1 'Greeting': the picture flag-denmark.jpg in an option is not imported",
    ]);
  });

  it("reads the old <image_base64> picture and names the cloze question", () => {
    const r = importMoodleXml(fixture("sample_questions_with_old_image_tag.xml"));
    expect(r.questions.map((q) => [q.text, q.options, q.answer, q.images?.map((i) => [i.name, i.contentType])])).toEqual([
      [
        'This is a multichoice question with an image in the old "image" field that was used in Moodle 1.9',
        ["wrong answer", "another wrong answer", "right answer"],
        "right answer",
        [["moodle.png", "image/png"]],
      ],
    ]);
    expect(r.unsupported.map((u) => u.message)).toEqual(["Q1 'cloze question with image' is a cloze (embedded answers) question: not imported"]);
  });

  it("reads every supported type with its marks, and names the unsupported kinds", () => {
    const q = (type: string, name: string, body: string) => `<question type="${type}"><name><text>${name}</text></name>${body}</question>`;
    const text = (s: string, format = "html") => `<questiontext format="${format}"><text><![CDATA[${s}]]></text></questiontext>`;
    const xml = `<?xml version="1.0"?><quiz>
      <question type="category"><category><text>$course$/x</text></category></question>
      ${q("multichoice", "Even", `${text("<p>Which are even?</p>")}<defaultgrade>2.5000000</defaultgrade><single>false</single><answer fraction="50"><text>2</text></answer><answer fraction="-100"><text>3</text></answer><answer fraction="50"><text>4</text></answer>`)}
      ${q("shortanswer", "Capital", `${text("Capital of Ghana?", "plain_text")}<usecase>1</usecase><answer fraction="100"><text>Accra</text></answer><answer fraction="0"><text>*</text></answer>`)}
      ${q("numerical", "Length", `${text("How long?")}<answer fraction="100"><text>12.5</text><tolerance>0.5</tolerance></answer><answer fraction="0"><text>*</text></answer><units><unit><multiplier>1</multiplier><unit_name>cm</unit_name></unit><unit><multiplier>10</multiplier><unit_name>mm</unit_name></unit></units>`)}
      ${q("essay", "Essay", `${text("Describe it.")}<defaultgrade>10</defaultgrade><graderinfo format="html"><text><![CDATA[<p>Look for <b>three</b> stages.</p><p>Give credit for a diagram.</p>]]></text></graderinfo>`)}
      ${q("matching", "Match", text("Match them"))}
      ${q("ordering", "Order", text("Order them"))}
      ${q("calculatedsimple", "Calc", text("Work it out"))}
      ${q("description", "Intro", text("Read this first."))}
    </quiz>`;
    const r = importMoodleXml(xml);
    expect(plain(r)).toEqual([
      { type: "multiple", text: "Which are even?", options: ["2", "3", "4"], answer: "", answers: ["2", "4"], scoring: "partial", marks: 2.5 },
      { type: "short", text: "Capital of Ghana?", options: [], answer: "", accepted: [{ text: "Accra", fraction: 100 }], contains: false },
      { type: "numerical", text: "How long?", options: [], answer: "", value: 12.5, tolerance: 0.5, unit: "cm" },
      { type: "written", text: "Describe it.", options: [], answer: "", marks: 10, scheme: "Look for three stages.\nGive credit for a diagram." },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "Q2 'Capital': the file asks for case to matter; Adesua ignores case, spacing and accents in short answers",
      'Q3 \'Length\': only the unit "cm" is kept; "mm" are not',
    ]);
    expect(r.unsupported.map((u) => u.message)).toEqual([
      "Q5 'Match' is a matching question: not imported",
      "Q6 'Order' is an ordering question: not imported",
      "Q7 'Calc' is a calculated question: not imported",
      "Q8 'Intro' is a description, not a question: not imported",
    ]);
  });

  it("round-trips every type exactly, with marks, units and a written question's parts and scheme", () => {
    const all: TypedExchangeQuestion[] = [
      ...SINGLE.map((q) => ({ ...q, marks: 1 })),
      ...TYPED.map((q, i) => ({ ...q, marks: [1, 2, 0.5, 3, 1, 4, 1, 1, 1, 1][i] })),
      { type: "numerical", text: "How long, in cm?", options: [], answer: "", value: 12.5, tolerance: 0.5, unit: "cm", marks: 2 },
      {
        type: "written",
        text: "Explain photosynthesis.",
        options: [],
        answer: "",
        marks: 5,
        scheme: "Accept any clear answer.\nNo marks for copying.",
        parts: [
          { label: "a", marks: 2, scheme: "light, water" },
          { label: "b(i)", marks: 3, scheme: "glucose\noxygen" },
        ],
      },
    ];
    const xml = exportMoodleXml(all);
    expect(xml).toContain("&lt;escaping&gt; &amp; &quot;quotes&quot;");
    expect(xml).toContain("(a) [2 marks] light, water\n(b(i)) [3 marks] glucose\noxygen");
    const r = importMoodleXml(xml);
    expect(r.warnings).toEqual([]);
    expect(plain(r)).toEqual(all);
  });

  it("keeps parts only when their marks add up to the question's (else the whole text is the scheme)", () => {
    const essay = (grade: string, info: string) =>
      `<quiz><question type="essay"><name><text>E</text></name><questiontext format="plain_text"><text>Q</text></questiontext><defaultgrade>${grade}</defaultgrade><graderinfo format="plain_text"><text>${info}</text></graderinfo></question></quiz>`;
    expect(importMoodleXml(essay("3", "(a) [1 mark] x\n(b) [2 marks] y")).questions[0]).toMatchObject({
      parts: [
        { label: "a", marks: 1, scheme: "x" },
        { label: "b", marks: 2, scheme: "y" },
      ],
    });
    const off = importMoodleXml(essay("5", "(a) [1 mark] x\n(b) [2 marks] y")).questions[0];
    expect([off.parts, off.scheme]).toEqual([undefined, "(a) [1 mark] x\n(b) [2 marks] y"]);
  });
});

describe("HTML and Markdown as plain text", () => {
  it("drops tags without interpreting them, breaks lines at paragraphs, decodes entities, writes powers as ^", () => {
    expect(htmlToText('<p>x<sup>2</sup> = 49 &amp; y &lt; 3</p><script>alert("x")</script><p>Find&nbsp;x<br/>now</p><img src="a.png" onerror="x()">')).toBe(
      "x^2 = 49 & y < 3\nFind x\nnow",
    );
    expect(htmlToText("H<sub>2</sub>O &copy; &#8364; &#x3c0; &unknown;")).toBe("H_2O © € π &unknown;");
    expect(markdownToText("**Bold** and *em* with `code` and [a link](http://x)")).toBe("Bold and em with code and a link");
  });
});

describe("CSV", () => {
  it("round-trips a bank of single-answer questions exactly through the CSV template", () => {
    const csv = exportQuestionCsv(SINGLE.slice(0, 4));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(parseQuestionCsv(csv)).toEqual({ ok: true, questions: SINGLE.slice(0, 4) });
  });

  it("the bank's export adds type, marks and key; marks are read back, other types refused by row", () => {
    const csv = exportQuestionCsv([
      { ...SINGLE[0], type: "single", marks: 2, key: "4" },
      { ...TYPED[0], key: "2; 4" },
    ]);
    expect(csv.split("\r\n")[0]).toBe("\ufeffquestion,optionA,optionB,optionC,optionD,optionE,correctOption,explanation,type,marks,key");
    expect(csv).toContain(",A;C,,multiple,1,2; 4");
    expect(parseQuestionCsv(csv)).toEqual({
      ok: false,
      errors: [{ row: 3, message: "type multiple: only single-answer questions can be imported from CSV (use GIFT or Moodle XML for the other types)" }],
    });
    const singleOnly = exportQuestionCsv([{ ...SINGLE[0], type: "single", marks: 2, key: "4" }]);
    expect(parseQuestionCsv(singleOnly)).toEqual({ ok: true, questions: [{ ...SINGLE[0], marks: 2 }] });
  });
});
