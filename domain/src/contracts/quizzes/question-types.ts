/**
 * The fields every question type adds (issue 27, decision 049), shared by a quiz's questions, the bank's questions and
 * the parse review. Single-answer multiple choice keeps the old shape (`text`, `options`, `answer` as the right option's
 * text, no `type` needed); every other type names itself in `type` and adds its own fields:
 *
 *   single      options (2–5), answer (an option's text; null: unknown)
 *   multiple    options (2–5), answers (the right options' texts), scoring all_or_nothing (default) | partial
 *   true_false  answer "True" | "False" (options are always ["True", "False"])
 *   short       accepted [{ text, fraction 1–100 }] (case, spaces and accents ignored; `*` matches anything), contains
 *   numerical   value, tolerance (default 0), unit (optional)
 *   written     parts [{ label, marks, scheme }] (optional; their marks add up to the question's), scheme (marking scheme)
 *
 * Every type: marks (default 1, up to 100, steps of 0.01) and equations [{ linear, mathml }] (Word equations: `linear`
 * is how the equation reads in the text, `mathml` how the screen draws it).
 */
import { z } from "zod";
import { QUIZ_LIMITS, QUIZ_MESSAGES } from "../../constants";
import { MARKS_LIMITS, MULTIPLE_SCORING, QUESTION_TYPES, TRUE_FALSE_OPTIONS, type QuestionDetails, type QuestionType } from "../../rules/question-types";
import { sanitizeMathml } from "../../rules/mathml";

export const QUESTION_TYPE_MESSAGES = {
  type: `type must be one of ${QUESTION_TYPES.join(", ")}`,
  marks: `Marks must be a number from ${MARKS_LIMITS.min} to ${MARKS_LIMITS.max}`,
  answersNotOptions: "The right answers must be among the options",
  answersRequired: "Choose at least one right answer",
  scoring: "scoring must be all_or_nothing or partial",
  trueFalseAnswer: 'The answer of a true/false question must be "True" or "False"',
  acceptedRequired: "A short-answer question needs at least one accepted answer worth marks",
  acceptedText: "An accepted answer cannot be empty",
  fraction: "An accepted answer's share must be a whole number from 0 to 100 (percent)",
  value: "A numerical question needs its right value (a number)",
  tolerance: "Tolerance must be 0 or more",
  unit: "Unit must be at most 20 characters",
  partLabel: "Each part needs a label (e.g. a, b, c(i)) of at most 20 characters",
  partsMarks: "The parts' marks must add up to the question's marks",
  partsLabelsDistinct: "Parts must have different labels",
  noOptionsForType: "This type of question has no options",
  mathml: "An equation must be MathML (a <math> element)",
} as const;
const T = QUESTION_TYPE_MESSAGES;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v);

export const QuestionTypeSchema = z.enum(QUESTION_TYPES, { error: T.type });
export const MultipleScoringSchema = z.enum(MULTIPLE_SCORING, { error: T.scoring });

export const AcceptedAnswerSchema = z.object({
  text: z.string({ error: T.acceptedText }).trim().min(1, { error: T.acceptedText }).max(500, { error: "An accepted answer must be at most 500 characters" }),
  /** Percent of the question's marks this answer earns; default 100. */
  fraction: z.preprocess(
    (v) => (isBlank(v) ? 100 : toNumber(v)),
    z.number({ error: T.fraction }).int({ error: T.fraction }).min(0, { error: T.fraction }).max(100, { error: T.fraction }),
  ),
});

const marksNumber = z
  .number({ error: T.marks })
  .min(MARKS_LIMITS.min, { error: T.marks })
  .max(MARKS_LIMITS.max, { error: T.marks })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: T.marks });

export const WrittenPartSchema = z.object({
  label: z.string({ error: T.partLabel }).trim().min(1, { error: T.partLabel }).max(20, { error: T.partLabel }),
  marks: z.preprocess(toNumber, marksNumber),
  /** What the marker looks for in this part; may be empty. */
  scheme: z.preprocess((v) => (isBlank(v) ? "" : v), z.string().trim().max(2000, { error: "A part's marking scheme must be at most 2000 characters" })),
});

export const EquationSchema = z.object({
  linear: z.string().trim().min(1).max(1000),
  /** Accepted only as MathML Core elements without scripts, links or styles: anything else is dropped (`sanitizeMathml`). */
  mathml: z
    .string({ error: T.mathml })
    .max(20_000)
    .transform((s, ctx) => {
      const clean = sanitizeMathml(s);
      if (clean === null) ctx.addIssue({ code: "custom", message: T.mathml });
      return clean ?? "";
    }),
});
export type EquationInput = z.input<typeof EquationSchema>;

/** The fields each type adds, as a response carries them (staff: all; students: see `STUDENT_HIDDEN_TYPE_FIELDS`). */
export const QuestionTypeFieldsSchema = z.object({
  type: QuestionTypeSchema,
  marks: z.number(),
  answers: z.array(z.string()).optional(),
  scoring: MultipleScoringSchema.optional(),
  accepted: z.array(z.object({ text: z.string(), fraction: z.number() })).optional(),
  contains: z.boolean().optional(),
  value: z.number().optional(),
  tolerance: z.number().optional(),
  unit: z.string().nullable().optional(),
  parts: z.array(z.object({ label: z.string(), marks: z.number(), scheme: z.string() })).optional(),
  scheme: z.string().nullable().optional(),
  equations: z.array(z.object({ linear: z.string(), mathml: z.string() })).optional(),
});

/** What a student may see of a question's type fields: the parts' labels and marks and the unit, never a key or a scheme. */
export const StudentQuestionTypeFieldsSchema = QuestionTypeFieldsSchema.pick({ type: true, marks: true, unit: true, equations: true }).extend({
  parts: z.array(z.object({ label: z.string(), marks: z.number() })).optional(),
});

/** The type fields of an input (POST/PUT of questions, bulk saves, the review): all optional, checked by `checkQuestionType`. */
export const questionTypeInputShape = {
  type: z.preprocess((v) => (isBlank(v) ? "single" : typeof v === "string" ? v.trim().toLowerCase().replace(/[- ]/g, "_") : v), QuestionTypeSchema),
  marks: z.preprocess((v) => (isBlank(v) ? undefined : toNumber(v)), marksNumber.optional()),
  answers: z.array(z.string().trim().max(1000)).max(QUIZ_LIMITS.options.max).optional(),
  scoring: z.preprocess((v) => (isBlank(v) ? undefined : v), MultipleScoringSchema.optional()),
  accepted: z.array(AcceptedAnswerSchema).max(20, { error: "At most 20 accepted answers" }).optional(),
  contains: z.boolean({ error: "contains must be true or false" }).optional(),
  value: z.preprocess((v) => (isBlank(v) ? undefined : toNumber(v)), z.number({ error: T.value }).finite({ error: T.value }).optional()),
  tolerance: z.preprocess((v) => (isBlank(v) ? undefined : toNumber(v)), z.number({ error: T.tolerance }).min(0, { error: T.tolerance }).finite().optional()),
  unit: z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(20, { error: T.unit }).nullable()).optional(),
  parts: z.array(WrittenPartSchema).max(10, { error: "A written question can have at most 10 parts" }).optional(),
  scheme: z
    .preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(5000, { error: "A marking scheme must be at most 5000 characters" }).nullable())
    .optional(),
  equations: z.array(EquationSchema).max(50).optional(),
};

/** An input question as `checkQuestionType` reads it. */
export type TypedQuestionInput = {
  type: QuestionType;
  marks?: number;
  options?: string[];
  answer?: string | null;
  answers?: string[];
  scoring?: "all_or_nothing" | "partial";
  accepted?: { text: string; fraction: number }[];
  contains?: boolean;
  value?: number;
  tolerance?: number;
  unit?: string | null;
  parts?: { label: string; marks: number; scheme: string }[];
  scheme?: string | null;
};

/**
 * The per-type rules of an input question (a zod superRefine): options where the type has them, the key among them,
 * the fields the type needs. Messages name the field by path. `singleKeyByLetter`: a single answer's key is checked later
 * (the bank resolves a letter A–E or the text in any case).
 */
export function checkQuestionType(q: TypedQuestionInput, ctx: z.RefinementCtx, opts: { singleKeyByLetter?: boolean } = {}): void {
  const options = q.options ?? [];
  const L = QUIZ_LIMITS.options;
  const add = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  switch (q.type) {
    case "single":
    case "multiple":
      if (options.length < L.min || options.length > L.max) add(QUIZ_MESSAGES.options, ["options"]);
      else if (new Set(options).size !== options.length) add(QUIZ_MESSAGES.optionsDistinct, ["options"]);
      // The bank also takes a letter A–E or the option's text in any case (its service resolves it).
      if (q.type === "single" && q.answer != null && !opts.singleKeyByLetter && !options.includes(q.answer)) add(QUIZ_MESSAGES.answerNotAnOption, ["answer"]);
      if (q.type === "multiple" && q.answers?.some((a) => !options.includes(a))) add(T.answersNotOptions, ["answers"]);
      break;
    case "true_false":
      if (options.length && (options.length !== 2 || options.some((o, i) => o.toLowerCase() !== TRUE_FALSE_OPTIONS[i].toLowerCase())))
        add('A true/false question\'s options are "True" and "False"', ["options"]);
      if (q.answer != null && !TRUE_FALSE_OPTIONS.some((o) => o.toLowerCase() === q.answer!.trim().toLowerCase())) add(T.trueFalseAnswer, ["answer"]);
      break;
    case "short":
      if (options.length) add(T.noOptionsForType, ["options"]);
      if (q.accepted && q.accepted.length && !q.accepted.some((a) => a.fraction > 0)) add(T.acceptedRequired, ["accepted"]);
      break;
    case "numerical":
      if (options.length) add(T.noOptionsForType, ["options"]);
      break;
    case "written": {
      if (options.length) add(T.noOptionsForType, ["options"]);
      const parts = q.parts ?? [];
      if (new Set(parts.map((p) => p.label.toLowerCase())).size !== parts.length) add(T.partsLabelsDistinct, ["parts"]);
      if (parts.length && q.marks !== undefined) {
        const sum = parts.reduce((s, p) => s + p.marks, 0);
        if (Math.abs(sum - q.marks) > 0.001) add(T.partsMarks, ["marks"]);
      }
      break;
    }
  }
}

/** A checked input question's stored form: options, the key in answer form, marks and the `details` column. */
export function storedTypeFields(q: TypedQuestionInput): {
  type: QuestionType;
  options: string[];
  answer: string | null;
  marks: number;
  details: QuestionDetails;
} {
  const type = q.type;
  const options = type === "true_false" ? [...TRUE_FALSE_OPTIONS] : type === "single" || type === "multiple" ? (q.options ?? []) : [];
  const details: QuestionDetails = {};
  let answer: string | null = null;
  let marks = q.marks ?? MARKS_LIMITS.default;
  switch (type) {
    case "single":
      answer = q.answer ?? null;
      break;
    case "true_false":
      answer = q.answer == null ? null : (TRUE_FALSE_OPTIONS.find((o) => o.toLowerCase() === q.answer!.trim().toLowerCase()) ?? null);
      break;
    case "multiple":
      details.answers = options.filter((o) => (q.answers ?? []).includes(o));
      details.scoring = q.scoring ?? "all_or_nothing";
      answer = details.answers.length ? JSON.stringify(details.answers) : null;
      break;
    case "short":
      details.accepted = (q.accepted ?? []).map((a) => ({ text: a.text, fraction: a.fraction }));
      details.contains = q.contains ?? false;
      answer = [...details.accepted].sort((a, b) => b.fraction - a.fraction)[0]?.text ?? null;
      break;
    case "numerical":
      if (typeof q.value === "number") {
        details.value = q.value;
        details.tolerance = q.tolerance ?? 0;
        details.unit = q.unit ?? null;
        answer = `${q.value}${q.unit ? ` ${q.unit}` : ""}`;
      }
      break;
    case "written":
      details.parts = (q.parts ?? []).map((p) => ({ label: p.label, marks: p.marks, scheme: p.scheme }));
      details.scheme = q.scheme ?? null;
      if (details.parts.length && q.marks === undefined) marks = Math.round(details.parts.reduce((s, p) => s + p.marks, 0) * 100) / 100;
      break;
  }
  return { type, options, answer, marks, details };
}

/** The type fields a response carries, from a stored question (type, marks, details, equations columns). */
export function presentTypeFields(row: {
  type: string;
  marks: number;
  details: QuestionDetails | null;
  equations?: { linear: string; mathml: string }[] | null;
}) {
  const d = row.details ?? {};
  const type = row.type as QuestionType;
  return {
    type,
    marks: Number(row.marks),
    ...(type === "multiple" ? { answers: d.answers ?? [], scoring: d.scoring ?? "all_or_nothing" } : {}),
    ...(type === "short" ? { accepted: d.accepted ?? [], contains: d.contains ?? false } : {}),
    ...(type === "numerical" ? { value: d.value, tolerance: d.tolerance ?? 0, unit: d.unit ?? null } : {}),
    ...(type === "written" ? { parts: d.parts ?? [], scheme: d.scheme ?? null } : {}),
    ...(row.equations?.length ? { equations: row.equations } : {}),
  };
}

/** The same for a student: parts without their schemes, the unit; never a key or a scheme. */
export function presentStudentTypeFields(row: {
  type: string;
  marks: number;
  details: QuestionDetails | null;
  equations?: { linear: string; mathml: string }[] | null;
}) {
  const d = row.details ?? {};
  const type = row.type as QuestionType;
  return {
    type,
    marks: Number(row.marks),
    ...(type === "numerical" && d.unit ? { unit: d.unit } : {}),
    ...(type === "written" && d.parts?.length ? { parts: d.parts.map((p) => ({ label: p.label, marks: p.marks })) } : {}),
    ...(row.equations?.length ? { equations: row.equations } : {}),
  };
}
