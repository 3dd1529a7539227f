import { and, eq, inArray } from "drizzle-orm";
import { storedTypeFields, type Equation, type GradableQuestion, type TypedQuestionInput } from "@adesua/domain";
import type { Db } from "../../db/client";
import { attempts, courses, questions, quizzes, users } from "../../db/schema";
import { fingerprintOf } from "../question-bank/question-bank.service";
import { DEMO_TEACHERS } from "./seed.service";
import { seedSubmission } from "./sittings.seed";

/**
 * Every question type in the demo school (issue 27).
 *
 * The quiz: "Mixed question types (demo)" in the course "Mathematics" (teacher Ama Owusu, ama.owusu@adesua.school),
 * for JHS 1 (students yaw.darko@, abena.osei@, kojo.appiah@adesua.school, password adesua-demo), open since yesterday
 * with no close time, 30 minutes, unlimited attempts, scores at once. Questions in order: single, multiple (partial
 * credit, 2 marks), true/false, short (two accepted answers), numerical (7.5 ± 0.1 kg, 2 marks), written in parts (a)
 * and (b) with a marking scheme (4 marks), and "Evaluate 2^3 × 2" with its equation. Three classmates (Akua Nyarko,
 * Fiifi Baidoo, Adjoa Tetteh) have sat it: their written answers wait for the teacher's marks on the grading screen.
 *
 * The bank: "Mathematics 2024 section A" (topic "Question types") holds true/false, short, numerical, multiple and
 * written questions, so practice shows them.
 */
export const MIXED_TYPES_DEMO_QUIZ = "Mixed question types (demo)";
export const MIXED_TYPES_DEMO_COURSE = "Mathematics";
export const TYPED_BANK_GROUP = { year: 2024, subject: "Mathematics", section: "A" as const, topic: "Question types" };

type DemoTyped = TypedQuestionInput & { text: string; equations?: Equation[] };

export const MIXED_TYPES_QUESTIONS: DemoTyped[] = [
  { type: "single", text: "Which of these is a prime number?", options: ["21", "23", "25", "27"], answer: "23" },
  {
    type: "multiple",
    text: "Which of these are factors of 12? (Choose all that apply.)",
    options: ["3", "5", "6", "8"],
    answers: ["3", "6"],
    scoring: "partial",
    marks: 2,
  },
  { type: "true_false", text: "The angles of a triangle add up to 180°.", answer: "True" },
  {
    type: "short",
    text: "Write 0.5 as a fraction in its lowest terms.",
    accepted: [
      { text: "1/2", fraction: 100 },
      { text: "one half", fraction: 100 },
    ],
  },
  { type: "numerical", text: "A bag of rice weighs 2.5 kg. How much do 3 such bags weigh?", value: 7.5, tolerance: 0.1, unit: "kg", marks: 2 },
  {
    type: "written",
    text: "Kofi buys 3 exercise books at GH₵ 4.50 each. (a) How much does he pay? (b) How much change does he get from GH₵ 20? Show your working.",
    marks: 4,
    scheme: "Give the method mark for correct working even when the final answer is wrong.",
    parts: [
      { label: "a", marks: 2, scheme: "3 × 4.50 = GH₵ 13.50 (1 mark for the multiplication, 1 for the answer)" },
      { label: "b", marks: 2, scheme: "20 − 13.50 = GH₵ 6.50 (1 mark for the subtraction, 1 for the answer)" },
    ],
  },
  {
    type: "single",
    text: "Evaluate 2^3 × 2",
    options: ["8", "12", "16", "64"],
    answer: "16",
    equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
  },
];

/** Three JHS 1 classmates no journey signs in as; each leaves the written answer for the teacher. Part answers as a JSON list. */
const SITTINGS: { email: string; answers: (string | null)[] }[] = [
  {
    email: "akua.nyarko@adesua.school",
    answers: ["23", '["3","6"]', "True", "1/2", "7.5 kg", '["3 × 4.50 = GH₵ 13.50","20 − 13.50 = GH₵ 6.50"]', "16"],
  },
  { email: "fiifi.baidoo@adesua.school", answers: ["21", '["3","8"]', "True", "one half", "7", '["GH₵ 13.50","GH₵ 7.50"]', "12"] },
  { email: "adjoa.tetteh@adesua.school", answers: ["23", '["6"]', "False", "5/10", "7.45", '["4.50 × 3 = 12.50",""]', "16"] },
];

/** Typed questions of the bank's "Mathematics 2024 section A" group (practice of every type). */
export const TYPED_BANK_QUESTIONS: DemoTyped[] = [
  { type: "true_false", text: "Every square is a rectangle.", answer: "True" },
  { type: "true_false", text: "0.3 is greater than 0.25 × 2.", answer: "False" },
  {
    type: "short",
    text: "What is the name of a polygon with eight sides?",
    accepted: [
      { text: "octagon", fraction: 100 },
      { text: "an octagon", fraction: 100 },
    ],
  },
  { type: "numerical", text: "Find the area of a rectangle 6 m long and 4.5 m wide, in square metres.", value: 27, tolerance: 0, unit: "m²" },
  { type: "numerical", text: "Give π correct to two decimal places.", value: 3.14, tolerance: 0.005 },
  {
    type: "multiple",
    text: "Which of these numbers are even? (Choose all that apply.)",
    options: ["14", "21", "36", "45"],
    answers: ["14", "36"],
    scoring: "all_or_nothing",
  },
  {
    type: "written",
    text: "Explain why 1 is not a prime number.",
    marks: 2,
    scheme: "A prime number has exactly two different factors (1 mark); 1 has only one factor (1 mark).",
  },
];

const DAY = 24 * 3600_000;

const rowOf = (q: DemoTyped) => ({ text: q.text, equations: q.equations ?? [], ...storedTypeFields(q) });

/** The mixed quiz, its sittings and the typed bank questions. Runs inside the demo transaction, after the courses and the bank. */
export async function seedQuestionTypesDemo(db: Db): Promise<void> {
  await db.insert(questions).values(
    TYPED_BANK_QUESTIONS.map((q, i) => {
      const r = rowOf(q);
      return { quizId: null, position: i, ...r, ...TYPED_BANK_GROUP, fingerprint: fingerprintOf(r.text, r.options) };
    }),
  );

  const [course] = await db
    .select({ id: courses.id, teacherId: courses.teacherId })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .where(and(eq(courses.title, MIXED_TYPES_DEMO_COURSE), eq(users.email, DEMO_TEACHERS[0].email)))
    .limit(1);
  if (!course) return;
  const now = Date.now();
  const [quiz] = await db
    .insert(quizzes)
    .values({
      title: MIXED_TYPES_DEMO_QUIZ,
      courseId: course.id,
      teacherId: course.teacherId,
      studentType: "jhs1",
      openTime: new Date(now - DAY),
      closeTime: null,
      timeLimit: 30,
      maxAttempts: null,
      questionsPerPage: 5,
      passingScore: 50,
    })
    .returning({ id: quizzes.id, passingScore: quizzes.passingScore });
  const qs = await db
    .insert(questions)
    .values(MIXED_TYPES_QUESTIONS.map((q, position) => ({ quizId: quiz.id, position, ...rowOf(q) })))
    .returning();
  qs.sort((a, b) => a.position - b.position);
  const gradable: GradableQuestion[] = qs.map((q) => ({
    id: q.id,
    type: q.type,
    marks: Number(q.marks),
    options: q.options,
    answer: q.answer,
    details: q.details,
  }));

  const students = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        SITTINGS.map((s) => s.email),
      ),
    );
  for (const [i, sitting] of SITTINGS.entries()) {
    const student = students.find((s) => s.email === sitting.email);
    if (!student) continue;
    const startedAt = new Date(now - 20 * 3600_000 + i * 3600_000);
    const submittedAt = new Date(startedAt.getTime() + 18 * 60_000);
    const [attempt] = await db
      .insert(attempts)
      .values({
        quizId: quiz.id,
        userId: student.id,
        attemptNumber: 1,
        status: "submitted",
        startedAt,
        deadline: new Date(startedAt.getTime() + 30 * 60_000),
        submittedAt,
      })
      .returning({ id: attempts.id });
    const given = qs.flatMap((q, k) => (sitting.answers[k] == null ? [] : [{ questionId: q.id, answer: sitting.answers[k] as string }]));
    await seedSubmission(db, { attemptId: attempt.id, quiz, userId: student.id, questions: gradable, given, savedAt: submittedAt, submittedAt });
  }
}
