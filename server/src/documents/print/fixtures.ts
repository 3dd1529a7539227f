import type { Mock, MockResults, TermReports } from "@adesua/domain";
import type { SchoolPrint } from "./types.ts";

/** Made-up classes for the renderers' tests and timing (no database). */

export const SUBJECTS = [
  "English Language",
  "Mathematics",
  "Integrated Science",
  "Social Studies",
  "Ghanaian Language (Twi)",
  "French",
  "Religious and Moral Education",
  "Career Technology",
  "Computing",
];

const NAMES = ["Kofi Mensah", "Ɛfua Ɔpoku", "Ama Serwaa", "Kwame Nkansah", "Abena Ŋmɛnɛ", "Yaw Boateng"];

export const SCHOOL: SchoolPrint = { name: "Adesua JHS", address: "P.O. Box 12, Kumasi", motto: "Knowledge is light", crest: null };

export function termReports(n: number, termNumber = 1): TermReports {
  return {
    term: { id: 1, name: "2026/27 First Term", number: termNumber, classWeight: 30, examWeight: 70, nextTermBegins: "2027-01-12" },
    class: "JHS 2B",
    checks: null,
    students: Array.from({ length: n }, (_, i) => ({
      studentId: i + 1,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      class: "JHS 2B",
      subjects: SUBJECTS.map((name, j) => ({
        subjectId: j + 1,
        name,
        classScore: 20 + ((i + j) % 10),
        examScore: 40 + ((i * 3 + j) % 30),
        total: 60 + ((i * 4 + j) % 40),
        position: (i % n) + 1,
        grade: 1 + ((i + j) % 9),
        remark: "Credit",
        adjustReason: null,
      })),
      total: 700 - i,
      average: Math.round(((700 - i) / 9) * 100) / 100,
      overallPosition: i + 1,
      classSize: n,
      attendance: { present: 58 - (i % 5), outOf: 60 },
      conduct: "Good",
      interest: "Football",
      teacherRemark: "Hardworking and attentive in class.",
      headRemark: "Good work. Aim higher next term.",
      promotion: termNumber === 3 ? "Promoted to JHS 3" : null,
    })),
  };
}

export function mockResults(n: number, subjects = SUBJECTS): MockResults {
  return {
    mock: { id: 7, title: "JHS 3 Second Mock, March 2027", level: "jhs3", grading: "bands", released: true },
    students: Array.from({ length: n }, (_, i) => ({
      studentId: i + 1,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      class: i % 2 ? "JHS 3A" : "JHS 3B",
      subjects: subjects.map((name, j) => ({
        name,
        score: 50 + ((i * 7 + j * 3) % 50),
        grade: 1 + ((i + j) % 9),
        core: j < 4,
        papers: [],
      })),
      aggregate: i === 2 ? null : 6 + i,
      position: i === 2 ? null : i + 1,
      incomplete: i === 2,
      total: 600 - i,
      previousAggregate: i % 3 === 0 ? 10 + i : null,
      change: i % 3 === 0 ? -4 : null,
    })),
    subjects: subjects.map((name, j) => ({ name, core: j < 4, mean: 64.25, gradeCounts: {}, missing: 0, weakestTopics: [] })),
    aggregateCounts: [],
    previous: { id: 6, title: "First Mock", improved: 3, fell: 1, same: 0 },
    sitting: n,
    incomplete: 1,
  };
}

export function mock(): Mock {
  const at = (d: number, h: number) => new Date(Date.UTC(2027, 2, 8 + d, h, 0)).toISOString();
  return {
    id: 7,
    title: "JHS 3 Second Mock, March 2027",
    level: "jhs3",
    grading: "bands",
    bands: [],
    released: false,
    releasedAt: null,
    subjects: SUBJECTS.slice(0, 4).map((name, j) => ({
      id: j + 1,
      name,
      core: true,
      courseId: null,
      papers: [1, 2].map((p) => ({
        id: j * 2 + p,
        name: `Paper ${p}`,
        kind: "marks" as const,
        quizId: null,
        quiz: null,
        outOf: 60,
        weight: 50,
        questions: null,
        startsAt: at(j, p === 1 ? 8 : 11),
        endsAt: at(j, p === 1 ? 9 : 13),
        durationMinutes: p === 1 ? 60 : 120,
      })),
    })),
    startsAt: at(0, 8),
    endsAt: at(3, 13),
    students: 30,
    createdAt: at(-10, 8),
    updatedAt: at(-10, 8),
  };
}
