import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GRADING_MESSAGES as M } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { submitAnswers } from "../../../test/grading";
import { submissions } from "../../db/schema";
import { answersFor, AT, createEveryTypeQuiz, FULL_ANSWERS } from "./every-type.fixture";

const t = useTestApp();
const db = () => t.database.db;
const grade = (token: string, id: number, payload: object) => call(t.app, { method: "PUT", url: `/api/submissions/${id}/grade`, token, payload });
const ungraded = (token: string, quizId: number) => call(t.app, { method: "GET", url: `/api/submissions/${quizId}/ungraded`, token });

/** A quiz of every type and one student's sitting with full marks on every auto-marked question and a written answer. */
async function sitting(given: (string | null)[] = FULL_ANSWERS) {
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  const { quizId, ids } = await createEveryTypeQuiz(t.app, teacher.token, course.id);
  const student = await signedIn(db(), { role: "student" });
  const result = await submitAnswers(t.app, student.token, quizId, answersFor(ids, given));
  return { teacher, course, quizId, ids, student, result, submissionId: result.submission.id as number };
}

describe("teacher marks as numbers (issue 27)", () => {
  it("a sitting waits for the written answer; the automatic part is out of the auto-marked questions", async () => {
    const s = await sitting();
    // Auto-marked: 1 + 2 + 1 + 1 + 2 + 1 = 8 marks, all earned; the written answer waits.
    expect(s.result).toMatchObject({ score: 100, graded: false });
    const [row] = await db().select().from(submissions).where(eq(submissions.id, s.submissionId));
    expect(row.itemMarks).toEqual([
      { questionId: s.ids[AT.single], earned: 1, available: 1 },
      { questionId: s.ids[AT.multiple], earned: 2, available: 2 },
      { questionId: s.ids[AT.trueFalse], earned: 1, available: 1 },
      { questionId: s.ids[AT.short], earned: 1, available: 1 },
      { questionId: s.ids[AT.numerical], earned: 2, available: 2 },
      { questionId: s.ids[AT.written], earned: null, available: 5 },
      { questionId: s.ids[AT.equation], earned: 1, available: 1 },
    ]);
  });

  it("the grading screen reads per question: type, marks, earned, the answer described and raw, parts, and the key and scheme beside it", async () => {
    const s = await sitting();
    const r = await ungraded(s.teacher.token, s.quizId);
    expect(r.status).toBe(200);
    const answers = r.body.data[0].answers;
    expect(answers[AT.multiple]).toMatchObject({
      type: "multiple",
      marks: 2,
      earned: 2,
      correct: true,
      needsGrading: false,
      answer: '["2","5"]',
      answerText: "2; 5",
      key: "2; 5",
      correctAnswer: "2; 5",
      parts: [],
      scheme: null,
    });
    expect(answers[AT.short]).toMatchObject({ type: "short", key: "Volta; Lake Volta", answerText: "  lake VOLTA ", earned: 1 });
    expect(answers[AT.numerical]).toMatchObject({ type: "numerical", key: "12.5 ± 0.5 cm", unit: "cm", earned: 2 });
    expect(answers[AT.trueFalse]).toMatchObject({ type: "true_false", key: "True", earned: 1 });
    expect(answers[AT.equation]).toMatchObject({
      type: "single",
      text: "Evaluate 2^3 × 2",
      equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
    });
    expect(answers[AT.written]).toMatchObject({
      type: "written",
      marks: 5,
      earned: null,
      correct: null,
      needsGrading: true,
      key: null,
      correctAnswer: null,
      scheme: "SCHEME-WHOLE: light, water, carbon dioxide",
      answerText: "(a) water and carbon dioxide\n(b) carbon dioxide + water -> glucose + oxygen",
      parts: [
        { label: "a", marks: 2, answer: "water and carbon dioxide", scheme: "SCHEME-A: name the raw materials" },
        { label: "b", marks: 3, answer: "carbon dioxide + water -> glucose + oxygen", scheme: "SCHEME-B: give the word equation" },
      ],
    });
  });

  it("grades with marks: the score is marks earned over marks available; item_marks and the screen follow; old { correct } still taken", async () => {
    const s = await sitting();
    const w = s.ids[AT.written];
    const r = await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: w, marks: 3.5 }] });
    expect(r.status).toBe(200);
    // 8 auto + 3.5 of 5 = 11.5 of 13.
    expect(r.body).toMatchObject({ score: 88.46, graded: true, gradedBy: "marks", ungradedCount: 0, marksEarned: 11.5, marksAvailable: 13 });
    const [row] = await db().select().from(submissions).where(eq(submissions.id, s.submissionId));
    expect(row.itemMarks!.find((m) => m.questionId === w)).toEqual({ questionId: w, earned: 3.5, available: 5 });
    expect(row.marks).toEqual([{ questionId: w, marks: 3.5 }]);
    // Zero marks: 8 of 13.
    expect((await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: w, marks: 0 }] })).body).toMatchObject({ score: 61.54, graded: true });
    // The older form: right is full marks.
    expect((await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: w, correct: true }] })).body).toMatchObject({ score: 100 });
    expect((await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: w, marks: 0.01 }] })).body.score).toBe(61.62);
  });

  it("the screen shows a mark already given (earned) on a submission that still waits", async () => {
    const s = await sitting();
    await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: s.ids[AT.written], marks: 4 }] });
    // Graded now: the list is empty; a second student's sitting waits, the first's marks never leak into it.
    const student2 = await signedIn(db(), { role: "student" });
    await submitAnswers(t.app, student2.token, s.quizId, answersFor(s.ids, [null, null, "False", "Lake Tano", "20", "Light", null]));
    const r = await ungraded(s.teacher.token, s.quizId);
    expect(r.body.data).toHaveLength(1);
    const a = r.body.data[0].answers;
    expect(a.map((x: { earned: number | null }) => x.earned)).toEqual([0, 0, 0, 0, 0, null, 0]);
    // A written answer in parts given as plain text: it is part (a); (b) is empty.
    expect(a[AT.written].parts.map((p: { answer: string }) => p.answer)).toEqual(["Light", ""]);
    expect(r.body.data[0]).toMatchObject({ score: 0, correct: 0, total: 6 });
  });

  it("refuses: a student (403), a teacher of another course (403), marks above the question's (400), negative (400), unknown question (400), malformed (400)", async () => {
    const s = await sitting();
    const w = s.ids[AT.written];
    const other = await signedIn(db(), { role: "teacher" });
    expect((await grade(s.student.token, s.submissionId, { marks: [{ questionId: w, marks: 1 }] })).status).toBe(403);
    expect(await grade(other.token, s.submissionId, { marks: [{ questionId: w, marks: 1 }] })).toMatchObject({
      status: 403,
      body: { error: M.ownCoursesOnly },
    });
    expect(await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: w, marks: 5.01 }] })).toMatchObject({
      status: 400,
      body: { error: "Question 6 is worth 5 marks: give 0 to 5" },
    });
    const bad = [
      { marks: [{ questionId: w, marks: -1 }] },
      { marks: [{ questionId: w, marks: 1.005 }] },
      { marks: [{ questionId: w, marks: "three" }] },
      { marks: [{ questionId: w }] },
      { marks: [{ questionId: w, marks: 101 }] },
      { marks: [{ questionId: 999_999, marks: 1 }] },
      { marks: [{ questionId: s.ids[AT.single], marks: 1 }] },
      { marks: [] },
      { marks: [{ questionId: w, marks: 1 }], finalScore: 50 },
    ];
    for (const payload of bad) {
      const r = await grade(s.teacher.token, s.submissionId, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(typeof r.body.error, JSON.stringify(payload)).toBe("string");
    }
    expect((await grade(s.teacher.token, 999_999, { marks: [{ questionId: w, marks: 1 }] })).status).toBe(404);
    // Nothing changed.
    const [row] = await db().select().from(submissions).where(eq(submissions.id, s.submissionId));
    expect(row).toMatchObject({ graded: false, marks: null });
  });

  it("re-marks with types when a key changes: score and item_marks follow, the teacher's marks stay", async () => {
    const s = await sitting(["Accra", null, "True", "Tano", "20 cm", "An answer", "16"]);
    // Auto: 1 + 0 + 1 + 0 + 0 + 1 = 3 of 8.
    expect(s.result).toMatchObject({ score: 37.5, graded: false });
    await grade(s.teacher.token, s.submissionId, { marks: [{ questionId: s.ids[AT.written], marks: 2.5 }] });
    const qs = await call(t.app, { method: "GET", url: `/api/quizzes/${s.quizId}`, token: s.teacher.token });
    // The teacher changes the numerical key to 20 and adds "Tano" to the short answers.
    const questions = qs.body.questions.map((q: Record<string, unknown>) =>
      q.id === s.ids[AT.numerical]
        ? { ...q, value: 20 }
        : q.id === s.ids[AT.short]
          ? { ...q, accepted: [...(q.accepted as object[]), { text: "Tano", fraction: 50 }] }
          : q,
    );
    const put = await call(t.app, { method: "PUT", url: `/api/quizzes/${s.quizId}/questions`, token: s.teacher.token, payload: { questions } });
    expect(put.status, put.raw).toBe(200);
    const [row] = await db().select().from(submissions).where(eq(submissions.id, s.submissionId));
    // 3 + 2 (numerical) + 0.5 (short) + 2.5 (written) = 8 of 13.
    expect(row).toMatchObject({ score: 61.54, graded: true });
    const marks = new Map(row.itemMarks!.map((m) => [m.questionId, m.earned]));
    expect([marks.get(s.ids[AT.numerical]), marks.get(s.ids[AT.short]), marks.get(s.ids[AT.written])]).toEqual([2, 0.5, 2.5]);
  });
});
