import { beforeAll, describe, expect, it } from "vitest";
import { encodeChoices, encodeParts } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";

/** Practice of every question type (issue 27): marked on the server by type, written answers compared with the scheme. */
const t = useTestApp();
const db = () => t.database.db;
let admin: string;
let student: string;
let ids: number[] = [];
let studentList = "";

const QUESTIONS = [
  { text: "Capital of Ghana?", options: ["Kumasi", "Accra", "Tamale"], answer: "Accra" },
  { type: "multiple", text: "Which are even?", options: ["2", "3", "4", "5"], answers: ["2", "4"], scoring: "partial", marks: 2 },
  { type: "true_false", text: "Water boils at 100 °C at sea level.", answer: "True" },
  {
    type: "short",
    text: "Largest lake in Ghana?",
    accepted: [
      { text: "KEY-Volta", fraction: 100 },
      { text: "KEY-Lake Volta", fraction: 50 },
    ],
  },
  { type: "numerical", text: "Length of the rod?", value: 4321.5, tolerance: 0.25, unit: "cm", marks: 3 },
  {
    type: "written",
    text: "Explain evaporation.",
    marks: 4,
    scheme: "SCHEME-WHOLE",
    parts: [
      { label: "a", marks: 1, scheme: "SCHEME-PART-A" },
      { label: "b", marks: 3, scheme: "SCHEME-PART-B" },
    ],
  },
];

beforeAll(async () => {
  admin = (await signedIn(db(), { role: "admin" })).token;
  student = (await signedIn(db(), { role: "student", studentType: "jhs3" })).token;
  const r = await call(t.app, {
    method: "POST",
    url: "/api/questions/bulk",
    token: admin,
    payload: { questions: QUESTIONS, metadata: { year: 2021, subject: "Typed Practice", section: "A" } },
  });
  expect(r.status, r.raw).toBe(201);
  const list = await call(t.app, { method: "GET", url: "/api/questions?year=2021&subject=Typed%20Practice&section=A", token: student });
  studentList = list.raw;
  ids = list.body.questions.map((q: { id: number }) => q.id);
  expect(ids).toHaveLength(6);
});

const practise = (payload: object) => call(t.app, { method: "POST", url: "/api/practice", token: student, payload });

describe("practice of every type", () => {
  it("the student's bank list carries types and marks but no key, accepted answer, value, tolerance or scheme", () => {
    for (const secret of ["KEY-Volta", "4321.5", "0.25", "SCHEME-", '"answers"', '"accepted"', '"value"', '"tolerance"', '"scheme"', '"answer"'])
      expect(studentList, secret).not.toContain(secret);
    expect(studentList).toContain('"type":"numerical"');
    expect(studentList).toContain('"unit":"cm"');
  });

  it("marks each type by its rule; written answers are not marked and come back with the scheme; the score is over the auto-marked marks", async () => {
    const r = await practise({
      questionIds: ids,
      answers: [
        { questionId: ids[0], answer: "Accra" },
        { questionId: ids[1], answer: encodeChoices(["2"]) },
        { questionId: ids[2], answer: "False" },
        { questionId: ids[3], answer: " key-lake  volta " },
        { questionId: ids[4], answer: "4321.7 cm" },
        { questionId: ids[5], answer: encodeParts(["It dries", "Heat makes water a gas"]) },
      ],
    });
    expect(r.status, r.raw).toBe(201);
    // Auto-marked: 1 + 2 + 1 + 1 + 3 = 8; earned 1 + 1 + 0 + 0.5 + 3 = 5.5.
    expect(r.body).toMatchObject({ total: 6, score: 2, earned: 5.5, available: 8, percentage: 68.75 });
    const [single, multiple, tf, short, num, written] = r.body.results;
    expect(single).toMatchObject({ type: "single", earned: 1, available: 1, correct: true, marked: true, key: "Accra", correctAnswer: "Accra" });
    expect(multiple).toMatchObject({ type: "multiple", earned: 1, available: 2, correct: false, key: "2; 4", answerText: "2" });
    expect(tf).toMatchObject({ type: "true_false", earned: 0, correct: false, key: "True" });
    expect(short).toMatchObject({ type: "short", earned: 0.5, correct: false, key: "KEY-Volta; KEY-Lake Volta (50%)" });
    expect(num).toMatchObject({ type: "numerical", earned: 3, available: 3, correct: true, key: "4321.5 ± 0.25 cm" });
    expect(written).toMatchObject({
      type: "written",
      earned: null,
      available: 4,
      marked: false,
      correct: false,
      correctAnswer: null,
      key: null,
      scheme: "SCHEME-WHOLE",
      answerText: "(a) It dries\n(b) Heat makes water a gas",
      parts: [
        { label: "a", marks: 1, scheme: "SCHEME-PART-A" },
        { label: "b", marks: 3, scheme: "SCHEME-PART-B" },
      ],
    });
    // Retry the wrong ones: written answers are not among them.
    expect(r.body.wrongQuestionIds).toEqual([ids[1], ids[2], ids[3]]);
    // The saved result reads the same, and the history summary carries the marks.
    const again = await call(t.app, { method: "GET", url: `/api/practice/${r.body.id}`, token: student });
    expect(again.body).toEqual(r.body);
    const history = await call(t.app, { method: "GET", url: "/api/practice", token: student });
    expect(history.body.results[0]).toMatchObject({ id: r.body.id, earned: 5.5, available: 8, percentage: 68.75 });
  });

  it("a practice of written answers only scores 0 of 0 and refuses nothing; malformed answers are 400", async () => {
    const r = await practise({ questionIds: [ids[5]], answers: [{ questionId: ids[5], answer: "Water turns to vapour" }] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ earned: 0, available: 0, percentage: 0, score: 0 });
    expect(r.body.results[0]).toMatchObject({ marked: false, answerText: "(a) Water turns to vapour\n(b) ", scheme: "SCHEME-WHOLE" });
    expect((await practise({ questionIds: [ids[4]], answers: [{ questionId: ids[4], answer: 12 }] })).status).toBe(400);
    expect((await practise({ questionIds: [ids[4]], answers: [{ questionId: ids[4], answer: "x".repeat(20_001) }] })).status).toBe(400);
    // Unanswered and nonsense: 0 marks, no 500.
    const nonsense = await practise({
      questionIds: [ids[1], ids[4]],
      answers: [
        { questionId: ids[1], answer: "[not json" },
        { questionId: ids[4], answer: "abc" },
      ],
    });
    expect(nonsense.status).toBe(201);
    expect(nonsense.body).toMatchObject({ earned: 0, available: 5 });
  });
});
