import type { Role, StudentType } from "@adesua/domain";
import type { Db } from "../src/db/client";
import { courses, questions, quizzes, users, type UserRow } from "../src/db/schema";
import { hashPassword } from "../src/auth/passwords";
import { createSession } from "../src/auth/sessions";

export const TEST_PASSWORD = "correct-horse-1";
let cachedHash: Promise<string> | null = null;
let seq = 0;

/** A user with TEST_PASSWORD (hashed once per test file to keep tests fast); factories always give an email. */
export async function buildUser(
  db: Db,
  over: Partial<{ name: string; email: string; role: Role; studentType: StudentType | null }> = {},
): Promise<UserRow & { email: string }> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const role = over.role ?? "student";
  const n = ++seq;
  const [row] = await db
    .insert(users)
    .values({
      name: over.name ?? `${role} ${n}`,
      email: over.email ?? `${role}${n}.${process.pid}@test.school`,
      role,
      studentType: over.studentType !== undefined ? over.studentType : role === "student" ? "jhs1" : null,
      passwordHash: await cachedHash,
    })
    .returning();
  return row as UserRow & { email: string };
}

/** A user and a live session token for them. */
export async function signedIn(db: Db, over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, over);
  const { token } = await createSession(db, user.id, 3600_000);
  return { user, token };
}

/** Session tokens of a new admin, teacher and student, made in that order (`student` adds to the student's fields). */
export async function roleTokens(db: Db, student: Parameters<typeof buildUser>[1] = {}) {
  return {
    admin: (await signedIn(db, { role: "admin" })).token,
    teacher: (await signedIn(db, { role: "teacher" })).token,
    student: (await signedIn(db, { role: "student", ...student })).token,
  };
}

/** A course; makes its teacher unless one is given (pass `teacherId: null` for an unassigned course). */
export async function buildCourse(db: Db, over: Partial<typeof courses.$inferInsert> = {}) {
  const teacherId = over.teacherId !== undefined ? over.teacherId : (await buildUser(db, { role: "teacher" })).id;
  const [row] = await db
    .insert(courses)
    .values({ title: `Course ${++seq}`, description: "A test course", ...over, teacherId })
    .returning();
  return row;
}

export type QuestionSeed = { text: string; options: string[]; answer: string | null; section?: string | null };

export const sampleQuestions = (n: number): QuestionSeed[] =>
  Array.from({ length: n }, (_, i) => ({
    text: `Question ${i + 1}: what is ${i + 1} + ${i + 1}?`,
    options: [String(2 * (i + 1)), String(2 * (i + 1) + 1), String(2 * (i + 1) + 2), String(2 * (i + 1) + 3)],
    answer: String(2 * (i + 1)),
  }));

/** A quiz with questions; makes its course (and that course's teacher) unless courseId is given. */
export async function buildQuiz(db: Db, over: Partial<typeof quizzes.$inferInsert> & { questions?: QuestionSeed[] } = {}) {
  const { questions: qs = sampleQuestions(3), ...rest } = over;
  let courseId = rest.courseId;
  let teacherId = rest.teacherId;
  if (courseId === undefined) {
    const c = await buildCourse(db, teacherId !== undefined ? { teacherId } : {});
    courseId = c.id;
    teacherId = teacherId !== undefined ? teacherId : c.teacherId;
  }
  const [quiz] = await db
    .insert(quizzes)
    .values({ title: `Quiz ${++seq}`, studentType: "jhs1", ...rest, courseId, teacherId: teacherId ?? null })
    .returning();
  const qrows = qs.length
    ? await db
        .insert(questions)
        .values(qs.map((q, i) => ({ quizId: quiz.id, position: i, text: q.text, options: q.options, answer: q.answer, section: q.section ?? null })))
        .returning()
    : [];
  return { quiz, questions: qrows.sort((a, b) => a.position - b.position) };
}
