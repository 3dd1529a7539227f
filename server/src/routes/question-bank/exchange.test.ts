import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { roleTokens } from "../../../test/factories";
import { form } from "../../../test/uploads";

/** POST /api/questions/import and GET /api/questions/export with every question type (issue 27). */

const t = useTestApp();
let admin: string, teacher: string, student: string;
beforeAll(async () => {
  ({ admin, teacher, student } = await roleTokens(t.database.db, { studentType: "jhs3" }));
});

const FIXTURES = new URL("../../documents/test/moodle-fixtures/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const get = (url: string, token?: string) => call(t.app, { method: "GET", url, token });
const importFile = (token: string | undefined, format: string, body: string | Buffer, meta: Record<string, string> = { year: "2021", subject: "Science" }) =>
  call(t.app, {
    method: "POST",
    url: "/api/questions/import",
    token,
    payload: form({ format, ...meta }, { file: { name: `bank.${format}.txt`, bytes: Buffer.from(body), type: "text/plain" } }) as never,
  });
const group = async (year: number, subject: string) => (await get(`/api/questions?year=${year}&subject=${subject}&limit=100`, admin)).body.questions;

/** The fields a question's type carries, as GET /questions sends them to staff. */
type Q = Record<string, unknown> & { text: string; type: string };
const typed = (x: Q) => {
  const keep = ["text", "type", "marks", "options", "answer", "answers", "scoring", "accepted", "contains", "value", "tolerance", "unit", "parts", "scheme"];
  return Object.fromEntries(Object.entries(x).filter(([k]) => keep.includes(k)));
};

/** One question of every type, with the characters the formats treat specially. */
const BANK = [
  { text: "Which is a prime number? {not 1}", options: ["4", "7", "%50% of 9", "[html] 12"], answer: "7", marks: 2 },
  { type: "multiple", text: "Which are even?", options: ["2", "3", "4", "a: b = c"], answers: ["2", "4"], scoring: "partial", marks: 3 },
  { type: "multiple", text: "Pick every mammal", options: ["goat", "hen", "bat"], answers: ["goat", "bat"], scoring: "all_or_nothing" },
  { type: "true_false", text: "Accra is the capital of Ghana.", answer: "True", marks: 1.5 },
  {
    type: "short",
    text: "Name the red planet",
    accepted: [
      { text: "Mars", fraction: 100 },
      { text: "the ~red~ one", fraction: 50 },
    ],
    marks: 2,
  },
  { type: "short", text: "A word with 'photo' in it", accepted: [{ text: "photo", fraction: 100 }], contains: true },
  { type: "numerical", text: "How long is the line, in cm?", value: 12.5, tolerance: 0.5, unit: "cm", marks: 4 },
  {
    type: "written",
    text: "Describe the water cycle.\nUse a diagram.",
    marks: 5,
    scheme: "Award marks for the stages in order.",
    parts: [
      { label: "a", marks: 2, scheme: "evaporation, condensation" },
      { label: "b", marks: 3, scheme: "precipitation\ncollection" },
    ],
  },
];

describe("POST /api/questions/import", () => {
  it("imports every type of a GIFT file as that type, and names the matching question it leaves out", async () => {
    const gift = [
      "::Frog::Which is the best animal?{=Frog =%50%Cat =%0%*}",
      "",
      "::Match the tools::Match them {=hoe -> farm =chalk -> school}",
      "",
      "::Range::A number from 1 to 5? {#1..5}",
      "",
      "Moodle's own numerical export {#=%100%3:2#~#Completely wrong}",
      "",
      "::TF::[plain]The sun is a star.{T}",
      "",
      "::Essay::[html]<p>Write about <b>your</b> school.</p>{}",
      "",
      "::Colours::Between orange and green? {~%50%yellow ~%-100%red ~%50%off-beige ~%-100%[plain]blue}",
    ].join("\n");
    const r = await importFile(teacher, "gift", gift);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ count: 6, skippedDuplicates: 0, message: "Imported 6 questions" });
    expect(r.body.unsupported).toEqual([
      { number: 2, title: "Match the tools", kind: "matching", message: "Q2 'Match the tools' is a matching question: not imported" },
    ]);
    const saved = (await group(2021, "Science")).map(typed);
    expect(saved).toEqual(
      expect.arrayContaining([
        {
          text: "Which is the best animal?",
          type: "short",
          marks: 1,
          options: [],
          answer: "Frog",
          accepted: [
            { text: "Frog", fraction: 100 },
            { text: "Cat", fraction: 50 },
          ],
          contains: false,
        },
        { text: "A number from 1 to 5?", type: "numerical", marks: 1, options: [], answer: "3", value: 3, tolerance: 2, unit: null },
        { text: "Moodle's own numerical export", type: "numerical", marks: 1, options: [], answer: "3", value: 3, tolerance: 2, unit: null },
        { text: "The sun is a star.", type: "true_false", marks: 1, options: ["True", "False"], answer: "True" },
        { text: "Write about your school.", type: "written", marks: 1, options: [], answer: null, parts: [], scheme: null },
        {
          text: "Between orange and green?",
          type: "multiple",
          marks: 1,
          options: ["yellow", "red", "off-beige", "blue"],
          answer: JSON.stringify(["yellow", "off-beige"]),
          answers: ["yellow", "off-beige"],
          scoring: "partial",
        },
      ]),
    );
    // Never a multiple-choice question keyed "*", never an option "-> farm".
    expect(JSON.stringify(saved)).not.toMatch(/"\*"|-> farm/);
  });

  it("imports Moodle's questions.gift.txt: 8 questions of 5 types, the matching one named", async () => {
    const r = await importFile(teacher, "gift", fixture("questions.gift.txt"), { year: "2022", subject: "Moodle" });
    expect(r.status).toBe(201);
    // The two "2-08 TSL" questions are the same question (a duplicate), and the bank already holds "Which is the best animal?".
    expect(r.body).toMatchObject({ count: 6, skippedDuplicates: 2 });
    expect(r.body.unsupported.map((u: { message: string }) => u.message)).toEqual(["Q2 'Moodle activities' is a matching question: not imported"]);
    const types = (await group(2022, "Moodle")).map((x: Q) => x.type).sort();
    expect(types).toEqual(["multiple", "numerical", "single", "true_false", "true_false", "written"]);
  });

  it("answers 422 naming every question when none can be imported", async () => {
    const r = await importFile(teacher, "gift", "::Match the tools::Match {=hoe -> farm =chalk -> school}\n\nJust a description of the section.\n");
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      error:
        "No question in this file can be imported: Q1 'Match the tools' is a matching question: not imported; Q2 'Just a description of the section.' is a description, not a question: not imported",
      unsupported: [
        { number: 1, title: "Match the tools", kind: "matching", message: "Q1 'Match the tools' is a matching question: not imported" },
        {
          number: 2,
          title: "Just a description of the section.",
          kind: "description",
          message: "Q2 'Just a description of the section.' is a description, not a question: not imported",
        },
      ],
      warnings: [],
    });
    const xml = `<?xml version="1.0"?><quiz><question type="ddmatch"><name><text>Drag</text></name><questiontext><text>x</text></questiontext></question></quiz>`;
    const x = await importFile(teacher, "moodle-xml", xml);
    expect([x.status, x.body.error]).toEqual([422, "No question in this file can be imported: Q1 'Drag' is a drag-and-drop matching question: not imported"]);
    const empty = await importFile(teacher, "aiken", "nothing here\n");
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatch(/^No question in this file can be imported: Q1 'nothing here': the file ends before its ANSWER line: not imported$/);
  });

  it("imports Aiken as Moodle does: the good questions of aiken_errors.txt, the broken ones named", async () => {
    const r = await importFile(teacher, "aiken", fixture("aiken_errors.txt"), { year: "2023", subject: "Aiken" });
    expect(r.status).toBe(201);
    expect(r.body.count).toBe(2);
    expect(r.body.warnings.map((w: { message: string }) => w.message)).toEqual([
      "Q1 'A question with too few answers': it must have at least 2 answers (line 3): not imported",
      'Line 5: an option outside any question ("A) Question not started"): skipped',
      "Line 7: an ANSWER line outside any question: skipped",
      "Q3 'A question started but not finished': no ANSWER line before the next question (line 18): not imported",
    ]);
    expect((await group(2023, "Aiken")).map(typed)).toEqual([
      { text: "A good question", type: "single", marks: 1, options: ["Correct", "Incorrect"], answer: "Correct" },
      {
        text: "A second good question",
        type: "single",
        marks: 1,
        options: ["Incorrect (No space)", "Correct (No space)"],
        answer: "Correct (No space)",
      },
    ]);
  });

  it("stores a Moodle XML question's picture and names the sound and option pictures it leaves out", async () => {
    const tf = await importFile(teacher, "moodle-xml", fixture("truefalse.xml"), { year: "2024", subject: "Pictures" });
    expect(tf.status).toBe(201);
    expect(tf.body.count).toBe(2);
    const saved = await group(2024, "Pictures");
    expect(saved.map((x: Q) => [x.type, x.answer, x.imageCount])).toEqual([
      ["true_false", "False", 1],
      ["true_false", "True", 1],
    ]);
    const img = await call(t.app, { method: "GET", url: `/api/questions/${saved[0].id}/images/1`, token: student });
    expect(img.status).toBe(200);
    expect(img.headers["content-type"]).toMatch(/^image\/jpeg/);
    const mc = await importFile(teacher, "moodle-xml", fixture("multichoice.xml"), { year: "2024", subject: "Sound" });
    expect(mc.status).toBe(201);
    expect(mc.body.warnings.map((w: { message: string }) => w.message)).toContain("Q1 'Greeting': the sound file bonjour.mp3 is not imported");
  });

  it("refuses a student (403), no token (401), a bad format, no file and no year (400)", async () => {
    expect((await importFile(student, "gift", "Q {T}")).status).toBe(403);
    expect((await importFile(undefined, "gift", "Q {T}")).status).toBe(401);
    expect((await importFile(teacher, "qti", "Q {T}")).body).toEqual({ error: "Format must be gift, aiken or moodle-xml" });
    const noFile = await call(t.app, {
      method: "POST",
      url: "/api/questions/import",
      token: teacher,
      payload: form({ format: "gift", year: "2021", subject: "X" }) as never,
    });
    expect([noFile.status, noFile.body]).toEqual([400, { error: "Please select a GIFT, Aiken or Moodle XML file to import." }]);
    expect((await importFile(teacher, "gift", "Q {T}", { subject: "X" })).body).toEqual({ error: "Year and Subject are required" });
    const binary = await importFile(teacher, "gift", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(binary.status).toBe(415);
  });
});

describe("GET /api/questions/export", () => {
  const url = (year: number) => `year=${year}&subject=Every&section=A`;
  const exported = async (format: string, year: number) => {
    const r = await get(`/api/questions/export?format=${format}&${url(year)}`, teacher);
    expect(r.status).toBe(200);
    expect(r.headers["content-disposition"]).toMatch(/attachment/);
    return Buffer.from(r.raw);
  };
  /** The bank saved in its own group, exported, the group deleted (the bank skips questions it holds) and the file imported again. */
  const roundTrip = async (format: string, year: number) => {
    const saved = await call(t.app, {
      method: "POST",
      url: "/api/questions/bulk",
      token: admin,
      payload: { questions: BANK, metadata: { year, subject: "Every", section: "A" } },
    });
    expect(saved.status).toBe(201);
    const original = (await group(year, "Every")).map(typed);
    const file = await exported(format, year);
    expect((await call(t.app, { method: "DELETE", url: `/api/questions?${url(year)}`, token: admin })).body).toEqual({ count: BANK.length });
    const r = await importFile(teacher, format, file, { year: String(year), subject: "Every", section: "A" });
    expect([format, r.status]).toEqual([format, 201]);
    const back = (await group(year, "Every")).map(typed);
    await call(t.app, { method: "DELETE", url: `/api/questions?${url(year)}`, token: admin });
    return { original, file: file.toString(), back };
  };

  it("Moodle XML carries every type exactly: marks, units, contains, all-or-nothing, written parts and scheme", async () => {
    const { original, file, back } = await roundTrip("moodle-xml", 2001);
    expect(file).toContain("<defaultgrade>4</defaultgrade>");
    expect(file).toContain("(b) [3 marks] precipitation\ncollection");
    expect(back).toEqual(original);
  });

  it("GIFT carries every type but marks, units and a written question's scheme (GIFT has no place for them)", async () => {
    const { original, file: gift, back } = await roundTrip("gift", 2002);
    // Moodle would read a leading %50% as a weight and [html] as a format: both are protected.
    expect(gift).toContain("~%0%%50% of 9");
    expect(gift).toContain("~[plain][html] 12");
    expect(gift).toContain("Which is a prime number? \\{not 1\\}");
    const expected = original.map((q: Q) => ({
      ...q,
      marks: 1,
      ...(q.type === "numerical" ? { unit: null, answer: String(q.value) } : {}),
      ...(q.type === "written" ? { parts: [], scheme: null } : {}),
    }));
    expect(back).toEqual(expected);
  });

  it("Aiken carries the single-answer questions exactly and leaves the other types out", async () => {
    const { original, back } = await roundTrip("aiken", 2003);
    expect(back).toEqual(original.filter((q: Q) => q.type === "single").map((q: Q) => ({ ...q, marks: 1 })));
  });

  it("CSV has each question's type, marks and key as a person reads it", async () => {
    expect(
      (
        await call(t.app, {
          method: "POST",
          url: "/api/questions/bulk",
          token: admin,
          payload: { questions: BANK, metadata: { year: 2004, subject: "Every", section: "A" } },
        })
      ).status,
    ).toBe(201);
    const csv = (await exported("csv", 2004)).toString();
    const [header, ...rows] = csv
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r\n(?=")|\r\n(?=[^\s])/);
    expect(header).toBe("question,optionA,optionB,optionC,optionD,optionE,correctOption,explanation,type,marks,key");
    expect(csv).toContain("numerical,4,12.5 ± 0.5 cm");
    expect(csv).toContain("short,2,Mars; the ~red~ one (50%)");
    expect(csv).toContain("multiple,3,2; 4");
    expect(rows.length).toBeGreaterThanOrEqual(BANK.length);
  });

  it("refuses a student (403), no token (401) and an unknown format (400)", async () => {
    expect((await get(`/api/questions/export?format=gift&${url(2004)}`, student)).status).toBe(403);
    expect((await get(`/api/questions/export?format=gift&${url(2004)}`)).status).toBe(401);
    expect((await get(`/api/questions/export?format=qti&${url(2004)}`, teacher)).body).toEqual({ error: "Format must be gift, aiken, moodle-xml or csv" });
  });
});

describe("Moodle XML pictures", () => {
  it("exports a question's pictures as <file> and imports them back with the same text", async () => {
    const place = "year=2005&subject=Pictured&section=A";
    // The bank skips questions it holds: the same file imported by an earlier test goes first.
    await call(t.app, { method: "DELETE", url: "/api/questions?year=2024&subject=Pictures&section=A", token: admin });
    expect((await importFile(teacher, "moodle-xml", fixture("truefalse.xml"), { year: "2005", subject: "Pictured", section: "A" })).status).toBe(201);
    const original = (await group(2005, "Pictured")).map((x: Q) => ({ ...typed(x), imageCount: x.imageCount }));
    const out = await get(`/api/questions/export?format=moodle-xml&${place}`, teacher);
    expect(out.status).toBe(200);
    expect(out.raw).toContain('<file name="logo.jpg" path="/" encoding="base64">/9j/');
    expect((await call(t.app, { method: "DELETE", url: `/api/questions?${place}`, token: admin })).body).toEqual({ count: 2 });
    const back = await importFile(teacher, "moodle-xml", Buffer.from(out.raw), { year: "2005", subject: "Pictured", section: "A" });
    expect([back.status, back.body.count, back.body.warnings]).toEqual([201, 2, []]);
    expect((await group(2005, "Pictured")).map((x: Q) => ({ ...typed(x), imageCount: x.imageCount }))).toEqual(original);
  });
});
