import { eq, inArray } from "drizzle-orm";
import { STUDENT_TYPES, type StudentType, type TimedSection } from "@adesua/domain";
import type { Db } from "../../db/client";
import { courses, questions, quizzes, users } from "../../db/schema";
import { DEMO_TEACHERS } from "./seed.service";
import { pick, SUBJECT_DESCRIPTIONS, SUBJECTS, type Subject } from "./bece-questions";
import demoQuizzes from "./demo-quizzes.json" with { type: "json" };

/** Two more teachers so that every subject has one (they share the demo password). */
export const EXTRA_DEMO_TEACHERS = [
  { name: "Yaw Boakye", email: "yaw.boakye@adesua.school" },
  { name: "Abena Frimpong", email: "abena.frimpong@adesua.school" },
] as const;

/** Who teaches what, by teacher email (a function: seed.service imports this module, so its constants are not ready at load time). */
const teaches = (): Record<Subject, string> => ({
  Mathematics: DEMO_TEACHERS[0].email,
  Computing: DEMO_TEACHERS[0].email,
  "English Language": DEMO_TEACHERS[1].email,
  "Integrated Science": DEMO_TEACHERS[2].email,
  "Career Technology": DEMO_TEACHERS[2].email,
  "Social Studies": EXTRA_DEMO_TEACHERS[0].email,
  "Religious and Moral Education": EXTRA_DEMO_TEACHERS[0].email,
  French: EXTRA_DEMO_TEACHERS[1].email,
});

type When = "open" | "upcoming" | "closed";
type DemoQuiz = {
  level: StudentType;
  subject: Subject;
  title: string;
  when: When;
  start: number;
  count: number;
  timeLimit: number | null;
  maxAttempts: number | null;
  sections?: boolean;
};

const WHENS: readonly When[] = ["open", "upcoming", "closed"];

/** For each level: quizzes open now (one with two timed sections), one upcoming and one closed (the data is in demo-quizzes.json). */
const QUIZZES: DemoQuiz[] = demoQuizzes.map((q, i) => {
  if (!STUDENT_TYPES.includes(q.level as StudentType) || !SUBJECTS.includes(q.subject as Subject) || !WHENS.includes(q.when as When))
    throw new Error(`demo-quizzes.json [${i}]: unknown level, subject or opening "${q.level}", "${q.subject}", "${q.when}"`);
  return q as DemoQuiz;
});

const DAY = 24 * 3600_000;
/** Two sections of five questions, ten minutes each (the quiz's 20-minute limit in total). */
const TWO_SECTIONS: TimedSection[] = [
  { name: "Section A", startIndex: 0, endIndex: 4, timeLimit: 10 },
  { name: "Section B", startIndex: 5, endIndex: 9, timeLimit: 10 },
];

function windowOf(when: When, now: number): { openTime: Date; closeTime: Date } {
  if (when === "upcoming") return { openTime: new Date(now + 3 * DAY), closeTime: new Date(now + 10 * DAY) };
  if (when === "closed") return { openTime: new Date(now - 8 * DAY), closeTime: new Date(now - DAY) };
  return { openTime: new Date(now - DAY), closeTime: new Date(now + 7 * DAY) };
}

/** Courses for the eight JHS subjects with their teachers, and quizzes for every level. Runs inside the demo transaction. */
export async function seedCoursesAndQuizzes(db: Db): Promise<void> {
  const [first] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, DEMO_TEACHERS[0].email)).limit(1);
  await db
    .insert(users)
    .values(EXTRA_DEMO_TEACHERS.map((t) => ({ ...t, role: "teacher", passwordHash: first?.passwordHash ?? null })))
    .onConflictDoNothing();
  const TEACHES = teaches();
  const emails = [...new Set(Object.values(TEACHES))];
  const teachers = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const teacherId = new Map(teachers.map((t) => [t.email, t.id]));

  const courseRows = await db
    .insert(courses)
    .values(SUBJECTS.map((s) => ({ title: s, description: SUBJECT_DESCRIPTIONS[s], teacherId: teacherId.get(TEACHES[s]) ?? null })))
    .returning({ id: courses.id, title: courses.title, teacherId: courses.teacherId });
  const courseOf = new Map(courseRows.map((c) => [c.title, c]));

  const now = Date.now();
  const quizRows = await db
    .insert(quizzes)
    .values(
      QUIZZES.map((q) => {
        const course = courseOf.get(q.subject)!;
        return {
          title: q.title,
          courseId: course.id,
          teacherId: course.teacherId,
          studentType: q.level,
          ...windowOf(q.when, now),
          timeLimit: q.timeLimit,
          maxAttempts: q.maxAttempts,
          questionsPerPage: 5,
          timedSections: q.sections ? TWO_SECTIONS : [],
        };
      }),
    )
    .returning({ id: quizzes.id });

  await db.insert(questions).values(
    QUIZZES.flatMap((q, i) =>
      pick(q.subject, q.start, q.count).map((item, position) => ({
        quizId: quizRows[i].id,
        position,
        text: item.q,
        options: [...item.options],
        answer: item.options[item.answer],
        section: q.sections ? (position <= 4 ? "Section A" : "Section B") : null,
      })),
    ),
  );
}
