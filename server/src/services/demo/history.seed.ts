import { and, eq, inArray, lt } from "drizzle-orm";
import { STUDENT_TYPES, type StudentType } from "@adesua/domain";
import type { Db } from "../../db/client";
import { attempts, courses, questions, quizzes, users } from "../../db/schema";
import { DEMO_TEACHERS } from "./seed.service";
import { pick } from "./bece-questions";
import { seedSubmission } from "./sittings.seed";

/** Classmates of the demo students, so every level has a class of ten with a history (same demo password). */
export const DEMO_CLASSMATES: { name: string; email: string; studentType: StudentType }[] = [
  ["Akua Nyarko", "jhs1"],
  ["Fiifi Baidoo", "jhs1"],
  ["Adjoa Tetteh", "jhs1"],
  ["Nana Kyei", "jhs1"],
  ["Selasi Agbeko", "jhs1"],
  ["Mawuli Dzeble", "jhs1"],
  ["Afia Manu", "jhs1"],
  ["Kobby Asare", "jhs2"],
  ["Dzifa Klu", "jhs2"],
  ["Ekow Quansah", "jhs2"],
  ["Naa Ayeley", "jhs2"],
  ["Yooku Dery", "jhs2"],
  ["Abla Fiagbe", "jhs2"],
  ["Kweku Essel", "jhs2"],
  ["Ewurabena Sam", "jhs3"],
  ["Kafui Ahiable", "jhs3"],
  ["Nii Lartey", "jhs3"],
  ["Sena Adzo", "jhs3"],
  ["Atsu Kpodo", "jhs3"],
  ["Araba Hagan", "jhs3"],
  ["Kwadwo Bekoe", "jhs3"],
].map(([name, studentType]) => ({ name, email: `${name.toLowerCase().replace(/\s+/g, ".")}@adesua.school`, studentType: studentType as StudentType }));

/** The closed Mathematics test of the demo: its 4th question was keyed wrongly, so item analysis has something to show. */
export const DEMO_MISKEYED_QUIZ = "Term 1 Test: Numbers and Sets";
const MISKEYED_POSITION = 3;

const DAY = 24 * 3600_000;
/** A stable number in [0, 1) from a few integers (the same demo every time). */
const hash = (...n: number[]) => ((n.reduce((a, b) => (a * 31 + b) % 1_000_003, 7) * 2654435761) % 1000) / 1000;

/**
 * The demo school's past: a closed Mathematics test of Ama Owusu's with one wrongly keyed question,
 * and one submission per student for every closed quiz, answers made from each student's ability
 * (strong students pick the true answer of the wrongly keyed question, which is not its key). Runs
 * after the courses and quizzes.
 */
export async function seedHistory(db: Db): Promise<void> {
  const [teacher] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, DEMO_TEACHERS[0].email));
  await db
    .insert(users)
    .values(DEMO_CLASSMATES.map((c) => ({ ...c, role: "student", passwordHash: teacher?.passwordHash ?? null })))
    .onConflictDoNothing();
  const [maths] = await db.select({ id: courses.id }).from(courses).where(eq(courses.title, "Mathematics"));
  if (!teacher || !maths) return;
  const now = Date.now();
  const [test] = await db
    .insert(quizzes)
    .values({
      title: DEMO_MISKEYED_QUIZ,
      courseId: maths.id,
      teacherId: teacher.id,
      studentType: "jhs1",
      openTime: new Date(now - 15 * DAY),
      closeTime: new Date(now - 14 * DAY),
      timeLimit: 30,
      maxAttempts: 1,
      questionsPerPage: 5,
      createdAt: new Date(now - 20 * DAY),
    })
    .returning({ id: quizzes.id });
  await db.insert(questions).values(
    pick("Mathematics", 0, 10).map((item, position) => ({
      quizId: test.id,
      position,
      text: item.q,
      options: [...item.options],
      // The teacher typed the option after the right one for this question.
      answer: item.options[position === MISKEYED_POSITION ? (item.answer + 1) % item.options.length : item.answer],
    })),
  );

  const closed = await db
    .select({ id: quizzes.id, studentType: quizzes.studentType, passingScore: quizzes.passingScore, openTime: quizzes.openTime })
    .from(quizzes)
    .where(lt(quizzes.closeTime, new Date(now)));
  const students = await db
    .select({ id: users.id, studentType: users.studentType })
    .from(users)
    .where(and(eq(users.role, "student"), inArray(users.studentType, [...STUDENT_TYPES])))
    .orderBy(users.id);
  for (const [z, quiz] of closed.entries()) {
    const qs = await db.select().from(questions).where(eq(questions.quizId, quiz.id)).orderBy(questions.position);
    const bank = quiz.id === test.id ? pick("Mathematics", 0, 10) : null;
    const sitters = students.filter((s) => s.studentType === quiz.studentType);
    for (const [k, s] of sitters.entries()) {
      const ability = 0.35 + 0.06 * (k % 10);
      const at = new Date((quiz.openTime?.getTime() ?? now - 8 * DAY) + (10 + k) * 60_000);
      const given = qs.map((q, i) => {
        const right = bank ? bank[i].options[bank[i].answer] : q.answer!;
        const r = hash(s.id, i, z);
        const chooseRight = bank && i === MISKEYED_POSITION ? r < ability : r < ability + ((i % 3) - 1) * 0.1;
        const wrong = q.options.filter((o) => o !== right);
        return { questionId: q.id, answer: chooseRight ? right : wrong[(s.id + i) % wrong.length] };
      });
      const [attempt] = await db
        .insert(attempts)
        .values({ quizId: quiz.id, userId: s.id, attemptNumber: 1, status: "submitted", startedAt: at, submittedAt: new Date(at.getTime() + 12 * 60_000) })
        .returning({ id: attempts.id, submittedAt: attempts.submittedAt });
      await seedSubmission(db, {
        attemptId: attempt.id,
        quiz,
        userId: s.id,
        questions: qs,
        given,
        savedAt: at,
        submittedAt: attempt.submittedAt!,
        isPersonalBest: true,
      });
    }
  }
}
