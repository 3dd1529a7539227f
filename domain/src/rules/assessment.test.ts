import { describe, expect, it } from "vitest";
import {
  aggregate,
  aggregateRanges,
  DEFAULT_GRADE_BANDS,
  fitSms,
  gradeBandsProblem,
  gradeFromBands,
  gradeRemark,
  mockMessage,
  ordinal,
  percentOf,
  positions,
  stanineGrades,
  subjectScore,
  termPartScore,
  termTotal,
} from "./assessment";

describe("grades from WAEC's bands", () => {
  it.each([
    [100, 1],
    [90, 1],
    [89.49, 2],
    [89.5, 1],
    [80, 2],
    [79, 3],
    [70, 3],
    [69, 4],
    [60, 4],
    [59, 5],
    [55, 5],
    [54.5, 5],
    [54.49, 6],
    [54, 6],
    [50, 6],
    [49, 7],
    [40, 7],
    [39, 8],
    [35, 8],
    [34.5, 8],
    [34, 9],
    [0, 9],
  ])("%s earns grade %s", (score, grade) => expect(gradeFromBands(score)).toBe(grade));

  it("gives no grade to no score", () => expect(gradeFromBands(null)).toBeNull());

  it("follows a school's own table", () => {
    const bands = [
      { min: 75, grade: 1 },
      { min: 50, grade: 5 },
      { min: 0, grade: 9 },
    ];
    expect([gradeFromBands(75, bands), gradeFromBands(74.4, bands), gradeFromBands(49.5, bands)]).toEqual([1, 5, 5]);
  });

  it("refuses a table without a band from 0, with a repeated start, or upside down", () => {
    expect(gradeBandsProblem(DEFAULT_GRADE_BANDS)).toBeNull();
    expect(gradeBandsProblem([{ min: 50, grade: 1 }])).toMatch(/from 0/);
    expect(
      gradeBandsProblem([
        { min: 0, grade: 9 },
        { min: 0, grade: 8 },
      ]),
    ).toMatch(/two bands/);
    expect(
      gradeBandsProblem([
        { min: 0, grade: 1 },
        { min: 50, grade: 9 },
      ]),
    ).toMatch(/worse/);
    expect(gradeBandsProblem([{ min: 0, grade: 10 }])).toMatch(/1 to 9/);
  });
});

describe("stanines", () => {
  it("grades 7 students 2 to 8 by the midpoint rule", () => {
    expect(stanineGrades([10, 20, 30, 40, 50, 60, 70])).toEqual([8, 7, 6, 5, 4, 3, 2]);
  });
  it("gives equal scores one grade and skips no-shows", () => {
    expect(stanineGrades([50, 50, null, 50])).toEqual([5, 5, null, 5]);
  });
  it("gives the top 4 % of a large sitting grade 1 and the bottom 4 % grade 9", () => {
    const scores = Array.from({ length: 100 }, (_, i) => i);
    const grades = stanineGrades(scores);
    const count = (g: number) => grades.filter((x) => x === g).length;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(count)).toEqual([4, 7, 12, 17, 20, 17, 12, 7, 4]);
    expect(grades[99]).toBe(1);
    expect(grades[0]).toBe(9);
  });
});

describe("positions", () => {
  it("shares a position on a tie and skips the next", () => {
    expect(positions([90, 85, 85, 80])).toEqual([1, 2, 2, 4]);
  });
  it("ranks aggregates lowest first and leaves the incomplete out", () => {
    expect(positions([14, null, 6, 14, 20], "lower")).toEqual([2, null, 1, 2, 4]);
  });
  it("treats 0 as a value", () => expect(positions([0, 100, 0])).toEqual([2, 1, 2]));
  it("writes ordinals", () =>
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]));
});

describe("subject scores", () => {
  it("weights Paper 1 and Paper 2 50/50 as percentages", () => {
    expect(
      subjectScore([
        { percent: percentOf(45, 60), weight: 50 },
        { percent: percentOf(62, 100), weight: 50 },
      ]),
    ).toBe(68.5);
  });
  it("honours other weights", () => {
    expect(
      subjectScore([
        { percent: 80, weight: 40 },
        { percent: 50, weight: 60 },
      ]),
    ).toBe(62);
  });
  it("is incomplete when a paper has no mark, but counts a 0", () => {
    expect(
      subjectScore([
        { percent: 80, weight: 50 },
        { percent: null, weight: 50 },
      ]),
    ).toBeNull();
    expect(
      subjectScore([
        { percent: 100, weight: 50 },
        { percent: 0, weight: 50 },
      ]),
    ).toBe(50);
  });
  it("keeps 100 at 100", () =>
    expect(
      subjectScore([
        { percent: 100, weight: 50 },
        { percent: 100, weight: 50 },
      ]),
    ).toBe(100));
});

describe("aggregates", () => {
  const core = (grade: number | null) => ({ core: true, grade });
  const other = (grade: number | null) => ({ core: false, grade });
  it("adds the four core subjects and the best two others", () => {
    expect(aggregate([core(1), core(2), core(3), core(1), other(5), other(2), other(4)])).toEqual({ aggregate: 13, incomplete: false });
  });
  it("is 6 at best and 54 at worst", () => {
    expect(aggregate([core(1), core(1), core(1), core(1), other(1), other(1)]).aggregate).toBe(6);
    expect(aggregate([core(9), core(9), core(9), core(9), other(9), other(9)]).aggregate).toBe(54);
  });
  it("is incomplete without a core subject, never a wrong number", () => {
    expect(aggregate([core(1), core(null), core(3), core(1), other(2), other(2)])).toEqual({ aggregate: null, incomplete: true });
  });
  it("is incomplete with fewer than two other grades", () => {
    expect(aggregate([core(1), core(1), core(1), core(1), other(2), other(null), other(null)]).incomplete).toBe(true);
  });
  it("adds only the core when a mock has no other subjects", () => {
    expect(aggregate([core(2), core(3), core(1), core(4)])).toEqual({ aggregate: 10, incomplete: false });
  });
  it("groups aggregates in fives from the best", () => {
    expect(aggregateRanges(6).slice(0, 2)).toEqual([
      { from: 6, to: 10 },
      { from: 11, to: 15 },
    ]);
    expect(aggregateRanges(6).at(-1)).toEqual({ from: 51, to: 54 });
    expect(aggregateRanges(4)[0]).toEqual({ from: 4, to: 8 });
  });
});

describe("terminal report scores", () => {
  it("scales the class score to its weight and counts missed work as 0", () => {
    expect(
      termPartScore(
        [
          { percent: 80, weight: 1 },
          { percent: null, weight: 1 },
        ],
        30,
        "zero",
      ),
    ).toBe(12);
    expect(termPartScore([], 30, "zero")).toBe(0);
  });
  it("leaves the exam score missing when there is no mark", () => {
    expect(termPartScore([{ percent: null, weight: 1 }], 70, "incomplete")).toBeNull();
    expect(termPartScore([{ percent: 65, weight: 1 }], 70, "incomplete")).toBe(45.5);
  });
  it("totals class and exam scores, 50/50 too", () => {
    expect(termTotal(24, 45.5)).toBe(69.5);
    expect(termTotal(termPartScore([{ percent: 90, weight: 1 }], 50, "zero"), termPartScore([{ percent: 70, weight: 1 }], 50, "incomplete"))).toBe(80);
    expect(termTotal(20, null)).toBeNull();
  });
  it("gives the remark of the grade", () => {
    expect(gradeRemark(1)).toBe("Highest");
    expect(gradeRemark(5, { 5: "Credit" })).toBe("Credit");
    expect(gradeRemark(null)).toBe("");
  });
});

describe("classes and messages", () => {
  it("writes the issue's example message in one SMS", () => {
    const text = mockMessage({
      school: "Adesua JHS",
      student: "Kofi Mensah",
      mock: "Mock 2",
      aggregate: 14,
      best: { name: "Mathematics", grade: 1 },
      note: "Report at school Friday.",
    });
    expect(text).toBe("Adesua JHS: Kofi Mensah, Mock 2: aggregate 14, best Mathematics (1). Report at school Friday.");
  });
  it("never writes more than 160 characters", () => {
    expect(fitSms("x".repeat(200))).toHaveLength(160);
    expect(mockMessage({ school: "S", student: "A", mock: "M", aggregate: null, best: null })).toBe("S: A, M: results incomplete.");
  });
});
