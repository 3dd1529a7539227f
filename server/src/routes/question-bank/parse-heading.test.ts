import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";
import { auto, buildDocx, buildPdf } from "../../documents/test/build-files";

/** Issue 24: a paper's title and subtitle lines come back as its `heading`, never inside question 1. */
const t = useTestApp();
let teacher: string;
beforeAll(async () => {
  teacher = (await signedIn(t.database.db, { role: "teacher" })).token;
});

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const parse = (name: string, bytes: Uint8Array, type?: string) =>
  call(t.app, {
    method: "POST",
    url: "/api/questions/parse",
    token: teacher,
    payload: form({}, { attachment: { name, bytes: Buffer.from(bytes), type } }) as never,
  });

describe("POST /api/questions/parse: the paper's heading", () => {
  it("returns a Word paper's title and subtitle as its heading, and question 1 without them", async () => {
    const docx = await buildDocx([
      "JHS 1 Class Exercise: Mathematics — Fractions, Decimals and Percentages (BECE style)",
      "",
      "Week 4 — Fractions",
      "1. Simplify 3/4 + 1/8",
      "A. 7/8",
      "B. 1/2",
      "2. What is 0.5 as a fraction?",
      "A. 1/2",
      "B. 1/5",
    ]);
    const r = await parse("paper.docx", docx, DOCX);
    expect(r.status).toBe(200);
    expect(r.body.heading).toBe("JHS 1 Class Exercise: Mathematics — Fractions, Decimals and Percentages (BECE style)\nWeek 4 — Fractions");
    expect(r.body.questions[0]).toEqual({ text: "Simplify 3/4 + 1/8", options: ["7/8", "1/2"], answer: "" });
  });

  it("does the same for a paper numbered by Word itself (automatic numbering)", async () => {
    const docx = await buildDocx([
      "JHS 1 Class Exercise: Fractions (BECE style)",
      "Mathematics",
      auto("Simplify 3/4 + 1/8", 0),
      auto("7/8", 1),
      auto("1/2", 1),
      auto("What is 0.5 as a fraction?", 0),
      auto("1/2", 1),
      auto("1/5", 1),
    ]);
    const r = await parse("paper.docx", docx, DOCX);
    expect(r.body.heading).toBe("JHS 1 Class Exercise: Fractions (BECE style)\nMathematics");
    expect(r.body.questions.map((q: { text: string }) => q.text)).toEqual(["Simplify 3/4 + 1/8", "What is 0.5 as a fraction?"]);
  });

  it("answers heading null for a PDF paper that starts with question 1", async () => {
    const pdf = await buildPdf([{ lines: ["1. The capital of Ghana is", ["A. Kumasi", "B. Accra"]] }]);
    const r = await parse("paper.pdf", pdf);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ heading: null, questions: [{ text: "The capital of Ghana is" }] });
  });
});
