import { describe, expect, it } from "vitest";
import { gradebookCells, gradebooks, mockMarks, mockPapers, mocks, mockSubjects, submissions } from "../../db/schema";
import { useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { api, studentsOf } from "../../../test/terms";
import { termReports } from "./reports.service";

/**
 * Where the components' percentages come from: a quiz (the best submitted score, a teacher's manual score first), a
 * gradebook column (the cell out of the column's outOf; text cells ignored), a mock paper (the entered mark out of
 * the paper's outOf, else the paper's quiz score).
 */
const t = useTestApp();
const db = () => t.database.db;

describe("report components read quizzes, gradebook columns and mock papers", () => {
  it("takes each source's percentage as the rules say", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    const [abu, baaba, ceci] = await studentsOf(db(), "jhs1", "Q", ["Abu", "Baaba", "Ceci"]);
    const { quiz } = await buildQuiz(db(), { studentType: "jhs1" });
    const sub = (userId: number, score: number | null, manualScore: number | null = null) => ({
      quizId: quiz.id,
      userId,
      score,
      manualScore,
      correct: 0,
      total: 3,
    });
    // Abu: best of 40 and 80 → 80; Baaba: 90 computed but 60 given by the teacher → 60; Ceci: ungraded only → missing.
    await db()
      .insert(submissions)
      .values([sub(abu.id, 40), sub(abu.id, 80), sub(baaba.id, 90, 60), sub(ceci.id, null)]);
    const [gb] = await db()
      .insert(gradebooks)
      .values({
        name: "CA",
        studentType: "jhs1",
        columns: [
          { key: "c1", name: "Student", type: "text", outOf: null },
          { key: "c2", name: "Project", type: "number", outOf: 20 },
        ],
      })
      .returning();
    await db()
      .insert(gradebookCells)
      .values([
        { tableId: gb.id, studentId: abu.id, columnKey: "c2", value: "15" },
        { tableId: gb.id, studentId: baaba.id, columnKey: "c2", value: "20" },
      ]);
    const [mock] = await db().insert(mocks).values({ title: "Mock 1", studentType: "jhs1" }).returning();
    const [ms] = await db().insert(mockSubjects).values({ mockId: mock.id, name: "Maths" }).returning();
    const [paper] = await db()
      .insert(mockPapers)
      .values({ mockId: mock.id, subjectId: ms.id, name: "Paper 1", kind: "quiz", quizId: quiz.id, outOf: 50, startsAt: new Date(), durationMinutes: 60 })
      .returning();
    // Abu sat Paper 1 on paper (40/50 = 80 %); Baaba on a device (the quiz: 60); Ceci not at all.
    await db().insert(mockMarks).values({ paperId: paper.id, studentId: abu.id, mark: 40 });

    const term = (await a.createTerm(admin.token, { classWeight: 50, examWeight: 50 })).body;
    const made = await a.addSubject(admin.token, term.id, {
      level: "jhs1",
      name: "Mathematics",
      components: [
        { part: "class", kind: "quiz", name: "Quiz", quizId: quiz.id },
        { part: "class", kind: "gradebook", name: "Project", gradebookId: gb.id, columnKey: "c2" },
        { part: "exam", kind: "mock", name: "Mock", mockPaperId: paper.id },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const viewer = { id: admin.user.id, role: "admin" as const, studentType: null };
    const got = await termReports(db(), viewer, term.id, "JHS 1Q");
    const lines = got.students.map((s) => [s.name, s.subjects[0].classScore, s.subjects[0].examScore, s.subjects[0].total, s.subjects[0].position]);
    expect(lines).toEqual([
      // (80 + 75) / 2 × 0.5 = 38.75; 80 × 0.5 = 40
      ["Abu", 38.75, 40, 78.75, 1],
      // (60 + 100) / 2 × 0.5 = 40; 60 × 0.5 = 30
      ["Baaba", 40, 30, 70, 2],
      // No graded quiz, no cell (0 each); no exam at all
      ["Ceci", 0, null, null, null],
    ]);
  });
});
