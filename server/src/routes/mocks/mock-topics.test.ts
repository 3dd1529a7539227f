import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { questions } from "../../db/schema";
import { buildQuiz } from "../../../test/factories";
import { buildSubmission } from "../../../test/performance";
import { useTestApp } from "../../../test/test-app";
import { api, marksPaper, sittingPeople } from "./mock-fixture";

/** Paper 1's weakest topics come from the item analysis of its quiz, grouped by the questions' topics. */
const t = useTestApp();
const http = api(t);

describe("weakest topics of Paper 1", () => {
  it("lists the topics by the share of marks earned, lowest first", async () => {
    const p = await sittingPeople(t, ["A One", "B Two", "C Three", "D Four"]);
    const db = t.database.db;
    const { quiz, questions: qs } = await buildQuiz(db, { studentType: "jhs3", teacherId: p.maths.id });
    await db.update(questions).set({ topic: "Algebra" }).where(eq(questions.id, qs[0].id));
    await db.update(questions).set({ topic: " Algebra " }).where(eq(questions.id, qs[1].id));
    await db.update(questions).set({ topic: "Geometry" }).where(eq(questions.id, qs[2].id));
    const wrong = (i: number) => qs[i].options[1];
    const answers = [
      [qs[0].answer, qs[1].answer, qs[2].answer],
      [qs[0].answer, qs[1].answer, wrong(2)],
      [qs[0].answer, wrong(1), wrong(2)],
      [qs[0].answer, wrong(1), wrong(2)],
    ];
    for (const [k, s] of p.students.entries()) await buildSubmission(db, quiz, qs, s.id, answers[k]);
    const body = {
      title: "Topics mock",
      level: "jhs3",
      subjects: [{ name: "Mathematics", papers: [{ ...marksPaper("Paper 1", 1), kind: "quiz", quizId: quiz.id }, marksPaper("Paper 2", 2)] }],
    };
    const mock = (await http.post(p.admin.token, "/api/mocks", body)).body;
    const r = await http.get(p.maths.token, `/api/mocks/${mock.id}/results`);
    expect(r.status).toBe(200);
    expect(r.body.subjects[0].weakestTopics).toEqual([
      { topic: "Geometry", percent: 25, questions: 1 },
      { topic: "Algebra", percent: 75, questions: 2 },
    ]);
    // Paper 1's percentages are the quiz scores; Paper 2 has no marks yet, so no subject score.
    expect(r.body.students[0].subjects[0].papers[0].percent).toBe(100);
    expect(r.body.students[0].subjects[0].score).toBeNull();
  });
});
