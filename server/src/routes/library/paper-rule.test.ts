import { beforeAll, describe, expect, it } from "vitest";
import { attempts } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { pdfBytes } from "../../../test/uploads";
import { insertFileRow } from "../../services/files/files.service";
import { PAPER_CASES, PAPER_T0 } from "../../policies/quiz-paper.cases";

/**
 * The quiz paper rule (issue 25 item 4, decision 043) on a real database: for each shared case, the student's
 * library (the rule's SQL form) lists the quiz's paper exactly when GET /quizzes/{id}/pdf and its link give it,
 * and both agree with quiz.policy's paperRefusal (the same cases in quiz.policy.test.ts).
 */

const t = useTestApp();
let courseId: number;
let teacher: string;
beforeAll(async () => {
  const tt = await signedIn(t.database.db, { role: "teacher" });
  teacher = tt.token;
  courseId = (await buildCourse(t.database.db, { teacherId: tt.user.id })).id;
});

const at = (ms: number | null) => (ms === null ? null : new Date(PAPER_T0 + ms));

describe("the quiz paper rule, through GET /library and GET /quizzes/{id}/pdf", () => {
  it.each(PAPER_CASES)("$name", async (c) => {
    const db = t.database.db;
    const student = await signedIn(db, { role: "student", studentType: "jhs1" });
    const { sha256, size } = await t.app.storage.put(pdfBytes(c.name.length));
    const file = await insertFileRow(db, { sha256, size, name: "paper.pdf", mimeType: "application/pdf" }, student.user.id);
    const { quiz } = await buildQuiz(db, {
      courseId,
      title: `Paper: ${c.name}`,
      studentType: "jhs1",
      openTime: at(c.quiz.open),
      closeTime: at(c.quiz.close),
      status: c.quiz.status,
      pdfFileId: file.id,
    });
    if (c.attempt)
      await db.insert(attempts).values({
        quizId: quiz.id,
        userId: student.user.id,
        attemptNumber: 1,
        status: c.attempt.status,
        startedAt: new Date(PAPER_T0 - 60_000),
        deadline: at(c.attempt.deadline),
        submittedAt: c.attempt.status === "submitted" ? new Date(PAPER_T0 - 1000) : null,
      });
    t.clock.freeze(new Date(PAPER_T0));
    try {
      const library = await call(t.app, { method: "GET", url: "/api/library?type=quiz-pdf&limit=100", token: student.token });
      expect(library.status).toBe(200);
      const listed = (library.body.data as { id: string }[]).some((i) => i.id === `quiz-pdf-${quiz.id}`);
      expect(listed).toBe(c.expected === null);
      const expectedStatus = c.expected === null ? 200 : c.expected === "hidden" ? 404 : 403;
      const pdf = await call(t.app, { method: "GET", url: `/api/quizzes/${quiz.id}/pdf`, token: student.token });
      expect(pdf.status).toBe(expectedStatus);
      if (c.expected === null) expect(pdf.raw.startsWith("%PDF-")).toBe(true);
      if (c.expected === "notNow") expect(pdf.body).toEqual({ error: "The question paper is given only during your attempt, or once the quiz has closed" });
      if (c.expected === "notOpen") expect(pdf.body).toEqual({ error: "Quiz is not open yet" });
      const link = await call(t.app, { method: "GET", url: `/api/quizzes/${quiz.id}/pdf/link`, token: student.token });
      expect(link.status).toBe(expectedStatus);
      // Staff who see the quiz always have its paper.
      expect((await call(t.app, { method: "GET", url: `/api/quizzes/${quiz.id}/pdf`, token: teacher })).status).toBe(200);
    } finally {
      t.clock.freeze(null);
    }
  });
});
