import { describe, expect, it } from "vitest";
import { encodeChoices, encodeParts } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { submitAnswers } from "../../../test/grading";
import { answersFor, AT, createEveryTypeQuiz, FULL_ANSWERS } from "../grading/every-type.fixture";

/** Item analysis of every question type (issue 27): facility from marks, discrimination for auto-marked, written marks' distribution. */
const t = useTestApp();
const db = () => t.database.db;

describe("item analysis of every type", () => {
  it("gives facility for all types, discrimination for auto-marked ones and the distribution of marks for written answers", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id });
    const { quizId, ids } = await createEveryTypeQuiz(t.app, teacher.token, course.id);
    const sit = async (given: (string | null)[]) => {
      const s = await signedIn(db(), { role: "student" });
      return (await submitAnswers(t.app, s.token, quizId, answersFor(ids, given))).submission.id as number;
    };
    const written = encodeParts(["something", "more"]);
    const s1 = await sit(FULL_ANSWERS);
    const s2 = await sit(["Kumasi", encodeChoices(["4", "9"]), "False", "Tano", "20", written, "8"]);
    await sit(["Accra", encodeChoices(["2"]), "True", "x", "1", written, "8"]);
    const grade = (id: number, marks: number) =>
      call(t.app, { method: "PUT", url: `/api/submissions/${id}/grade`, token: teacher.token, payload: { marks: [{ questionId: ids[AT.written], marks }] } });
    expect((await grade(s1, 5)).status).toBe(200);
    expect((await grade(s2, 1)).status).toBe(200);

    const r = await call(t.app, { method: "GET", url: `/api/performance/quiz-details/${quizId}`, token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body.itemAnalysis).toMatchObject({ students: 3, groupSize: 1 });
    const items = r.body.items;
    // Ranked: s1 (100), s3 (37.5, waiting), s2 (7.69): upper s1, lower s2.
    expect(items[AT.single]).toMatchObject({ type: "single", marks: 1, facility: 0.667, discrimination: 1, key: "Accra", marked: 3 });
    expect(items[AT.multiple]).toMatchObject({
      type: "multiple",
      marks: 2,
      marked: 3,
      facility: 0.5,
      discrimination: 1,
      meanMarks: 1,
      upperCorrect: 1,
      lowerCorrect: 0,
      key: "2; 5",
      marksDistribution: [],
    });
    expect(items[AT.multiple].options.map((o: { text: string; isKey: boolean; count: number }) => [o.text, o.isKey, o.count])).toEqual([
      ["2", true, 2],
      ["4", false, 1],
      ["5", true, 1],
      ["9", false, 1],
    ]);
    expect(items[AT.trueFalse]).toMatchObject({ type: "true_false", facility: 0.667, discrimination: 1, key: "True" });
    expect(items[AT.trueFalse].options.map((o: { count: number }) => o.count)).toEqual([2, 1]);
    expect(items[AT.short]).toMatchObject({ type: "short", facility: 0.333, discrimination: 1, key: "Volta; Lake Volta" });
    expect(items[AT.numerical]).toMatchObject({ type: "numerical", marks: 2, facility: 0.333, discrimination: 1, meanMarks: 0.67, key: "12.5 ± 0.5 cm" });
    expect(items[AT.written]).toMatchObject({
      type: "written",
      marks: 5,
      marked: 2,
      facility: 0.6,
      discrimination: null,
      meanMarks: 3,
      key: null,
      flags: [],
      marksDistribution: [
        { marks: 0, count: 0 },
        { marks: 1, count: 1 },
        { marks: 2, count: 0 },
        { marks: 3, count: 0 },
        { marks: 4, count: 0 },
        { marks: 5, count: 1 },
      ],
    });
    // A second read (the stored counts) agrees.
    const again = await call(t.app, { method: "GET", url: `/api/performance/quiz-details/${quizId}`, token: teacher.token });
    expect(again.body.items).toEqual(items);

    // The performance export's student rows: the score is marks earned over marks available; the marks beside it.
    const csv = await call(t.app, { method: "GET", url: `/api/performance/export?quizIds=${quizId}&includeStudentDetails=true`, token: teacher.token });
    expect(csv.status).toBe(200);
    const lines = csv.raw
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(","));
    expect(lines[0].slice(-2)).toEqual(["Marks", "Marks Available"]);
    expect(
      lines
        .slice(1)
        .map((l) => [l[6], l[11], l[12], l[13]])
        .sort(),
    ).toEqual([
      ["100", "Yes", "13", "13"],
      ["37.5", "Pending", "3", "13"],
      ["7.69", "No", "1", "13"],
    ]);

    // A key of another type is not fixed from item analysis; students never read it.
    const fix = await call(t.app, {
      method: "PUT",
      url: `/api/performance/quiz-details/${quizId}/items/${ids[AT.multiple]}/key`,
      token: teacher.token,
      payload: { answer: "4" },
    });
    expect(fix.status).toBe(400);
    const student = await signedIn(db(), { role: "student" });
    expect((await call(t.app, { method: "GET", url: `/api/performance/quiz-details/${quizId}`, token: student.token })).status).toBe(403);
  });
});
