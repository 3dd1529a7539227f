import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_HEAD_REMARKS, DEFAULT_TEACHER_REMARKS } from "@adesua/domain";
import type { Db } from "../../db/client";
import { courses, gradebookCells, gradebooks, quizzes, termChecks, termComponents, termMarks, terms, termStudents, termSubjects, users } from "../../db/schema";
import { DEMO_TEACHERS } from "./seed.service";

/** The demo's terminal reports (issue 28): JHS 2's first term, its subjects scored from quizzes, a gradebook column and entered marks. */
export const DEMO_TERM = "Term 1 2026/27 (demo)";
const LEVEL = "jhs2";
const SUBJECTS = ["Mathematics", "Integrated Science", "English Language", "Social Studies"] as const;
const DAYS_OPEN = 64;
const CONDUCT = ["Very good", "Good", "Respectful", "Satisfactory"];
const INTEREST = ["Football", "Reading", "Drumming and dancing", "Science club", "Debating"];

/** A stable number in [0, 1) from a few integers (the same demo every time). */
const hash = (...n: number[]) => ((n.reduce((a, b) => (a * 31 + b) % 1_000_003, 11) * 2654435761) % 1000) / 1000;
/** A mark out of `outOf` for a student of "ability" a (0–1), to the half mark. */
const markOf = (a: number, outOf: number, ...salt: number[]) => Math.round(Math.min(1, Math.max(0, a * 0.75 + hash(...salt) * 0.35)) * outOf * 2) / 2;

export async function seedTermsDemo(db: Db): Promise<void> {
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "student"), eq(users.studentType, LEVEL)))
    .orderBy(asc(users.name));
  if (!students.length) return;
  const ability = new Map(students.map((s, i) => [s.id, 0.35 + hash(s.id, i) * 0.6]));
  const [term] = await db
    .insert(terms)
    .values({ name: DEMO_TERM, number: 1, startsOn: "2026-09-08", endsOn: "2026-12-18", nextTermBegins: "2027-01-12", attendanceDays: DAYS_OPEN })
    .returning();

  // A gradebook of class exercises: one column per subject, out of 10.
  const [table] = await db
    .insert(gradebooks)
    .values({
      name: "JHS 2 Class Exercises (Term 1)",
      description: "Class exercises counted in the terminal reports",
      studentType: LEVEL,
      columns: [
        { key: "c1", name: "Student", type: "text", outOf: null },
        ...SUBJECTS.map((s, i) => ({ key: `c${i + 2}`, name: s, type: "number" as const, outOf: 10 })),
      ],
    })
    .returning();
  await db
    .insert(gradebookCells)
    .values(
      students.flatMap((s) =>
        SUBJECTS.map((_, i) => ({ tableId: table.id, studentId: s.id, columnKey: `c${i + 2}`, value: String(markOf(ability.get(s.id)!, 10, s.id, i, 1)) })),
      ),
    );

  const courseRows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.title, [...SUBJECTS]));
  for (const [i, name] of SUBJECTS.entries()) {
    const course = courseRows.find((c) => c.title === name) ?? null;
    // The level's quizzes of the course that students have already sat.
    const sat = course
      ? await db
          .select({ id: quizzes.id, title: quizzes.title })
          .from(quizzes)
          .where(
            and(eq(quizzes.courseId, course.id), eq(quizzes.studentType, LEVEL), sql`exists (select 1 from submissions s where s.quiz_id = ${quizzes.id})`),
          )
          .orderBy(asc(quizzes.id))
      : [];
    const [subject] = await db
      .insert(termSubjects)
      .values({ termId: term.id, studentType: LEVEL, name, courseId: course?.id ?? null, position: i })
      .returning();
    const comps = [
      ...sat.map((q) => ({ part: "class", kind: "quiz", name: q.title, quizId: q.id })),
      { part: "class", kind: "gradebook", name: "Class exercises", gradebookId: table.id, columnKey: `c${i + 2}`, outOf: 10 },
      { part: "class", kind: "marks", name: "Project", outOf: 20 },
      { part: "exam", kind: "marks", name: "End of term examination", outOf: 100 },
    ];
    const made = await db
      .insert(termComponents)
      .values(comps.map((c, position) => ({ subjectId: subject.id, position, ...c })))
      .returning();
    for (const c of made.filter((m) => m.kind === "marks"))
      await db
        .insert(termMarks)
        .values(students.map((s) => ({ componentId: c.id, studentId: s.id, mark: markOf(ability.get(s.id)!, Number(c.outOf), s.id, c.id) })));
  }

  await db.insert(termStudents).values(
    students.map((s, i) => ({
      termId: term.id,
      studentId: s.id,
      present: DAYS_OPEN - Math.floor(hash(s.id, 7) * 9),
      conduct: CONDUCT[i % CONDUCT.length],
      interest: INTEREST[i % INTEREST.length],
      teacherRemark: DEFAULT_TEACHER_REMARKS[i % DEFAULT_TEACHER_REMARKS.length],
      headRemark: i % 2 === 0 ? DEFAULT_HEAD_REMARKS[i % DEFAULT_HEAD_REMARKS.length] : null,
    })),
  );
  // The class teacher has checked; the head teacher's check (the admin's) is left to try.
  const [classTeacher] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TEACHERS[0].email));
  await db.insert(termChecks).values({ termId: term.id, className: "JHS 2", role: "class_teacher", checkedBy: classTeacher?.id ?? null });
}
