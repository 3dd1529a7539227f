import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { questions, quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";
import { buildDocx, buildPdf, picture } from "../../documents/test/build-files";

/** Issue 11: pictures of a Word paper survive into a quiz, and students meet them only inside their attempt. */

const t = useTestApp();
afterEach(() => t.clock.set(null));

const db = () => t.database.db;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const post = (url: string, token: string, payload: object) => call(t.app, { method: "POST", url, token, payload });
const put = (url: string, token: string, payload: object) => call(t.app, { method: "PUT", url, token, payload });
const get = (url: string, token: string) => call(t.app, { method: "GET", url, token });

type Parsed = { text: string; options: string[]; answer: string; imageIds?: number[] };

/** A teacher with a course, and a paper parsed by them: question 1 plain, question 2 with one picture. */
async function teacherWithPaper() {
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  const docx = await buildDocx([
    "1. Which is a prime number?",
    "A. 4",
    "B. 7",
    "Answer: B",
    "2. What is shown below?",
    picture(),
    "A. A cell",
    "B. A leaf",
    "Answer: A",
  ]);
  const r = await call(t.app, {
    method: "POST",
    url: "/api/questions/parse",
    token: teacher.token,
    payload: form({}, { attachment: { name: "paper.docx", bytes: Buffer.from(docx), type: DOCX } }) as never,
  });
  expect(r.status).toBe(200);
  const parsed = r.body.questions as Parsed[];
  expect(parsed[1].imageIds).toHaveLength(1);
  return { teacher, course, parsed };
}

/** The quiz form (multipart POST /quizzes). */
const postQuizForm = (token: string, payload: FormData) => call(t.app, { method: "POST", url: "/api/quizzes", token, payload: payload as never });

/** A JHS 2 quiz of one yes/no question that shows these pictures. */
const quizWithPicture = (token: string, courseId: number, title: string, text: string, imageIds: number[]) =>
  post("/api/quizzes/from-questions", token, { title, courseId, studentType: "jhs2", questions: [{ text, options: ["Yes", "No"], imageIds }] });

/** The upload-quiz screen's call: a quiz from the parsed questions, pictures included. */
async function quizFromPaper(token: string, courseId: number, parsed: Parsed[], studentType = "jhs2") {
  const r = await post("/api/quizzes/from-questions", token, {
    title: "Science paper",
    courseId,
    studentType,
    questions: parsed.map((q) => ({ text: q.text, options: q.options, answer: q.answer || null, imageIds: q.imageIds })),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

describe("pictures of quiz questions", () => {
  it("keeps a parsed DOCX's picture on the quiz question and shows it to the teacher", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const quizId = await quizFromPaper(teacher.token, course.id, parsed);
    const quiz = await get(`/api/quizzes/${quizId}`, teacher.token);
    expect(quiz.body.questions.map((q: { imageCount: number }) => q.imageCount)).toEqual([0, 1]);
    expect(quiz.body.questions[1].imageIds).toEqual(parsed[1].imageIds);
    const img = await get(`/api/questions/${quiz.body.questions[1].id}/images/1`, teacher.token);
    expect(img.status).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect((await get(`/api/questions/${quiz.body.questions[1].id}/images/2`, teacher.token)).status).toBe(404);
    expect((await get(`/api/questions/${quiz.body.questions[0].id}/images/1`, teacher.token)).status).toBe(404);
  });

  it("shows a student the picture only inside their attempt, never before, and never to others", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const quizId = await quizFromPaper(teacher.token, course.id, parsed);
    const [, withPicture] = await db().select().from(questions).where(eq(questions.quizId, quizId)).orderBy(questions.position);
    const url = `/api/questions/${withPicture.id}/images/1`;
    const student = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const classmate = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const otherLevel = await signedIn(db(), { role: "student", studentType: "jhs1" });
    const otherTeacher = await signedIn(db(), { role: "teacher" });
    await buildCourse(db(), { teacherId: otherTeacher.user.id });

    // Before starting: refused, and the signed link too (it would hand out the file).
    const before = await get(url, student.token);
    expect(before.status).toBe(403);
    expect(before.body.error).toMatch(/only during your attempt/);
    expect((await get(`${url}/link`, student.token)).status).toBe(403);
    // The student quiz detail never carries the questions, so no picture either.
    expect((await get(`/api/quizzes/${quizId}`, student.token)).body.questions).toBeUndefined();

    const started = await post(`/api/quizzes/${quizId}/attempts`, student.token, {});
    expect(started.status).toBe(201);
    expect(started.body.questions.map((q: { imageCount: number }) => q.imageCount)).toEqual([0, 1]);
    for (const q of started.body.questions) expect(q).not.toHaveProperty("imageIds");
    const during = await get(url, student.token);
    expect(during.status).toBe(200);
    expect(during.headers["content-type"]).toBe("image/png");
    const link = await get(`${url}/link`, student.token);
    expect(link.status).toBe(200);
    expect((await call(t.app, { method: "GET", url: link.body.url })).status).toBe(200);

    // Someone else's attempt opens nothing for a classmate; other levels and other teachers do not see the quiz.
    expect((await get(url, classmate.token)).status).toBe(403);
    expect((await get(url, otherLevel.token)).status).toBe(404);
    expect((await get(url, otherTeacher.token)).status).toBe(404);

    // After submitting, with the answers not released (no close time): refused again.
    expect((await post(`/api/attempts/${started.body.attemptId}/submit`, student.token, {})).status).toBe(200);
    expect((await get(url, student.token)).status).toBe(403);
    // Once the teacher releases the answers, the review shows the question and its picture.
    expect((await post(`/api/quizzes/${quizId}/release-answers`, teacher.token, {})).status).toBe(200);
    const review = await get(`/api/attempts/${started.body.attemptId}`, student.token);
    expect(review.body.result.review[1]).toMatchObject({ imageCount: 1 });
    expect((await get(url, student.token)).status).toBe(200);
    expect((await get(url, classmate.token)).status).toBe(403);
  });

  it("refuses the picture once the attempt's time is over", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const quizId = await quizFromPaper(teacher.token, course.id, parsed);
    const [, withPicture] = await db().select().from(questions).where(eq(questions.quizId, quizId)).orderBy(questions.position);
    await put(`/api/quizzes/${quizId}`, teacher.token, { title: "Timed", courseId: course.id, studentType: "jhs2", timeLimit: 5 });
    const student = await signedIn(db(), { role: "student", studentType: "jhs2" });
    const T0 = new Date("2031-03-01T09:00:00Z");
    t.clock.set(T0);
    expect((await post(`/api/quizzes/${quizId}/attempts`, student.token, {})).status).toBe(201);
    expect((await get(`/api/questions/${withPicture.id}/images/1`, student.token)).status).toBe(200);
    t.clock.set(new Date(T0.getTime() + 6 * 60_000));
    expect((await get(`/api/questions/${withPicture.id}/images/1`, student.token)).status).toBe(403);
  });

  it("keeps pictures on save, drops a removed one, and keeps them when a client leaves imageIds out", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const quizId = await quizFromPaper(teacher.token, course.id, parsed);
    const saved = (await get(`/api/quizzes/${quizId}`, teacher.token)).body.questions as {
      id: number;
      text: string;
      options: string[];
      answer: string | null;
      imageIds: number[];
    }[];
    const body = (imageIds: (q: (typeof saved)[number]) => number[] | undefined) => ({
      questions: saved.map((q) => ({ id: q.id, text: q.text, options: q.options, answer: q.answer, imageIds: imageIds(q) })),
    });
    // The editor sends every question back with its ids: nothing changes.
    let r = await put(
      `/api/quizzes/${quizId}/questions`,
      teacher.token,
      body((q) => q.imageIds),
    );
    expect(r.status).toBe(200);
    expect(r.body.questions[1].imageIds).toEqual(saved[1].imageIds);
    // An older client that knows nothing of pictures keeps them too.
    r = await put(
      `/api/quizzes/${quizId}/questions`,
      teacher.token,
      body(() => undefined),
    );
    expect(r.body.questions[1].imageCount).toBe(1);
    // Removing the picture in the editor sends an empty list.
    r = await put(
      `/api/quizzes/${quizId}/questions`,
      teacher.token,
      body(() => []),
    );
    expect(r.body.questions[1].imageCount).toBe(0);
    // The teacher may put it back: it is their own upload.
    r = await put(
      `/api/quizzes/${quizId}/questions`,
      teacher.token,
      body((q) => (q.id === saved[1].id ? saved[1].imageIds : [])),
    );
    expect(r.body.questions[1].imageIds).toEqual(saved[1].imageIds);
    // The full form (PUT /quizzes/{id}) carries them as well.
    r = await put(`/api/quizzes/${quizId}`, teacher.token, {
      title: "Science paper",
      courseId: course.id,
      studentType: "jhs2",
      questions: saved.map((q) => ({ id: q.id, text: q.text, options: q.options, answer: q.answer, imageIds: q.imageIds })),
    });
    expect(r.status).toBe(200);
    expect(r.body.questions[1].imageCount).toBe(1);
  });

  it("refuses pictures the caller may not use, and malformed ids, with 400 and never a 500", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const other = await teacherWithPaper();
    const foreign = other.parsed[1].imageIds!;
    const payload = (imageIds: unknown) => ({
      title: "Q",
      courseId: course.id,
      studentType: "jhs2",
      questions: [{ text: "What is shown?", options: ["A cell", "A leaf"], answer: "A cell", imageIds }],
    });
    const refused = async (imageIds: unknown, message: RegExp) => {
      const r = await post("/api/quizzes/from-questions", teacher.token, payload(imageIds));
      expect(r.status, JSON.stringify(imageIds)).toBe(400);
      expect(r.body.error).toMatch(message);
    };
    // Another teacher's upload, and a file that does not exist.
    await refused(foreign, /cannot use/);
    await refused([2_000_000_000], /cannot use/);
    // Malformed lists: named by the question's number.
    await refused(["1"], /^Question 1: Pictures must be a list/);
    await refused([0], /Pictures must be a list/);
    await refused([1.5], /Pictures must be a list/);
    await refused([-3], /Pictures must be a list/);
    await refused("12", /Pictures must be a list/);
    await refused([1e20], /Pictures must be a list/);
    await refused([parsed[1].imageIds![0], parsed[1].imageIds![0]], /appears twice/);
    await refused(
      Array.from({ length: 21 }, (_, i) => i + 1),
      /at most 20 pictures/,
    );
    // The same rule on the other write routes, including the multipart form.
    const quizId = await quizFromPaper(teacher.token, course.id, parsed);
    const saved = (await get(`/api/quizzes/${quizId}`, teacher.token)).body.questions as { id: number; text: string; options: string[] }[];
    const edit = await put(`/api/quizzes/${quizId}/questions`, teacher.token, {
      questions: saved.map((q) => ({ id: q.id, text: q.text, options: q.options, imageIds: foreign })),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatch(/cannot use/);
    const multipart = await postQuizForm(
      teacher.token,
      form({ title: "Form", courseId: String(course.id), studentType: "jhs2", questions: JSON.stringify(payload(foreign).questions) }),
    );
    expect(multipart.status).toBe(400);
    expect(multipart.body.error).toMatch(/cannot use/);
    // A file the teacher uploaded that is not an image (their quiz's PDF) is no picture.
    const withPdf = await postQuizForm(
      teacher.token,
      form(
        { title: "Paper", courseId: String(course.id), studentType: "jhs2" },
        { pdf: { name: "paper.pdf", bytes: Buffer.from(await buildPdf([{ lines: ["1. Hello"] }])), type: "application/pdf" } },
      ),
    );
    expect(withPdf.status, JSON.stringify(withPdf.body)).toBe(201);
    const [pdfRow] = await db().select({ id: quizzes.pdfFileId }).from(quizzes).where(eq(quizzes.id, withPdf.body.id));
    await refused([pdfRow.id], /cannot use/);
    // Nothing was changed by the refused edit.
    expect((await get(`/api/quizzes/${quizId}`, teacher.token)).body.questions[1].imageIds).toEqual(parsed[1].imageIds);
  });

  it("lets a teacher reuse a picture of a quiz they manage, and an admin any quiz's picture", async () => {
    const { teacher, course, parsed } = await teacherWithPaper();
    const first = await quizFromPaper(teacher.token, course.id, parsed);
    const ids = (await get(`/api/quizzes/${first}`, teacher.token)).body.questions[1].imageIds as number[];
    const admin = await signedIn(db(), { role: "admin" });
    const r = await quizWithPicture(admin.token, course.id, "Copy", "Again?", ids);
    expect(r.status).toBe(201);
    const copy = await get(`/api/quizzes/${r.body.id}`, teacher.token);
    expect(copy.body.questions[0].imageIds).toEqual(ids);
    // A bank question's picture is open to every teacher: another teacher may put it on their quiz.
    const other = await teacherWithPaper();
    const banked = await post("/api/questions/bulk", other.teacher.token, {
      questions: [{ ...other.parsed[1], answer: other.parsed[1].options[0] }],
      metadata: { year: 2019, subject: `Science ${Date.now()}`, section: "A" },
    });
    expect(banked.status).toBe(201);
    const bankIds = other.parsed[1].imageIds!;
    const fromBank = await quizWithPicture(teacher.token, course.id, "From the bank", "Bank picture?", bankIds);
    expect(fromBank.status).toBe(201);
  });

  it("documents the pictures of quiz questions in the OpenAPI document", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/docs/json" });
    const body = r.body.paths["/api/quizzes/from-questions"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(body)).toContain('"imageIds"');
    const edit = r.body.paths["/api/quizzes/{id}/questions"].put.requestBody.content["application/json"].schema;
    expect(JSON.stringify(edit)).toContain('"imageIds"');
    expect(r.body.paths["/api/questions/{id}/images/{n}"].get.summary).toMatch(/only inside their running attempt/);
  });
});
