import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attempts, courses, questions, quizzes, users } from "../../db/schema";
import { DEMO_TEACHERS } from "./seed.service";
import { seedSubmission } from "./sittings.seed";

/** A closed JHS 2 class test whose last two questions have no key yet: the grading screen has work on first start. */
export const GRADING_DEMO_QUIZ = "Class Test: Ratio and Proportion";

/** The keyed answers are C, D, A: tapping the options in order (or one letter throughout) does not pass (issue 24). */
const QUESTIONS: { text: string; options: string[]; answer: string | null }[] = [
  { text: "Simplify the ratio 12 : 18.", options: ["3 : 2", "6 : 9", "2 : 3", "4 : 6"], answer: "2 : 3" },
  { text: "Share GH₵ 60 between Kofi and Ama in the ratio 1 : 2. How much does Ama get?", options: ["GH₵ 30", "GH₵ 45", "GH₵ 20", "GH₵ 40"], answer: "GH₵ 40" },
  { text: "Three pens cost GH₵ 4.50. How much do five pens cost?", options: ["GH₵ 7.50", "GH₵ 6.50", "GH₵ 9.00", "GH₵ 7.00"], answer: "GH₵ 7.50" },
  {
    text: "Which method shares 45 oranges in the ratio 2 : 3 exactly? (The teacher marks the reasoning.)",
    options: ["Divide by 5, then multiply", "Guess and check", "Share equally first", "Take 2 and 3 oranges only"],
    answer: null,
  },
  {
    text: "Rice for 4 people is 300 g. Which amount would you cook for 10 people? (The teacher marks the reasoning.)",
    options: ["600 g", "750 g", "800 g", "1 kg"],
    answer: null,
  },
];

/** Two JHS 2 students no browser journey signs in as, so their figures stay put for the journeys. */
const SITTINGS: { email: string; answers: string[] }[] = [
  { email: "kwabena.ofori@adesua.school", answers: ["2 : 3", "GH₵ 40", "GH₵ 7.00", "Divide by 5, then multiply", "750 g"] },
  { email: "adwoa.sarpong@adesua.school", answers: ["6 : 9", "GH₵ 40", "GH₵ 7.50", "Share equally first", "800 g"] },
];

const DAY = 24 * 3600_000;

/** The demo's ungraded work (decision 022): runs inside the demo transaction, after the courses. */
export async function seedGradingDemo(db: Db): Promise<void> {
  const [course] = await db
    .select({ id: courses.id, teacherId: courses.teacherId })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .where(and(eq(courses.title, "Mathematics"), eq(users.email, DEMO_TEACHERS[0].email)))
    .limit(1);
  if (!course) return;
  const now = Date.now();
  const closeTime = new Date(now - 2 * DAY);
  const [quiz] = await db
    .insert(quizzes)
    .values({
      title: GRADING_DEMO_QUIZ,
      courseId: course.id,
      teacherId: course.teacherId,
      studentType: "jhs2",
      openTime: new Date(now - 5 * DAY),
      closeTime,
      timeLimit: 20,
      maxAttempts: 1,
      questionsPerPage: 5,
      passingScore: 50,
    })
    .returning({ id: quizzes.id, passingScore: quizzes.passingScore });
  const qs = await db
    .insert(questions)
    .values(QUESTIONS.map((q, position) => ({ quizId: quiz.id, position, text: q.text, options: q.options, answer: q.answer })))
    .returning({ id: questions.id, options: questions.options, answer: questions.answer, position: questions.position });
  qs.sort((a, b) => a.position - b.position);

  for (const [i, sitting] of SITTINGS.entries()) {
    const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, sitting.email)).limit(1);
    if (!student) continue;
    const startedAt = new Date(closeTime.getTime() - DAY + i * 3600_000);
    const submittedAt = new Date(startedAt.getTime() + 14 * 60_000);
    const [attempt] = await db
      .insert(attempts)
      .values({
        quizId: quiz.id,
        userId: student.id,
        attemptNumber: 1,
        status: "submitted",
        startedAt,
        deadline: new Date(startedAt.getTime() + 20 * 60_000),
        submittedAt,
      })
      .returning({ id: attempts.id });
    const given = qs.map((q, k) => ({ questionId: q.id, answer: sitting.answers[k] }));
    await seedSubmission(db, { attemptId: attempt.id, quiz, userId: student.id, questions: qs, given, savedAt: submittedAt, submittedAt });
  }
}
