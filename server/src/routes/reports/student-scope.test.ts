import { beforeAll, describe, expect, it } from "vitest";
import { attempts } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { buildRightSubmission } from "../../../test/performance";

/**
 * Issue 25 item 7: one rule for a student's page of results, GET /performance/student/{id} and
 * GET /reports/student-performance/{userId}: a teacher sees a student who took one of their quizzes (made by
 * them, or of a course they teach); any other student answers 404 exactly as an unknown id, so neither the
 * name nor the level of a student outside their scope reaches them. Admins see every student.
 */

const t = useTestApp();
let admin: string;
let mine: { id: number; token: string };
let colleague: { id: number; token: string };
let taker: number;
let stranger: number;
let started: number;
let courseTeacher: string;
beforeAll(async () => {
  const db = t.database.db;
  admin = (await signedIn(db, { role: "admin" })).token;
  const a = await signedIn(db, { role: "teacher" });
  const b = await signedIn(db, { role: "teacher" });
  mine = { id: a.user.id, token: a.token };
  colleague = { id: b.user.id, token: b.token };
  taker = (await buildUser(db, { role: "student", name: "Ama Taker", studentType: "jhs2" })).id;
  stranger = (await buildUser(db, { role: "student", name: "Kofi Stranger", studentType: "jhs3" })).id;
  started = (await buildUser(db, { role: "student", name: "Esi Started", studentType: "jhs2" })).id;
  // A quiz made by `mine` in a course somebody else teaches: both of them see its takers.
  const ct = await signedIn(db, { role: "teacher" });
  courseTeacher = ct.token;
  const course = await buildCourse(db, { teacherId: ct.user.id });
  const { quiz, questions } = await buildQuiz(db, { courseId: course.id, teacherId: mine.id, studentType: "jhs2" });
  await buildRightSubmission(db, quiz, questions, taker);
  // A student who only started an attempt has submitted nothing: not yet among the teacher's students.
  await db.insert(attempts).values({ quizId: quiz.id, userId: started, attemptNumber: 1, status: "in_progress" });
});

const get = (url: string, token: string) => call(t.app, { method: "GET", url, token });
const urls = (id: number | string) => [`/api/performance/student/${id}`, `/api/reports/student-performance/${id}`];

describe("a student's results, for staff", () => {
  it("are given to the teacher whose quiz they took, to the course's teacher, and to admins", async () => {
    for (const token of [mine.token, courseTeacher, admin])
      for (const url of urls(taker)) {
        const r = await get(url, token);
        expect(r.status, url).toBe(200);
        expect(r.raw).toContain("Ama Taker");
      }
    expect((await get(urls(stranger)[1], admin)).body.subject).toBe("Kofi Stranger (JHS 3)");
  });

  it("answer 404 to a teacher for a student outside their scope, the same as for an unknown id", async () => {
    for (const url of urls(taker).concat(urls(stranger), urls(started))) {
      const id = url.split("/").pop();
      const teacher = url.includes(String(taker)) ? colleague.token : mine.token;
      const r = await get(url, teacher);
      expect(r.status, url).toBe(404);
      expect(r.raw).not.toMatch(/Ama|Kofi|Esi|JHS/);
      const unknown = await get(url.replace(new RegExp(`${id}$`), "99999999"), teacher);
      expect(r.raw, url).toBe(unknown.raw);
    }
  });

  it("answer 404 for a user who is not a student, and 403 to students", async () => {
    for (const url of urls(colleague.id)) expect((await get(url, admin)).status).toBe(404);
    const student = await signedIn(t.database.db, { role: "student", studentType: "jhs2" });
    for (const url of urls(taker)) expect((await get(url, student.token)).status).toBe(403);
  });
});
