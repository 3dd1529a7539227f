import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { questions, quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { pngBytes } from "../../../test/uploads";
import { insertFileRow } from "../../services/files/files.service";

/**
 * Issue 25 item 2 (decision 043): a bank question that a quiz a student could still take holds (copied into
 * it by "Use in a quiz", or the same text) is withheld from every student route of the bank — list, groups,
 * one question, its pictures, practice — and answers 404 exactly as an unknown id, until that quiz closes or
 * its answers are released. Staff keep reading all of it.
 */

const t = useTestApp();
let admin: string;
let teacher: { id: number; token: string };
let student: string;
let courseId: number;
let pictureId: number;
beforeAll(async () => {
  admin = (await signedIn(db(), { role: "admin" })).token;
  const tt = await signedIn(db(), { role: "teacher" });
  teacher = { id: tt.user.id, token: tt.token };
  // A JHS 1 student: the quizzes below are for JHS 2, and still withhold their questions from every level.
  student = (await signedIn(db(), { role: "student", studentType: "jhs1" })).token;
  courseId = (await buildCourse(db(), { teacherId: teacher.id })).id;
  const data = pngBytes();
  const { sha256, size } = await t.app.storage.put(data);
  pictureId = (await insertFileRow(db(), { sha256, size, name: "map.png", mimeType: "image/png" }, teacher.id)).id;
});

const db = () => t.database.db;
const get = (url: string, token: string) => call(t.app, { method: "GET", url, token });
const post = (url: string, token: string, payload: object) => call(t.app, { method: "POST", url, token, payload });

let groupYear = 2000;
/** A fresh bank group of `n` questions ("<tag> question i"), answers "<tag>-KEY-i"; answers their rows in order. */
async function bankGroup(tag: string, n: number, withPicture = false) {
  const year = ++groupYear;
  const list = Array.from({ length: n }, (_, i) => ({
    text: `${tag} question ${i + 1}: pick the key`,
    options: [`${tag}-KEY-${i + 1}`, `${tag}-wrong-${i + 1}`, `${tag}-other-${i + 1}`],
    answer: `${tag}-KEY-${i + 1}`,
    ...(withPicture && i === 0 ? { imageIds: [pictureId] } : {}),
  }));
  const saved = await post("/api/questions/bulk", teacher.token, { questions: list, metadata: { year, subject: "Science", section: "A" } });
  expect(saved.status).toBe(201);
  const rows = (await get(`/api/questions?year=${year}&subject=Science&limit=100`, admin)).body.questions as {
    id: number;
    text: string;
    options: string[];
    answer: string;
  }[];
  return { year, rows };
}

/** "Use in a quiz": the web sends the chosen bank questions' content (not their ids). */
async function useInQuiz(rows: { text: string; options: string[]; answer: string }[]) {
  const r = await post("/api/quizzes/from-questions", teacher.token, {
    title: "From the bank",
    courseId,
    studentType: "jhs2",
    questions: rows.map((q) => ({ text: q.text, options: q.options, answer: q.answer })),
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

const ids = (body: { questions: { id: number }[] }) => body.questions.map((q) => q.id);
const practise = (token: string, questionIds: number[]) =>
  post("/api/practice", token, { questionIds, answers: questionIds.map((questionId) => ({ questionId, answer: null })) });

describe("bank questions of a quiz a student could still take", () => {
  it("are withheld from every student route of the bank, answering 404 as an unknown id does", async () => {
    const { year, rows } = await bankGroup("ALPHA", 3, true);
    const [b1, b2, b3] = rows;
    const quizId = await useInQuiz([b1, b2]);
    // The quiz's copies name their bank source.
    const copies = await db().select({ source: questions.sourceQuestionId }).from(questions).where(eq(questions.quizId, quizId));
    expect(copies.map((c) => c.source).sort()).toEqual([b1.id, b2.id].sort());

    const list = await get(`/api/questions?year=${year}&subject=Science`, student);
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([b3.id]);
    expect(list.body.pagination.total).toBe(1);
    const groups = await get(`/api/questions/groups?year=${year}`, student);
    expect(groups.body.groups).toEqual([expect.objectContaining({ year, count: 1 })]);
    const search = await get(`/api/questions?search=ALPHA`, student);
    expect(ids(search.body)).toEqual([b3.id]);

    const unknown = await get(`/api/questions/99999999`, student);
    for (const id of [b1.id, b2.id]) {
      const one = await get(`/api/questions/${id}`, student);
      expect(one.status).toBe(404);
      expect(one.raw).toBe(unknown.raw);
    }
    expect((await get(`/api/questions/${b3.id}`, student)).status).toBe(200);

    const noPicture = await get(`/api/questions/99999999/images/1`, student);
    for (const url of [`/api/questions/${b1.id}/images/1`, `/api/questions/${b1.id}/images/1/link`]) {
      const r = await get(url, student);
      expect(r.status).toBe(404);
      expect(r.raw).toBe(noPicture.raw);
    }

    const unknownPractice = await practise(student, [99999999]);
    expect(unknownPractice.status).toBe(404);
    for (const set of [[b1.id], [b2.id], [b3.id, b1.id]]) {
      const r = await practise(student, set);
      expect(r.status).toBe(404);
      expect(r.raw).toBe(unknownPractice.raw);
      expect(r.raw).not.toContain("ALPHA-KEY");
    }
    const fine = await practise(student, [b3.id]);
    expect(fine.status).toBe(201);
    expect(fine.body.results[0].correctAnswer).toBe("ALPHA-KEY-3");

    // Staff read all of it, keys included.
    for (const token of [teacher.token, admin]) {
      expect(ids((await get(`/api/questions?year=${year}&subject=Science`, token)).body)).toEqual([b1.id, b2.id, b3.id]);
      expect((await get(`/api/questions/${b1.id}`, token)).body.answer).toBe("ALPHA-KEY-1");
      expect((await get(`/api/questions/${b1.id}/images/1`, token)).status).toBe(200);
      expect((await practise(token, [b1.id])).status).toBe(201);
    }
  });

  it("come back once the teacher releases the quiz's answers (a quiz without a close time never closes)", async () => {
    const { year, rows } = await bankGroup("BETA", 2, true);
    const quizId = await useInQuiz([rows[0]]);
    expect(ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body)).toEqual([rows[1].id]);
    expect((await post(`/api/quizzes/${quizId}/release-answers`, teacher.token, {})).status).toBe(200);
    expect(ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body)).toEqual([rows[0].id, rows[1].id]);
    expect((await get(`/api/questions/${rows[0].id}/images/1`, student)).status).toBe(200);
    const r = await practise(student, [rows[0].id]);
    expect(r.status).toBe(201);
    expect(r.body.results[0].correctAnswer).toBe("BETA-KEY-1");
  });

  it("stay withheld when the quiz's copy is edited, through the source it names", async () => {
    const { year, rows } = await bankGroup("GAMMA", 1);
    const quizId = await useInQuiz(rows);
    await db().update(questions).set({ text: "A reworded question" }).where(eq(questions.quizId, quizId));
    expect(ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body)).toEqual([]);
    expect((await practise(student, [rows[0].id])).status).toBe(404);
  });

  it("are found by fingerprint when a quiz saves them in other spacing and case", async () => {
    const { year, rows } = await bankGroup("DELTA", 2);
    const typed = { text: `  ${rows[0].text.toUpperCase().replace(/ /g, "   ")} `, options: rows[0].options.map((o) => o.toLowerCase()), answer: null };
    const r = await post("/api/quizzes/from-questions", teacher.token, { title: "Typed again", courseId, studentType: "jhs3", questions: [typed] });
    expect(r.status).toBe(201);
    const [copy] = await db().select().from(questions).where(eq(questions.quizId, r.body.id));
    expect(copy.sourceQuestionId).toBe(rows[0].id);
    expect(ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body)).toEqual([rows[1].id]);
  });

  it("follow the quiz's window: withheld while upcoming, open or a draft; served once it has closed", async () => {
    const now = Date.now();
    const cases = [
      { name: "upcoming", values: { openTime: new Date(now + 86_400_000), closeTime: new Date(now + 2 * 86_400_000) }, withheld: true },
      { name: "open", values: { openTime: new Date(now - 86_400_000), closeTime: new Date(now + 86_400_000) }, withheld: true },
      { name: "closing in a minute", values: { openTime: new Date(now - 86_400_000), closeTime: new Date(now + 60_000) }, withheld: true },
      { name: "closed", values: { openTime: new Date(now - 2 * 86_400_000), closeTime: new Date(now - 86_400_000) }, withheld: false },
      {
        name: "a draft whose dates have passed",
        values: { status: "draft", openTime: new Date(now - 2 * 86_400_000), closeTime: new Date(now - 86_400_000) },
        withheld: true,
      },
      {
        name: "open with its answers released",
        values: { openTime: new Date(now - 86_400_000), closeTime: new Date(now + 86_400_000), answersReleasedAt: new Date(now - 1000) },
        withheld: false,
      },
    ];
    for (const [i, c] of cases.entries()) {
      const { year, rows } = await bankGroup(`CASE${i}`, 1);
      // A copy that names no source (a quiz saved before sources were kept): the same text is enough.
      const { quiz } = await buildQuiz(db(), {
        ...c.values,
        studentType: "jhs3",
        questions: [{ text: rows[0].text, options: rows[0].options, answer: rows[0].answer }],
      });
      expect((await db().select().from(questions).where(eq(questions.quizId, quiz.id)))[0].sourceQuestionId).toBeNull();
      const listed = ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body);
      expect(listed, c.name).toEqual(c.withheld ? [] : [rows[0].id]);
      expect((await practise(student, [rows[0].id])).status, c.name).toBe(c.withheld ? 404 : 201);
      // Close it (or publish-and-close the draft): the question comes back.
      await db()
        .update(quizzes)
        .set({ status: "published", closeTime: new Date(now - 1000) })
        .where(eq(quizzes.id, quiz.id));
      expect(ids((await get(`/api/questions?year=${year}&subject=Science`, student)).body), c.name).toEqual([rows[0].id]);
    }
  });
});
