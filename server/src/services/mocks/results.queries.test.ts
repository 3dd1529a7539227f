import { describe, expect, it } from "vitest";
import {
  aggregate,
  aggregateRanges,
  DEFAULT_GRADE_BANDS,
  gradeFromBands,
  othersCounted,
  percentOf,
  positions,
  round2,
  stanineGrades,
  subjectScore,
} from "@adesua/domain";
import { mockMarks, mockPapers, mockSubjects, mocks } from "../../db/schema";
import { buildUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { computeResults } from "./results.service";
import type { MockHead } from "./mock-load";

/**
 * The database's results (results.queries.ts) against the domain's rules (domain/src/rules/assessment.ts) on the
 * same sittings: band edges (54.5 → 5), ties, a 0, a 100, missing papers, stanines of 7, an incomplete core subject,
 * an all-core mock.
 */
const t = useTestApp();

type Sitting = {
  grading: "bands" | "stanine";
  subjects: { name: string; core: boolean; papers: { outOf: number; weight: number }[] }[];
  /** marks[student][subject][paper]; null = no mark. */
  marks: (number | null)[][][];
};

let level = 0;
async function run(s: Sitting) {
  const db = t.database.db;
  // Each sitting its own level's students would clash: give each one a level nobody else uses in this file.
  const studentType = (["jhs1", "jhs2", "jhs3"] as const)[level++ % 3];
  await db.delete(mocks);
  await db.execute(`update users set status = 'rejected' where role = 'student'` as never);
  const students = [];
  for (let i = 0; i < s.marks.length; i++) students.push(await buildUser(db, { role: "student", studentType, name: `S${String(i).padStart(2, "0")}` }));
  const [mock] = await db.insert(mocks).values({ title: "Case", studentType, grading: s.grading }).returning();
  for (const [si, subj] of s.subjects.entries()) {
    const [row] = await db.insert(mockSubjects).values({ mockId: mock.id, name: subj.name, core: subj.core, position: si }).returning();
    for (const [pi, p] of subj.papers.entries()) {
      const [paper] = await db
        .insert(mockPapers)
        .values({
          mockId: mock.id,
          subjectId: row.id,
          name: `Paper ${pi + 1}`,
          kind: "marks",
          outOf: p.outOf,
          weight: p.weight,
          startsAt: new Date(),
          durationMinutes: 60,
          position: pi,
        })
        .returning();
      const values = students.map((st, k) => ({ paperId: paper.id, studentId: st.id, mark: s.marks[k][si][pi] })).filter((v) => v.mark !== null);
      if (values.length) await db.insert(mockMarks).values(values);
    }
  }
  const head: MockHead = {
    id: mock.id,
    title: "Case",
    level: studentType,
    grading: s.grading,
    bands: null,
    releasedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const got = await computeResults(db, head, {});
  return { got, students };
}

/** What the rules say of the same sitting. */
function expected(s: Sitting) {
  const scores = s.marks.map((st) =>
    s.subjects.map((subj, si) => subjectScore(subj.papers.map((p, pi) => ({ percent: percentOf(st[si][pi], p.outOf), weight: p.weight })))),
  );
  const grades =
    s.grading === "bands"
      ? scores.map((row) => row.map((x) => gradeFromBands(x, DEFAULT_GRADE_BANDS)))
      : transpose(s.subjects.map((_, si) => stanineGrades(scores.map((r) => r[si]))));
  const aggs = grades.map((row) => aggregate(row.map((g, si) => ({ core: s.subjects[si].core, grade: g }))));
  const pos = positions(
    aggs.map((a) => a.aggregate),
    "lower",
  );
  const counted = s.subjects.filter((x) => x.core).length + othersCounted(s.subjects.filter((x) => !x.core).length);
  const ranges = aggregateRanges(counted).map((r) => ({
    ...r,
    count: aggs.filter((a) => a.aggregate !== null && a.aggregate >= r.from && a.aggregate <= r.to).length,
  }));
  const means = s.subjects.map((_, si) => {
    const present = scores.map((r) => r[si]).filter((x): x is number => x !== null);
    return present.length ? round2(present.reduce((a, b) => a + b, 0) / present.length) : null;
  });
  return { scores, grades, aggs, pos, ranges, means };
}

function transpose<T>(m: T[][]): T[][] {
  return m[0].map((_, i) => m.map((r) => r[i]));
}

async function check(s: Sitting) {
  const { got, students } = await run(s);
  const want = expected(s);
  const byId = new Map(got.students.map((r) => [r.studentId, r]));
  students.forEach((st, k) => {
    const row = byId.get(st.id)!;
    expect(
      row.subjects.map((x) => x.score),
      `scores of ${st.name}`,
    ).toEqual(want.scores[k]);
    expect(
      row.subjects.map((x) => x.grade),
      `grades of ${st.name}`,
    ).toEqual(want.grades[k]);
    expect(row.aggregate, `aggregate of ${st.name}`).toBe(want.aggs[k].aggregate);
    expect(row.incomplete).toBe(want.aggs[k].incomplete);
    expect(row.position, `position of ${st.name}`).toBe(want.pos[k]);
  });
  expect(got.aggregateCounts).toEqual(want.ranges);
  expect(got.subjects.map((x) => x.mean)).toEqual(want.means);
  for (const [si, subj] of got.subjects.entries()) {
    const counts = Object.fromEntries(Array.from({ length: 9 }, (_, g) => [String(g + 1), want.grades.filter((r) => r[si] === g + 1).length]));
    expect(subj.gradeCounts).toEqual(counts);
    expect(subj.missing).toBe(want.scores.filter((r) => r[si] === null).length);
  }
  expect(got.sitting).toBe(s.marks.length);
  return { got, want };
}

const two = { outOf: 100, weight: 50 };
const SIX = ["English Language", "Mathematics", "Integrated Science", "Social Studies", "French", "ICT"].map((name, i) => ({
  name,
  core: i < 4,
  papers: [two, two],
}));

describe("mock results in SQL match the domain rules", () => {
  it("bands: 54.5 → grade 5, a 0, a 100, ties, a missing core paper (incomplete), a missing other paper", async () => {
    const { got } = await check({
      grading: "bands",
      subjects: SIX,
      marks: [
        [
          [54, 55],
          [100, 100],
          [0, 0],
          [89, 90],
          [70, 70],
          [35, 34],
        ],
        [
          [54, 55],
          [100, 100],
          [0, 0],
          [89, 90],
          [70, 70],
          [35, 34],
        ],
        [
          [54, 54],
          [90, 89],
          [60, 59],
          [40, 40],
          [null, 80],
          [50, 50],
        ],
        [
          [null, 60],
          [70, 70],
          [70, 70],
          [70, 70],
          [70, 70],
          [70, 70],
        ],
        [
          [100, 100],
          [100, 100],
          [100, 100],
          [100, 100],
          [100, 100],
          [0, 0],
        ],
      ],
    });
    expect(got.students[0].subjects[0]).toMatchObject({ score: 54.5, grade: 5 });
    // The third student misses a French paper: with two other subjects both count, so they are incomplete too.
    expect(got.students.map((r) => r.position)).toEqual([2, 2, null, null, 1]);
    expect(got.incomplete).toBe(2);
  });

  it("papers out of other totals and unequal weights", async () => {
    await check({
      grading: "bands",
      subjects: SIX.map((x) => ({
        ...x,
        papers: [
          { outOf: 60, weight: 40 },
          { outOf: 80, weight: 60 },
        ],
      })),
      marks: [
        [
          [33, 47],
          [59, 79],
          [1, 2],
          [45, 61],
          [30, 40],
          [59.5, 0],
        ],
        [
          [60, 80],
          [0, 0],
          [29, 31],
          [44, 44],
          [12, 70],
          [20, 20],
        ],
        [
          [17, 23],
          [38, 52],
          [41, 58],
          [22, 33],
          [55, 77],
          [5, 6],
        ],
      ],
    });
  });

  it("stanine: 7 students get 2, 3, 4, 5, 6, 7, 8; ties share a grade", async () => {
    const one = (m: number) => [[m, m]];
    const { got } = await check({
      grading: "stanine",
      subjects: [{ name: "Mathematics", core: true, papers: [two, two] }],
      marks: [90, 80, 70, 60, 50, 40, 30].map(one),
    });
    expect(got.students.map((r) => r.subjects[0].grade)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    await check({
      grading: "stanine",
      subjects: [{ name: "Mathematics", core: true, papers: [two, two] }],
      marks: [90, 90, 70, 60, 60, 60, 30, null].map((m) => [[m, m]]),
    });
  });

  it("a 4-subject all-core mock: the aggregate is the four grades", async () => {
    const { got } = await check({
      grading: "bands",
      subjects: SIX.slice(0, 4),
      marks: [
        [
          [90, 90],
          [80, 80],
          [70, 70],
          [60, 60],
        ],
        [
          [34, 34],
          [35, 35],
          [100, 100],
          [0, 0],
        ],
      ],
    });
    expect(got.students[0].aggregate).toBe(1 + 2 + 3 + 4);
    expect(got.aggregateCounts[0]).toEqual({ from: 4, to: 8, count: 0 });
  });

  it("one other subject: the aggregate adds only it", async () => {
    await check({
      grading: "stanine",
      subjects: SIX.slice(0, 5),
      marks: Array.from({ length: 9 }, (_, k) => SIX.slice(0, 5).map((_, si) => [(k * 11 + si * 7) % 101, (k * 13 + si) % 101])),
    });
  });
});
