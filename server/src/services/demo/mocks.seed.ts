import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses, mockMarks, mockPapers, mockSubjects, mocks, users } from "../../db/schema";

export const DEMO_MOCK_TITLE = "JHS 3 First Mock (demo)";

/** The four core subjects and two others, each with Paper 1 (objective, out of 40) and Paper 2 (written, out of 60). */
const SUBJECTS = [
  { name: "English Language", core: true },
  { name: "Mathematics", core: true },
  { name: "Integrated Science", core: true },
  { name: "Social Studies", core: true },
  { name: "Computing", core: false },
  { name: "French", core: false },
] as const;

const DAY_MS = 86_400_000;
/** A mark from 0 to 1 that depends only on its inputs (the demo is the same on every start). */
const hash = (...n: number[]) => ((n.reduce((a, b) => (a * 31 + b) % 1_000_003, 11) * 2654435761) % 1000) / 1000;

/**
 * A mock in the demo school (issue 28): JHS 3's first mock, sat two weeks ago over six days, with both papers' marks
 * entered for every JHS 3 student (each student's marks follow an ability of their own), except one French Paper 2,
 * so the results show an incomplete student too. Not released: the admin releases it.
 */
export async function seedMocksDemo(db: Db): Promise<void> {
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.studentType, "jhs3")))
    .orderBy(users.name, users.id);
  if (!students.length) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  const courseRows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      inArray(
        courses.title,
        SUBJECTS.map((s) => s.name),
      ),
    );
  const [mock] = await db
    .insert(mocks)
    .values({ title: DEMO_MOCK_TITLE, studentType: "jhs3", createdBy: admin?.id ?? null })
    .returning({ id: mocks.id });
  const first = new Date(Math.floor((Date.now() - 14 * DAY_MS) / DAY_MS) * DAY_MS + 9 * 3600_000);
  const marks: (typeof mockMarks.$inferInsert)[] = [];
  for (const [si, s] of SUBJECTS.entries()) {
    const [subject] = await db
      .insert(mockSubjects)
      .values({ mockId: mock.id, name: s.name, core: s.core, courseId: courseRows.find((c) => c.title === s.name)?.id ?? null, position: si })
      .returning({ id: mockSubjects.id });
    const day = new Date(first.getTime() + si * DAY_MS);
    const papers = await db
      .insert(mockPapers)
      .values([
        { mockId: mock.id, subjectId: subject.id, name: "Paper 1", kind: "marks", outOf: 40, weight: 50, startsAt: day, durationMinutes: 60, position: 0 },
        {
          mockId: mock.id,
          subjectId: subject.id,
          name: "Paper 2",
          kind: "marks",
          outOf: 60,
          weight: 50,
          startsAt: new Date(day.getTime() + 3.5 * 3600_000),
          durationMinutes: 120,
          position: 1,
        },
      ])
      .returning({ id: mockPapers.id, outOf: mockPapers.outOf });
    students.forEach((st, k) => {
      const ability = 0.35 + 0.6 * hash(k, 7);
      papers.forEach((p, pi) => {
        if (k === 1 && s.name === "French" && pi === 1) return; // absent: the results list this student as incomplete
        const share = Math.min(1, Math.max(0, ability + (hash(k, si, pi) - 0.5) * 0.3));
        marks.push({ paperId: p.id, studentId: st.id, mark: Math.round(share * Number(p.outOf)), updatedBy: admin?.id ?? null });
      });
    });
  }
  if (marks.length) await db.insert(mockMarks).values(marks);
}
