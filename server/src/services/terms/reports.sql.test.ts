import { describe, expect, it } from "vitest";
import { gradeFromBands, positions, round2, termPartScore, termTotal } from "@adesua/domain";
import { useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { api, marksComponent, studentsOf } from "../../../test/terms";
import { termReports } from "./reports.service";

/**
 * The reports' SQL against the domain rules (termPartScore, termTotal, positions, gradeFromBands) on the same cases:
 * ties, a 0, a 100, a total of 54.5 (graded 55), 50/50 and 30/70 weights, unequal component weights, missing class
 * work (0) and a missing exam (null), a partly missing exam (its other paper counts).
 */
const t = useTestApp();
const db = () => t.database.db;

type Marks = [number | null, number | null, number | null, number | null];
/** Per student: Subject A then Subject B, each [class 1 (weight 1), class 2 (weight 2), exam 1, exam 2]. */
const CASES: [string, Marks, Marks][] = [
  ["Adjoa", [100, 100, 100, 100], [100, 100, 100, 100]],
  ["Akosua", [0, 0, 0, 0], [0, 0, 0, 0]],
  ["Ama", [54.5, 54.5, 54.5, 54.5], [60, 40, 35, 35]],
  ["Efua", [54.5, 54.5, 54.5, 54.5], [60, 40, 35, 35]],
  ["Esi", [null, 80, 70, null], [null, null, 49.5, 50.5]],
  ["Kojo", [33.33, 66.67, 89.5, 89.49], [12.25, 0, null, null]],
  ["Kwabena", [100, null, 100, 0], [75, 75, 44.99, 45]],
  ["Yaa", [99.99, 0.01, 0, 100], [50, 50, 50, 50]],
];

async function run(classWeight: number, examWeight: number, stream: string) {
  const a = api(t);
  const admin = await signedIn(db(), { role: "admin" });
  const term = (await a.createTerm(admin.token, { classWeight, examWeight })).body;
  const students = await studentsOf(
    db(),
    "jhs2",
    stream,
    CASES.map((c) => c[0]),
  );
  const components = [marksComponent("class", "C1", 100, 1), marksComponent("class", "C2", 100, 2), marksComponent("exam", "E1"), marksComponent("exam", "E2")];
  for (const [si, name] of ["Subject A", "Subject B"].entries()) {
    const subject = (await a.addSubject(admin.token, term.id, { level: "jhs2", name, components })).body;
    for (const [ci, c] of subject.components.entries()) {
      const marks = students.map((s, i) => ({ studentId: s.id, mark: CASES[i][1 + si][ci] as number | null }));
      expect((await a.marks(admin.token, term.id, c.id, marks)).status).toBe(200);
    }
  }
  const viewer = { id: admin.user.id, role: "admin" as const, studentType: null };
  return termReports(db(), viewer, term.id, `JHS 2${stream}`);
}

/** The rules' answer for every student of the table. */
function expected(classWeight: number, examWeight: number) {
  const subjects = [0, 1].map((si) => {
    const lines = CASES.map((c) => {
      const m = c[1 + si] as Marks;
      const classScore = termPartScore(
        [
          { percent: m[0], weight: 1 },
          { percent: m[1], weight: 2 },
        ],
        classWeight,
        "zero",
      );
      const examScore = termPartScore(
        [
          { percent: m[2], weight: 1 },
          { percent: m[3], weight: 1 },
        ],
        examWeight,
        "incomplete",
      );
      return { classScore, examScore, total: termTotal(classScore, examScore) };
    });
    const pos = positions(lines.map((l) => l.total));
    return lines.map((l, i) => ({ ...l, position: pos[i], grade: gradeFromBands(l.total) }));
  });
  const totals = CASES.map((_, i) => (subjects.every((s) => s[i].total !== null) ? round2(subjects.reduce((sum, s) => sum + s[i].total!, 0)) : null));
  const overall = positions(totals);
  return CASES.map((c, i) => ({ name: c[0], subjects: subjects.map((s) => s[i]), total: totals[i], overallPosition: overall[i] }));
}

describe("the reports' SQL agrees with the domain rules", () => {
  for (const [cw, ew, stream] of [
    [30, 70, "A"],
    [50, 50, "B"],
  ] as const) {
    it(`at ${cw}/${ew}`, async () => {
      const got = await run(cw, ew, stream);
      const want = expected(cw, ew);
      expect(
        got.students.map((s) => ({
          name: s.name,
          subjects: s.subjects.map((x) => ({ classScore: x.classScore, examScore: x.examScore, total: x.total, position: x.position, grade: x.grade })),
          total: s.total,
          overallPosition: s.overallPosition,
        })),
      ).toEqual(want);
      // The cases cover what they claim: a tie, a 54.5 graded 55, a missing exam.
      const flat = want.flatMap((w) => w.subjects);
      expect(flat.some((x) => x.total === null)).toBe(true);
      if (cw === 30) expect(flat.find((x) => x.total === 54.5)?.grade).toBe(5);
      expect(new Set(want.map((w) => w.overallPosition)).size).toBeLessThan(want.length);
    });
  }
});
