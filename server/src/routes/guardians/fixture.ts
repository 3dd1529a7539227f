import { expect } from "vitest";
import type { TestApp } from "../../../test/test-app";
import { api as termApi, marksComponent, studentsOf } from "../../../test/terms";
import { api, mockBody, sittingPeople } from "../mocks/mock-fixture";

/** Test helpers of guardians, messages and print jobs: a mock with marks (not yet released) and a term's class. */

export const SUBJECTS = ["English Language", "Mathematics", "Integrated Science", "Social Studies", "French", "ICT"];
/** Per student, per subject: Paper 1 and Paper 2 out of 100 (50/50). */
export const MARKS: Record<string, [number, number][]> = {
  "Ama Owusu": [
    [90, 90],
    [80, 81],
    [70, 70],
    [60, 61],
    [55, 54],
    [40, 40],
  ],
  "Kofi Mensah": [
    [60, 60],
    [95, 95],
    [95, 95],
    [60, 60],
    [50, 50],
    [50, 50],
  ],
  "Ɛfua Ɔpoku": [
    [89, 90],
    [80, 80],
    [70, 70],
    [60, 60],
    [55, 55],
    [50, 50],
  ],
};

export async function markedMock(t: TestApp) {
  const http = api(t);
  const p = await sittingPeople(t, Object.keys(MARKS));
  const mock = (
    await http.post(
      p.admin.token,
      "/api/mocks",
      mockBody(
        "Mock 2",
        SUBJECTS.map((name) => ({ name })),
      ),
    )
  ).body as { id: number; subjects: { papers: { id: number }[] }[] };
  for (const [si] of SUBJECTS.entries())
    for (const pi of [0, 1]) {
      const marks = p.students.map((s) => ({ studentId: s.id, mark: MARKS[s.name][si][pi] }));
      const r = await http.put(p.admin.token, `/api/mocks/${mock.id}/papers/${mock.subjects[si].papers[pi].id}/marks`, { marks });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  return { p, mock, http };
}

/** A term with JHS 3A's three students marked in one subject (30/70); not yet checked. */
export async function markedTerm(t: TestApp, adminToken: string) {
  const a = termApi(t);
  const term = (await a.createTerm(adminToken, { attendanceDays: 60, name: "Term 1" })).body as { id: number };
  const students = await studentsOf(t.database.db, "jhs3", "A", ["Abena Boateng", "Yaw Darko", "Kwame Asante"]);
  const subject = (
    await a.addSubject(adminToken, term.id, { level: "jhs3", name: "Mathematics", components: [marksComponent("class", "CA"), marksComponent("exam", "Exam")] })
  ).body as { components: { id: number }[] };
  const [ca, exam] = subject.components.map((c) => c.id);
  const marks = [
    [100, 90],
    [50, 60],
    [80, 70],
  ];
  for (const [i, cid] of [ca, exam].entries()) {
    const r = await a.marks(
      adminToken,
      term.id,
      cid,
      students.map((s, j) => ({ studentId: s.id, mark: marks[j][i] })),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { term, students, a };
}
