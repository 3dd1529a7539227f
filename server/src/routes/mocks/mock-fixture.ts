import type { StudentType } from "@adesua/domain";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { call, type TestApp } from "../../../test/test-app";
import { createSession } from "../../auth/sessions";

/** Test helpers of the mocks' HTTP tests: the people of a sitting and a mock's body. */

export const at = (day: number, hour = 9) => `2027-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;

export const marksPaper = (name: string, day: number, extra: object = {}) => ({
  name,
  kind: "marks",
  outOf: 100,
  weight: 50,
  startsAt: at(day),
  durationMinutes: 90,
  ...extra,
});

/** A mock of `level` with these subjects, each with a Paper 1 and a Paper 2 out of 100, weighted 50/50. */
export function mockBody(title: string, subjects: { name: string; core?: boolean; courseId?: number }[], level: StudentType = "jhs3") {
  return {
    title,
    level,
    subjects: subjects.map((s, i) => ({ ...s, papers: [marksPaper("Paper 1", i + 1), marksPaper("Paper 2", i + 1, { startsAt: at(i + 1, 13) })] })),
  };
}

export type Person = { id: number; name: string; token: string };

async function person(t: TestApp, over: Parameters<typeof buildUser>[1]): Promise<Person> {
  const u = await buildUser(t.database.db, over);
  const { token } = await createSession(t.database.db, u.id, 3600_000);
  return { id: u.id, name: u.name, token };
}

/**
 * An admin; a Mathematics teacher (a course titled "Mathematics"), an English teacher (whose course the subject
 * names by courseId), a Science teacher (a quiz of their course is the paper), another teacher; JHS 3 students and
 * one JHS 2 student.
 */
export async function sittingPeople(t: TestApp, names: string[]) {
  const db = t.database.db;
  const admin = await signedIn(db, { role: "admin" });
  const maths = await person(t, { role: "teacher", name: "Maths Teacher" });
  const english = await person(t, { role: "teacher", name: "English Teacher" });
  const science = await person(t, { role: "teacher", name: "Science Teacher" });
  const other = await person(t, { role: "teacher", name: "Other Teacher" });
  await buildCourse(db, { title: " mathematics ", teacherId: maths.id });
  const englishCourse = await buildCourse(db, { title: "JHS 3 English", teacherId: english.id });
  const scienceCourse = await buildCourse(db, { title: "Science club", teacherId: science.id });
  await buildCourse(db, { title: "French", teacherId: other.id });
  const { quiz } = await buildQuiz(db, { courseId: scienceCourse.id, teacherId: science.id, studentType: "jhs3" });
  const students: Person[] = [];
  for (const name of names) students.push(await person(t, { role: "student", studentType: "jhs3", name }));
  const jhs2 = await person(t, { role: "student", studentType: "jhs2", name: "Junior Student" });
  return { admin: { id: admin.user.id, name: admin.user.name, token: admin.token }, maths, english, science, other, englishCourse, quiz, students, jhs2 };
}

export const api = (t: TestApp) => ({
  post: (token: string | undefined, url: string, payload?: object) => call(t.app, { method: "POST", url, token, ...(payload ? { payload } : {}) }),
  put: (token: string | undefined, url: string, payload: object) => call(t.app, { method: "PUT", url, token, payload }),
  get: (token: string | undefined, url: string) => call(t.app, { method: "GET", url, token }),
  del: (token: string | undefined, url: string) => call(t.app, { method: "DELETE", url, token }),
});

/** A multipart body with one `file` part. */
export function multipart(filename: string, data: Buffer | string, contentType = "text/csv") {
  const boundary = "----mocktest" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
