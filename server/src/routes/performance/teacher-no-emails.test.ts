import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { buildRightSubmission, buildSubmission } from "../../../test/performance";

/**
 * README and decision 017: teachers see students' names and levels, never their emails (issue 24). Every route a
 * teacher reads students through is asked, and the answer (JSON, CSV, or the files inside an .xlsx/.docx) must not
 * contain the student's email anywhere; an admin still gets it where the screen shows it.
 */
const t = useTestApp();
let teacher: string;
let admin: string;
let studentId: number;
let quizId: number;
let openQuizId: number;
const EMAIL = `ama.secret.${process.pid}@home.example`;

beforeAll(async () => {
  const db = t.database.db;
  const tch = await signedIn(db, { role: "teacher" });
  teacher = tch.token;
  admin = (await signedIn(db, { role: "admin" })).token;
  const student = await signedIn(db, { role: "student", studentType: "jhs1", email: EMAIL, name: "Ama Serwaa" });
  studentId = student.user.id;
  // One answered quiz and one with an unkeyed question, so grading lists have something to show.
  const { quiz, questions } = await buildQuiz(db, { teacherId: tch.user.id, studentType: "jhs1" });
  quizId = quiz.id;
  await buildRightSubmission(db, quiz, questions, studentId);
  const open = await buildQuiz(db, {
    teacherId: tch.user.id,
    courseId: quiz.courseId,
    studentType: "jhs1",
    questions: [{ text: "Explain", options: ["a", "b"], answer: null }],
  });
  await buildSubmission(db, open.quiz, open.questions, studentId, ["a"]);
  openQuizId = open.quiz.id;
  const table = await call(t.app, {
    method: "POST",
    url: "/api/tables",
    token: admin,
    payload: { name: "JHS 1 marks", studentType: "jhs1", courseId: quiz.courseId },
  });
  expect(table.status, JSON.stringify(table.body)).toBe(201);
  tableId = table.body.id;
});
let tableId: number;

/** Everything a response carries as text: the body, or every part of a zipped Office file. */
function textOf(r: { raw: string; headers: Record<string, unknown> }, bytes?: Buffer): string {
  if (bytes && bytes[0] === 0x50 && bytes[1] === 0x4b)
    return Object.values(unzipSync(new Uint8Array(bytes)))
      .map((part) => strFromU8(part))
      .join("\n");
  return r.raw;
}

async function read(token: string, url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, text: textOf({ raw: res.body, headers: res.headers }, res.rawPayload) };
}

describe("a teacher never receives a student's email", () => {
  const routes = () => [
    `/api/performance/student/${studentId}`,
    `/api/performance/quiz-details/${quizId}`,
    `/api/performance/export?quizIds=${quizId}&format=csv&includeStudentDetails=true`,
    `/api/performance/export?quizIds=${quizId}&format=excel&includeStudentDetails=true`,
    `/api/performance/students`,
    `/api/performance/dashboard`,
    `/api/submissions`,
    `/api/submissions/quiz/${quizId}/attempts`,
    `/api/records/all`,
    `/api/users?role=student`,
    `/api/teachers/me/insights?kind=top`,
    `/api/teachers/me/insights?kind=support`,
    `/api/teachers/me/insights?kind=active`,
    `/api/submissions/${openQuizId}/ungraded`,
    `/api/teachers/me/home`,
    `/api/reports/student-performance/${studentId}`,
    `/api/reports/student-performance/${studentId}?format=csv`,
    `/api/reports/student-performance/${studentId}?format=docx`,
    `/api/reports/quiz-analytics/${quizId}`,
    `/api/reports/quiz-analytics/${quizId}?format=csv`,
    `/api/reports/students-at-risk`,
    `/api/reports/bece-readiness`,
    `/api/tables/${tableId}/data`,
    `/api/tables/${tableId}/export`,
    `/api/import-export/records`,
    `/api/import-export/submissions`,
  ];

  it("in any route that lists or exports students", async () => {
    const seen: string[] = [];
    for (const url of routes()) {
      const r = await read(teacher, url);
      // A route may refuse or not exist for this data (404/403); what it answers must still carry no email.
      expect(r.status, url).toBeLessThan(500);
      if (r.status === 200) seen.push(url);
      expect(r.text.includes(EMAIL), `${url} answered the student's email to a teacher`).toBe(false);
    }
    // The ones that matter most answered (so the check above looked at real data).
    // Every route answered (so the check above looked at real data, not at an error).
    expect(routes().filter((u) => !seen.includes(u))).toEqual([]);
    const details = await read(teacher, `/api/performance/quiz-details/${quizId}`);
    expect(details.text).toContain("Ama Serwaa");
  });

  it("while an admin still sees it on the student's performance, quiz details and their export", async () => {
    for (const url of routes().slice(0, 3)) expect((await read(admin, url)).text, url).toContain(EMAIL);
  });
});
