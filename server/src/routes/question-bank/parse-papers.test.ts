import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";
import { buildDocx, buildPdf, mathP } from "../../documents/test/build-files";

/** Issue 27: real papers over HTTP: equations, keys at the end, instructions, types found in papers, 422 when nothing is found. */
const t = useTestApp();
let teacher: string;
beforeAll(async () => {
  teacher = (await signedIn(t.database.db, { role: "teacher" })).token;
});

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const post = (url: string, name: string, bytes: Uint8Array, type?: string) =>
  call(t.app, { method: "POST", url, token: teacher, payload: form({}, { attachment: { name, bytes: Buffer.from(bytes), type } }) as never });

describe("POST /api/questions/parse and /parse-answers on real papers", () => {
  const paper = () =>
    buildDocx([
      "BECE 2019 MATHEMATICS",
      "Answer all questions.",
      mathP("1. Evaluate ", [{ sup: ["2", "3"] }], " × 2"),
      "A. 16",
      "B. 12",
      "2. True or False: 7 is a prime number.",
      "SECTION B",
      "3. Explain how to find the area of a circle. [4 marks]",
      "Answers",
      "1. B",
      "2. True",
      "3. Area = πr², where r is the radius.",
    ]);

  it("answers the questions with their types, equations, key from the end and the instructions", async () => {
    const r = await post("/api/questions/parse", "paper.docx", await paper(), DOCX);
    expect(r.status).toBe(200);
    expect(r.body.heading).toBe("BECE 2019 MATHEMATICS");
    expect(r.body.instructions).toBe("Answer all questions.");
    expect(r.body.questions).toEqual([
      {
        text: "Evaluate 2^3 × 2",
        options: ["16", "12"],
        answer: "12",
        equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
      },
      { text: "True or False: 7 is a prime number.", options: ["True", "False"], answer: "True", type: "true_false" },
      { text: "Explain how to find the area of a circle.", options: [], answer: "", type: "written", marks: 4, scheme: "Area = πr², where r is the radius." },
    ]);
  });

  it("gives only the key printed at the end when the whole paper is sent as the answer key", async () => {
    const r = await post("/api/questions/parse-answers", "paper.docx", await paper(), DOCX);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ answers: ["B"], warnings: [] });
  });

  it("answers 422 saying what was found when a PDF holds no numbered question", async () => {
    const page = { lines: ["Sports day programme", "Opening march past", "Relay races"] };
    const r = await post("/api/questions/parse", "programme.pdf", await buildPdf([page, page, page]));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: "Found text of 3 pages, but no numbered questions: is this a question paper?" });
  });
});
