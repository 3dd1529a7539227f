import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEADLINE_GRACE_MS, encodeChoices, encodeParts } from "@adesua/domain";
import { submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { AT, createEveryTypeQuiz } from "./every-type.fixture";

/** Late answers of every type (issue 27, decision 044): shown with their marks, and marked by type once accepted. */
const t = useTestApp();
afterEach(() => t.clock.set(null));
const db = () => t.database.db;

describe("late answers of every type", () => {
  it("shows each late answer's type, marks and key; accepting re-marks the submission by type and keeps item_marks", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id });
    const { quizId, ids } = await createEveryTypeQuiz(t.app, teacher.token, course.id, { timeLimit: "10" });
    const student = await signedIn(db(), { role: "student" });
    t.clock.set(new Date(Date.now() + 60_000));
    const a = await call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token: student.token });
    expect(a.status).toBe(201);
    const attemptId = a.body.attemptId as number;
    const save = (answers: { questionId: number; answer: string }[]) =>
      call(t.app, { method: "PUT", url: `/api/attempts/${attemptId}/answers`, token: student.token, payload: { answers } });
    expect((await save([{ questionId: ids[AT.single], answer: "Accra" }])).status).toBe(200);
    t.clock.set(new Date(new Date(a.body.deadline).getTime() + DEADLINE_GRACE_MS + 60_000));
    const late = await save([
      { questionId: ids[AT.multiple], answer: encodeChoices(["2"]) },
      { questionId: ids[AT.short], answer: "volta" },
      { questionId: ids[AT.numerical], answer: "12.4 cm" },
      { questionId: ids[AT.written], answer: encodeParts(["late a", "late b"]) },
    ]);
    expect(late.status).toBe(202);
    const [sub] = await db().select().from(submissions).where(eq(submissions.attemptId, attemptId));
    // In time: the single answer only, 1 of 8 auto-marked marks.
    expect(sub).toMatchObject({ score: 12.5 });

    const shown = await call(t.app, { method: "GET", url: `/api/submissions/${sub.id}/late-answers`, token: teacher.token });
    expect(shown.status).toBe(200);
    const byType = Object.fromEntries(shown.body.answers.map((x: { type: string }) => [x.type, x]));
    expect(byType.multiple).toMatchObject({ marks: 2, earned: 1, correct: false, correctAnswer: "2; 5", answerText: "2" });
    expect(byType.short).toMatchObject({ marks: 1, earned: 1, correct: true, correctAnswer: "Volta; Lake Volta" });
    expect(byType.numerical).toMatchObject({ marks: 2, earned: 2, correct: true, correctAnswer: "12.5 ± 0.5 cm" });
    expect(byType.written).toMatchObject({ marks: 5, earned: null, correct: null, correctAnswer: null, answerText: "(a) late a\n(b) late b" });

    const accepted = await call(t.app, { method: "POST", url: `/api/submissions/${sub.id}/late-answers/accept`, token: teacher.token });
    expect(accepted.status, accepted.raw).toBe(200);
    // 1 + 1 + 1 + 2 = 5 of 8; the written answer now waits for the teacher.
    expect(accepted.body.after).toMatchObject({ score: 62.5, graded: false });
    const [after] = await db().select().from(submissions).where(eq(submissions.id, sub.id));
    const marks = new Map(after.itemMarks!.map((m) => [m.questionId, m.earned]));
    expect([AT.single, AT.multiple, AT.short, AT.numerical, AT.written].map((i) => marks.get(ids[i]))).toEqual([1, 1, 1, 2, null]);
    expect(after.ungradedAnswers).toEqual([{ questionId: ids[AT.written], answer: encodeParts(["late a", "late b"]) }]);
  });
});
