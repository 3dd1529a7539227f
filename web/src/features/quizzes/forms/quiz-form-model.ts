import dayjs from "dayjs";
import { QUIZ_LIMITS, QUIZ_MESSAGES, type ShowAnswers, type StudentType } from "@adesua/domain/constants";
import { QuestionInputSchema, QuizFormSchema, type Quiz } from "@adesua/domain";
import { pdfProblem } from "@/lib/pdf";
import { defaultWindow, NEW_QUIZ_DEFAULTS, proposedShowScore, type ShowScore } from "@/lib/new-quiz";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { questionImagePath } from "@/lib/api";
import {
  bodyFromWire,
  bodyPayload,
  checkBody,
  emptyBody,
  firstError,
  type FieldErrors,
  type NumberField,
  type QuestionBody,
  type WireQuestion,
} from "@/components/forms/question-editor/question-body";

const M = QUIZ_MESSAGES;
const L = QUIZ_LIMITS;

/** The label the quiz PDF's problems are reported under (the server says the same). */
export const PDF_LABEL = "The quiz file";
/** Positions in the form are question numbers (1-based); the API stores 0-based indexes. */
export const SECTION_NUMBERS = "Section start and end must be question numbers (1 or more)";

export type { NumberField };
export type SectionDraft = { key: string; name: string; start: NumberField; end: NumberField; timeLimit: NumberField };
/** A picture of a question being edited: its stored file, and where to show it from (null: not viewable here). */
export type DraftImage = { fileId: number; path: string | null };

/**
 * A question being edited: its content of any type (QuestionBody: the answer is kept as the option's position so
 * editing its text keeps the mark), its place and pictures.
 */
export type QuestionDraft = QuestionBody & {
  key: string;
  id?: number;
  section: string | null;
  /** Its pictures (diagrams), in order; removing one here drops it from the question on save. */
  images?: DraftImage[];
};

export type QuizFormValues = {
  title: string;
  courseId: string | null;
  studentType: StudentType | null;
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input gives it; "" means no bound. */
  openTime: string;
  closeTime: string;
  timeLimit: NumberField;
  maxAttempts: NumberField;
  questionsPerPage: NumberField;
  passingScore: NumberField;
  resetTimerOnAttempt: boolean;
  /** When students see the correct answers (decision 016). */
  showAnswers: ShowAnswers;
  /** A practice quiz: the only kind that may show answers after the last attempt. */
  practice: boolean;
  /** When students see their score; proposed from the close time and attempts until the teacher chooses. */
  showScore: ShowScore;
  showScoreChosen: boolean;
  timedSections: SectionDraft[];
  pdf: File | null;
};

type Field =
  | "title"
  | "courseId"
  | "studentType"
  | "openTime"
  | "closeTime"
  | "timeLimit"
  | "maxAttempts"
  | "questionsPerPage"
  | "passingScore"
  | "pdf"
  | "timedSections"
  | "showAnswers";
export type SectionErrors = Partial<Record<"name" | "start" | "end" | "timeLimit", string>>;
export type QuizFormErrors = Partial<Record<Field, string>> & { sections?: Record<string, SectionErrors> };

let seq = 0;
export const newKey = () => `k${++seq}`;

/** A new quiz's values: sensible defaults shown (issue 24 §3), a window from the next hour for a week, 30 minutes, one attempt. */
export const emptyQuizValues = (now = new Date()): QuizFormValues => {
  const w = defaultWindow(now);
  return {
    title: "",
    courseId: null,
    studentType: null,
    openTime: w.openTime,
    closeTime: w.closeTime,
    timeLimit: NEW_QUIZ_DEFAULTS.timeLimit,
    maxAttempts: NEW_QUIZ_DEFAULTS.maxAttempts,
    questionsPerPage: L.questionsPerPage.default,
    passingScore: L.passingScore.default,
    resetTimerOnAttempt: true,
    showAnswers: "after_close",
    practice: false,
    showScore: proposedShowScore({ closeTime: w.closeTime, maxAttempts: NEW_QUIZ_DEFAULTS.maxAttempts }),
    showScoreChosen: false,
    timedSections: [],
    pdf: null,
  };
};

/** A change to the values; "When students see their score" follows the close time and attempts until chosen. */
export function withChange<K extends keyof QuizFormValues>(v: QuizFormValues, k: K, value: QuizFormValues[K]): QuizFormValues {
  const next = { ...v, [k]: value };
  if (k === "showScore") return { ...next, showScoreChosen: true };
  if (next.showScoreChosen) return next;
  return { ...next, showScore: proposedShowScore({ closeTime: next.closeTime, maxAttempts: next.maxAttempts }) };
}

export const emptyQuestion = (): QuestionDraft => ({ key: newKey(), ...emptyBody(), section: null });

const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");

export function valuesFromQuiz(q: Quiz): QuizFormValues {
  return {
    title: q.title,
    courseId: String(q.courseId),
    studentType: q.studentType,
    openTime: toLocalInput(q.openTime),
    closeTime: toLocalInput(q.closeTime),
    timeLimit: q.timeLimit ?? "",
    maxAttempts: q.maxAttempts ?? "",
    questionsPerPage: q.questionsPerPage,
    passingScore: q.passingScore,
    resetTimerOnAttempt: q.resetTimerOnAttempt,
    showAnswers: q.showAnswers,
    practice: q.practice,
    showScore: q.showScore,
    showScoreChosen: true,
    timedSections: q.timedSections.map((s) => ({ key: newKey(), name: s.name, start: s.startIndex + 1, end: s.endIndex + 1, timeLimit: s.timeLimit })),
    pdf: null,
  };
}

export function questionsFromQuiz(q: Quiz): QuestionDraft[] {
  return q.questions.map((x) => {
    // Each saved picture is shown through its question (GET /questions/{id}/images/{n}), n from 1.
    const images = x.imageIds.map((fileId, k) => ({ fileId, path: questionImagePath(x.id, k + 1) }));
    return { key: newKey(), id: x.id, ...bodyFromWire(x as WireQuestion), section: x.section, images };
  });
}

const blank = (v: NumberField) => (typeof v === "string" ? v.trim() === "" : false);
/** Whether a filled-in number is a whole number within [min, max]. */
const intIn = (v: NumberField, min: number, max: number) => {
  const n = typeof v === "number" ? v : Number(v.trim());
  return Number.isInteger(n) && n >= min && n <= max;
};
/** A datetime-local value as the API's ISO instant; an unreadable one goes as typed, for the schema to refuse. */
const isoOf = (v: string) => {
  if (!v.trim()) return "";
  const d = dayjs(v);
  return d.isValid() ? d.toISOString() : v;
};

const SETTINGS: readonly Field[] = [
  "title",
  "courseId",
  "studentType",
  "openTime",
  "closeTime",
  "timeLimit",
  "maxAttempts",
  "questionsPerPage",
  "passingScore",
  "showAnswers",
];

/**
 * The quiz form's checks before anything is sent: the settings through the shared contract
 * (QuizFormSchema, the server's own validation, so the spec's messages come from one place), then
 * what only the form knows: the PDF, and the timed sections as question numbers against the questions.
 */
export function validateQuizForm(v: QuizFormValues, opts: { creating: boolean; questionCount: number }): QuizFormErrors {
  const parsed = QuizFormSchema.safeParse({ ...settingsPayload(v), timedSections: "[]" });
  const e: QuizFormErrors = parsed.success ? {} : issuesToFieldErrors<Field>(parsed.error.issues, (p) => (SETTINGS.includes(p as Field) ? (p as Field) : null));
  // zod runs the schema's cross-field rule (close after open) only once every field parses; the form
  // shows it at once, beside the other problems.
  const open = v.openTime.trim() ? dayjs(v.openTime) : null;
  const close = v.closeTime.trim() ? dayjs(v.closeTime) : null;
  if (!e.openTime && !e.closeTime && open && close && !close.isAfter(open)) e.closeTime = M.closeAfterOpen;

  // A quiz is its questions; the PDF is needed only when none are typed in (decision 018).
  if (opts.creating && !v.pdf && opts.questionCount === 0) e.pdf = M.pdfOrQuestions;
  else {
    const p = pdfProblem(v.pdf, PDF_LABEL);
    if (p) e.pdf = p;
  }

  const sections: Record<string, SectionErrors> = {};
  let prevEnd = -Infinity;
  for (const s of v.timedSections) {
    const se: SectionErrors = {};
    if (!s.name.trim()) se.name = M.sectionName;
    const startOk = intIn(s.start, 1, 100_000);
    const endOk = intIn(s.end, 1, 100_000);
    if (!startOk) se.start = SECTION_NUMBERS;
    if (!endOk) se.end = SECTION_NUMBERS;
    if (startOk && endOk && Number(s.end) < Number(s.start)) se.end = M.sectionEndBeforeStart;
    if (!intIn(s.timeLimit, L.timeLimit.min, L.timeLimit.max)) se.timeLimit = M.sectionTimeLimit;
    if (startOk && !se.start && Number(s.start) <= prevEnd) se.start = M.sectionsOrder;
    if (endOk && opts.questionCount > 0 && Number(s.end) > opts.questionCount && !se.end) {
      se.end = `Section "${s.name.trim() || "?"}" goes past the last question (the quiz has ${opts.questionCount} questions)`;
    }
    if (endOk) prevEnd = Number(s.end);
    if (Object.keys(se).length) sections[s.key] = se;
  }
  if (Object.keys(sections).length) {
    e.sections = sections;
    e.timedSections = "Check the timed sections";
  }
  return e;
}

/** Each question's problems by field, by draft key: the shared QuestionInputSchema, as the server checks it. */
export function questionFieldErrors(list: QuestionDraft[]): Record<string, FieldErrors> {
  const out: Record<string, FieldErrors> = {};
  for (const q of list) {
    const e = checkBody(q, QuestionInputSchema, { section: q.section });
    if (Object.keys(e).length) out[q.key] = e;
  }
  return out;
}

/** The first problem of each question that has one, by draft key. */
export function validateQuestions(list: QuestionDraft[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, e] of Object.entries(questionFieldErrors(list))) {
    const first = firstError(e);
    if (first) out[key] = first;
  }
  return out;
}

export const hasErrors = (e: QuizFormErrors) => Object.entries(e).some(([k, v]) => k !== "sections" && !!v);

/** The API's question shape (bodyPayload: a single answer is the marked option's text, null when none is marked; other types add their fields). */
export function questionPayload(list: QuestionDraft[]) {
  return list.map((q) => {
    return {
      ...(q.id ? { id: q.id } : {}),
      ...bodyPayload(q),
      section: q.section,
      // A question read from the server always says which pictures it keeps (an empty list removes them all).
      ...(q.images ? { imageIds: q.images.map((m) => m.fileId) } : {}),
    };
  });
}

const numText = (v: NumberField) => (blank(v) ? "" : String(typeof v === "number" ? v : v.trim()));

/** The settings as the API's text fields (multipart values are text; inputs are local time, the API takes ISO instants). */
function settingsPayload(v: QuizFormValues): Record<string, string> {
  return {
    title: v.title.trim(),
    courseId: v.courseId ?? "",
    studentType: v.studentType ?? "",
    openTime: isoOf(v.openTime),
    closeTime: isoOf(v.closeTime),
    timeLimit: numText(v.timeLimit),
    maxAttempts: numText(v.maxAttempts),
    questionsPerPage: numText(v.questionsPerPage),
    passingScore: numText(v.passingScore),
    resetTimerOnAttempt: String(v.resetTimerOnAttempt),
    showAnswers: v.showAnswers,
    practice: String(v.practice),
    showScore: v.showScore,
  };
}

/**
 * The multipart body of POST/PUT /quizzes; `questions` only when they should be replaced. A new quiz is a
 * draft (`status`, issue 24 §3); an edit leaves its state alone (Publish and Unpublish change it).
 */
export function quizFormData(v: QuizFormValues, questions?: QuestionDraft[], opts: { creating?: boolean } = {}): FormData {
  const fd = new FormData();
  for (const [k, value] of Object.entries(settingsPayload(v))) fd.set(k, value);
  if (opts.creating) fd.set("status", "draft");
  fd.set(
    "timedSections",
    JSON.stringify(
      v.timedSections.map((s) => ({ name: s.name.trim(), startIndex: Number(s.start) - 1, endIndex: Number(s.end) - 1, timeLimit: Number(s.timeLimit) })),
    ),
  );
  if (questions) fd.set("questions", JSON.stringify(questionPayload(questions)));
  if (v.pdf) fd.set("pdf", v.pdf, v.pdf.name);
  return fd;
}

/** Shown beside the choice that lets answers out before the quiz closes. */
export const SHARE_KEYS_WARNING =
  "Students who have used their attempts will see the correct answers while others can still take the quiz: they can share the key. Use it only for practice.";
