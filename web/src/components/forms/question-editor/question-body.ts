import { QUIZ_MESSAGES } from "@adesua/domain/constants";
import { MARKS_LIMITS, TRUE_FALSE_OPTIONS, type MultipleScoring, type QuestionType } from "@adesua/domain/rules";
import { QUESTION_TYPE_MESSAGES } from "@adesua/domain";
import { issuesToFieldErrors, type SchemaIssue } from "@/lib/form-errors";

/** A number field as an input holds it: a number, or the text typed so far ("" when empty). */
export type NumberField = number | string;
/** A Word equation of the question: how it reads in the text and its MathML (sent back unchanged). */
export type DraftEquation = { linear: string; mathml: string };
export type AcceptedDraft = { text: string; fraction: NumberField };
export type PartDraft = { label: string; marks: NumberField; scheme: string };

/**
 * What the one question editor edits (issue 27), for every type: the quiz editor, the bank's New Questions and the
 * parse review all hold their questions in this shape. The fields of the types not chosen are kept while the teacher
 * switches type (switching back restores them); only the chosen type's fields are sent (`bodyPayload`).
 */
export type QuestionBody = {
  text: string;
  /** single and multiple: the options' texts (true/false: not used, its options are True and False). */
  options: string[];
  /** single: the right option's position; true_false: 0 True, 1 False; null: not known (a teacher marks it). */
  answerIndex: number | null;
  /** Left out: single (the old shape). */
  type?: QuestionType;
  marks?: NumberField;
  /** multiple: the right options' positions, so editing an option's text keeps its mark. */
  answerIndexes?: number[];
  scoring?: MultipleScoring;
  accepted?: AcceptedDraft[];
  contains?: boolean;
  value?: NumberField;
  tolerance?: NumberField;
  unit?: string;
  parts?: PartDraft[];
  scheme?: string;
  /** Sent back as they came: an equation whose linear text was edited away is simply not drawn. */
  equations?: DraftEquation[];
};

/** A question's type fields as the API sends them (a quiz's, the bank's or the parse's question). */
export type WireQuestion = {
  text: string;
  options: string[];
  answer?: string | null;
  type?: QuestionType;
  marks?: number;
  answers?: string[];
  scoring?: MultipleScoring;
  accepted?: { text: string; fraction: number }[];
  contains?: boolean;
  value?: number;
  tolerance?: number;
  unit?: string | null;
  parts?: { label: string; marks: number; scheme: string }[];
  scheme?: string | null;
  equations?: DraftEquation[];
};

export const CHOICE_TYPES: readonly QuestionType[] = ["single", "multiple"];
export const typeOf = (b: Pick<QuestionBody, "type">): QuestionType => b.type ?? "single";

const blank = (v: NumberField | undefined) => v === undefined || (typeof v === "string" && v.trim() === "");
/** A typed number as the API takes it: a number when it reads as one, else the text (for the schema to refuse), undefined when empty. */
export function numberOut(v: NumberField | undefined): number | string | undefined {
  if (blank(v)) return undefined;
  if (typeof v === "number") return v;
  const n = Number(v!.trim().replace(",", "."));
  return Number.isFinite(n) ? n : v!.trim();
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A written question's marks when it has parts: their sum (null when a part's marks are not a number yet). */
export function partsTotal(parts: readonly PartDraft[] | undefined): number | null {
  if (!parts?.length) return null;
  let sum = 0;
  for (const p of parts) {
    const n = numberOut(p.marks);
    if (typeof n !== "number") return null;
    sum += n;
  }
  return round2(sum);
}

/** The question's marks as shown: a written question with parts is worth their sum. */
export function bodyMarks(b: QuestionBody): NumberField {
  if (typeOf(b) === "written" && b.parts?.length) return partsTotal(b.parts) ?? "";
  return b.marks ?? MARKS_LIMITS.default;
}

export const emptyBody = (): QuestionBody => ({ text: "", options: ["", "", "", ""], answerIndex: null, marks: MARKS_LIMITS.default });

/** A type chosen in the picker: what it needs to start with (4 empty options for a choice question, one accepted answer…). */
export function withType(b: QuestionBody, type: QuestionType): QuestionBody {
  const next: QuestionBody = { ...b, type };
  if (CHOICE_TYPES.includes(type) && b.options.length < 2) next.options = ["", "", "", ""];
  // An option's position means something else in a true/false question: the right answer is chosen again.
  if ((type === "true_false") !== (typeOf(b) === "true_false")) next.answerIndex = null;
  if (type === "short" && !b.accepted?.length) next.accepted = [{ text: "", fraction: 100 }];
  if (type === "multiple" && !b.scoring) next.scoring = "all_or_nothing";
  return next;
}

/** The editor's shape of a question read from the API. */
export function bodyFromWire(q: WireQuestion): QuestionBody {
  const type = q.type ?? "single";
  const body: QuestionBody = {
    text: q.text,
    options: type === "single" || type === "multiple" ? [...q.options] : ["", "", "", ""],
    answerIndex: null,
    marks: q.marks ?? MARKS_LIMITS.default,
    ...(type !== "single" ? { type } : {}),
    ...(q.equations?.length ? { equations: q.equations } : {}),
  };
  switch (type) {
    case "single": {
      const i = q.answer == null ? -1 : q.options.indexOf(q.answer);
      body.answerIndex = i >= 0 ? i : null;
      break;
    }
    case "true_false": {
      const a = (q.answer ?? "").trim().toLowerCase();
      body.answerIndex = a === "true" ? 0 : a === "false" ? 1 : null;
      break;
    }
    case "multiple":
      body.answerIndexes = q.options.flatMap((o, i) => ((q.answers ?? []).includes(o) ? [i] : []));
      body.scoring = q.scoring ?? "all_or_nothing";
      break;
    case "short":
      body.accepted = (q.accepted ?? []).map((a) => ({ ...a }));
      if (!body.accepted.length) body.accepted.push({ text: "", fraction: 100 });
      body.contains = q.contains ?? false;
      break;
    case "numerical":
      body.value = q.value ?? "";
      body.tolerance = q.tolerance ?? 0;
      body.unit = q.unit ?? "";
      break;
    case "written":
      body.parts = (q.parts ?? []).map((p) => ({ label: p.label, marks: p.marks, scheme: p.scheme ?? "" }));
      body.scheme = q.scheme ?? "";
      break;
  }
  return body;
}

/** Wire fields of a body (options trimmed): the chosen type's fields only; a single answer keeps the old shape. */
export function bodyPayload(b: QuestionBody): Record<string, unknown> & { text: string } {
  const type = typeOf(b);
  const out: Record<string, unknown> & { text: string } = { text: b.text.trim() };
  const options = b.options.map((o) => o.trim());
  const marks = numberOut(bodyMarks(b));
  switch (type) {
    case "single":
      out.options = options;
      out.answer = b.answerIndex === null ? null : (options[b.answerIndex] ?? null);
      // The old shape: marks only when they are not the default.
      if (marks !== undefined && marks !== MARKS_LIMITS.default) out.marks = marks;
      break;
    case "multiple":
      Object.assign(out, {
        type,
        options,
        answers: (b.answerIndexes ?? [])
          .filter((i) => i < options.length)
          .sort()
          .map((i) => options[i]),
      });
      out.scoring = b.scoring ?? "all_or_nothing";
      break;
    case "true_false":
      Object.assign(out, { type, answer: b.answerIndex === null ? null : TRUE_FALSE_OPTIONS[b.answerIndex] });
      break;
    case "short":
      Object.assign(out, {
        type,
        accepted: (b.accepted ?? [])
          .filter((a) => a.text.trim() || !blank(a.fraction))
          .map((a) => ({ text: a.text.trim(), fraction: numberOut(a.fraction) ?? 100 })),
        contains: b.contains ?? false,
      });
      break;
    case "numerical": {
      out.type = type;
      const value = numberOut(b.value);
      const tolerance = numberOut(b.tolerance);
      if (value !== undefined) out.value = value;
      if (tolerance !== undefined) out.tolerance = tolerance;
      if (b.unit?.trim()) out.unit = b.unit.trim();
      break;
    }
    case "written":
      out.type = type;
      if (b.parts?.length) out.parts = b.parts.map((p) => ({ label: p.label.trim(), marks: numberOut(p.marks) ?? "", scheme: p.scheme.trim() }));
      if (b.scheme?.trim()) out.scheme = b.scheme.trim();
      break;
  }
  if (type !== "single" && marks !== undefined) out.marks = marks;
  if (b.equations?.length) out.equations = b.equations;
  return out;
}

/** The field a message belongs to: the schema's path ("accepted.0.text") or, for the server's sentence, found by its text. */
export type FieldErrors = Record<string, string>;

/** Schema issues as the editor's field errors (dotted paths; the first message per field). */
export const fieldErrorsOf = (issues: readonly SchemaIssue[]): FieldErrors => issuesToFieldErrors(issues) as FieldErrors;

/** The first message of a question's field errors, for its collapsed line and the page's problem list. */
export const firstError = (e: FieldErrors | undefined): string | undefined => (e ? Object.values(e)[0] : undefined);

/**
 * The server's refusal of a list ("Question 3: The right answers must be among the options") as the question's
 * number and message, to show beside that question (and its field when the message names one).
 */
export function questionOfServerError(message: string | null | undefined): { index: number; message: string } | null {
  const m = /^Question (\d+): (.+)$/s.exec(message ?? "");
  return m ? { index: Number(m[1]) - 1, message: m[2] } : null;
}

const T = QUESTION_TYPE_MESSAGES;
const Q = QUIZ_MESSAGES;
/** The server names no field: its sentence says which (the same messages as the shared schema's). */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [Q.questionText]: "text",
  [Q.options]: "options",
  [Q.optionEmpty]: "options",
  [Q.optionsDistinct]: "options",
  [Q.answerNotAnOption]: "answer",
  [T.marks]: "marks",
  [T.partsMarks]: "marks",
  [T.answersNotOptions]: "answers",
  [T.answersRequired]: "answers",
  [T.scoring]: "scoring",
  [T.trueFalseAnswer]: "answer",
  [T.acceptedRequired]: "accepted",
  [T.acceptedText]: "accepted",
  [T.fraction]: "accepted",
  [T.value]: "value",
  [T.tolerance]: "tolerance",
  [T.unit]: "unit",
  [T.partLabel]: "parts",
  [T.partsLabelsDistinct]: "parts",
};

/** A message from the server as a field error of the editor ("form" when it names no field the editor shows). */
export const serverFieldError = (message: string): FieldErrors => ({ [FIELD_OF_MESSAGE[message] ?? "form"]: message });

type SafeParser = { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } } };

/**
 * A body checked with the shared schema the server uses (the quiz's QuestionInputSchema or the bank's
 * BankQuestionContentSchema): the same messages, by field. Marks left empty are reported too (the schema would take
 * the default).
 */
export function checkBody(b: QuestionBody, schema: SafeParser, extra: Record<string, unknown> = {}): FieldErrors {
  const r = schema.safeParse({ ...bodyPayload(b), ...extra });
  const out = r.success ? {} : fieldErrorsOf(r.error.issues);
  if (blank(bodyMarks(b)) && !out.marks && !(typeOf(b) === "written" && b.parts?.length)) out.marks = T.marks;
  return out;
}

/**
 * The type fields a question under review carries beside its text, options and answer (the bank's review keeps the
 * answer as the right option's text, which an answer key's letters set): the editor's fields, the right options of a
 * multiple-answer question as texts, and the scan it was read from.
 */
export type DraftTypeFields = Omit<QuestionBody, "text" | "options" | "answerIndex" | "answerIndexes"> & {
  answers?: string[];
  scan?: { page: number; cropId: number | null };
};
/** A question under review as the editor's adapters read it. */
export type ReviewDraft = { text: string; options: string[]; answer: string } & DraftTypeFields;

/** A question under review as the editor's body. */
export function bodyOfDraft(d: ReviewDraft): QuestionBody {
  const { answer, answers, scan: _scan, ...rest } = d;
  void _scan;
  const type = typeOf(d);
  const body: QuestionBody = { ...rest, text: d.text, options: d.options, answerIndex: null };
  if (type === "true_false") {
    const a = answer.trim().toLowerCase();
    body.answerIndex = a === "true" ? 0 : a === "false" ? 1 : null;
  } else {
    const i = answer ? d.options.indexOf(answer) : -1;
    body.answerIndex = i >= 0 ? i : null;
  }
  if (type === "multiple") body.answerIndexes = d.options.flatMap((o, i) => (o && (answers ?? []).includes(o) ? [i] : []));
  return body;
}

/** The editor's body back into the question under review (its warnings, pictures and scan kept). */
export function draftOfBody<D extends ReviewDraft>(prev: D, b: QuestionBody): D {
  const { answerIndex, answerIndexes, ...rest } = b;
  const type = typeOf(b);
  const answer =
    answerIndex === null
      ? ""
      : type === "true_false"
        ? (TRUE_FALSE_OPTIONS[answerIndex] ?? "")
        : type === "single"
          ? (b.options[answerIndex] ?? "")
          : prev.answer;
  const next = { ...prev, ...rest, answer } as D;
  if (type === "multiple") next.answers = (answerIndexes ?? []).map((i) => b.options[i]).filter((o): o is string => !!o);
  return next;
}

/** A question read from the API (a parse, the bank) as a question under review. */
export function draftFromWire(q: WireQuestion): ReviewDraft {
  const body = bodyFromWire(q);
  const d = draftOfBody({ text: q.text, options: q.options, answer: q.answer ?? "" }, body);
  // A true/false question's options are its two answers, so an answer key's A or B names one.
  return { ...d, options: typeOf(body) === "true_false" ? [...TRUE_FALSE_OPTIONS] : body.options };
}

/** A question under review as the API takes it (blank options left out, as the review always did). */
export function draftPayload(d: ReviewDraft): Record<string, unknown> & { text: string } {
  const out = bodyPayload(bodyOfDraft(d));
  if (Array.isArray(out.options)) out.options = (out.options as string[]).filter(Boolean);
  return out;
}

/** Whether a question's key is known (it marks itself), or it is a written one a teacher marks: "answered" in the review. */
export function keyGiven(b: QuestionBody): boolean {
  switch (typeOf(b)) {
    case "single":
    case "true_false":
      return b.answerIndex !== null && (typeOf(b) === "true_false" || !!b.options[b.answerIndex]?.trim());
    case "multiple":
      return (b.answerIndexes ?? []).some((i) => !!b.options[i]?.trim());
    case "short":
      return (b.accepted ?? []).some((a) => a.text.trim() && Number(a.fraction) > 0);
    case "numerical":
      return numberOut(b.value) !== undefined;
    case "written":
      return true;
  }
}
