import type { FastifyInstance } from "fastify";
import { encodeChoices, encodeParts } from "@adesua/domain";
import { call } from "../../../test/test-app";
import { form, QUIZ_FORM_SETTINGS } from "../../../test/uploads";

/**
 * A quiz holding every question type (issue 27), as a teacher writes it, for the grading, item analysis, practice and
 * key-leak tests. Marks: single 1, multiple 2 (partial), true/false 1, short 1, numerical 2, written 5 (a 2 + b 3),
 * equation single 1 — 13 in all, 8 auto-marked.
 */
export const EVERY_TYPE_QUESTIONS = [
  { text: "Which city is the capital of Ghana?", options: ["Kumasi", "Accra", "Tamale", "Cape Coast"], answer: "Accra" },
  { type: "multiple", text: "Which are prime numbers?", options: ["2", "4", "5", "9"], answers: ["2", "5"], scoring: "partial", marks: 2 },
  { type: "true_false", text: "The sun rises in the east.", answer: "True" },
  {
    type: "short",
    text: "Name the largest man-made lake in Ghana.",
    accepted: [
      { text: "Volta", fraction: 100 },
      { text: "Lake Volta", fraction: 100 },
    ],
  },
  { type: "numerical", text: "How long is the rod, in cm?", value: 12.5, tolerance: 0.5, unit: "cm", marks: 2 },
  {
    type: "written",
    text: "Photosynthesis.",
    marks: 5,
    scheme: "SCHEME-WHOLE: light, water, carbon dioxide",
    parts: [
      { label: "a", marks: 2, scheme: "SCHEME-A: name the raw materials" },
      { label: "b", marks: 3, scheme: "SCHEME-B: give the word equation" },
    ],
  },
  {
    text: "Evaluate 2^3 × 2",
    options: ["8", "16", "12", "64"],
    answer: "16",
    equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
  },
] as const;

/** The index of each type's question in EVERY_TYPE_QUESTIONS. */
export const AT = { single: 0, multiple: 1, trueFalse: 2, short: 3, numerical: 4, written: 5, equation: 6 } as const;

/** Answers that earn full marks on every auto-marked question, and a written answer in parts. */
export const FULL_ANSWERS = [
  "Accra",
  encodeChoices(["2", "5"]),
  "True",
  "  lake VOLTA ",
  "12.8 cm",
  encodeParts(["water and carbon dioxide", "carbon dioxide + water -> glucose + oxygen"]),
  "16",
];

/** Creates the quiz (open now, no close time, scores at once) in a course; answers its id and question ids in order. */
export async function createEveryTypeQuiz(app: FastifyInstance, token: string, courseId: number, over: Record<string, unknown> = {}) {
  const r = await call(app, {
    method: "POST",
    url: "/api/quizzes",
    token,
    payload: form({ ...QUIZ_FORM_SETTINGS, title: "Every type", courseId, studentType: "jhs1", ...over, questions: EVERY_TYPE_QUESTIONS }) as never,
  });
  if (r.status !== 201) throw new Error(`create quiz: ${r.status} ${r.raw}`);
  const q = await call(app, { method: "GET", url: `/api/quizzes/${r.body.id}`, token });
  return { quizId: r.body.id as number, ids: (q.body.questions as { id: number }[]).map((x) => x.id) };
}

/** The answers of a sitting, one per question (null: left), as the submit takes them. */
export const answersFor = (ids: readonly number[], given: readonly (string | null)[]) =>
  ids.flatMap((questionId, i) => (given[i] == null ? [] : [{ questionId, answer: given[i] as string }]));
