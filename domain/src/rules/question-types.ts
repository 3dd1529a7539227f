/**
 * Question types and how each is marked (issue 27, decision 049). Pure: the server marks with these, the web explains
 * a review with them, the importers and exporters convert to and from them. No zod, no Node APIs.
 *
 * Every question has a type, marks (default 1) and, for the types that need them, its own fields. The key of an
 * auto-marked type is also kept "in answer form" (`answer`: what a fully right answer looks like), so a question with
 * `answer` null is one a teacher marks.
 */

export const QUESTION_TYPES = ["single", "multiple", "true_false", "short", "numerical", "written"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: "Multiple choice (one answer)",
  multiple: "Multiple answers (choose all that apply)",
  true_false: "True or false",
  short: "Short answer",
  numerical: "Numerical answer",
  written: "Written answer (marked by the teacher)",
};

/** Short names of the types for badges and one-line summaries (the full ones: QUESTION_TYPE_LABELS). */
export const QUESTION_TYPE_BADGES: Record<QuestionType, string> = {
  single: "One answer",
  multiple: "Multiple answers",
  true_false: "True/false",
  short: "Short answer",
  numerical: "Numerical",
  written: "Written",
};

/** The two options of a true/false question, in this order and spelling. */
export const TRUE_FALSE_OPTIONS = ["True", "False"] as const;

/** How a multiple-answer question gives marks: all of them only for exactly the right set, or a share per option. */
export const MULTIPLE_SCORING = ["all_or_nothing", "partial"] as const;
export type MultipleScoring = (typeof MULTIPLE_SCORING)[number];

/** An accepted short answer and the share of the marks it earns (percent, 100 = full marks). `*` matches any text. */
export type AcceptedAnswer = { text: string; fraction: number };
/** A part of a written answer ("a", "b(i)"), its marks and what the marker looks for. */
export type WrittenPart = { label: string; marks: number; scheme: string };
/** An equation of a question: its readable linear form (as it appears in the text) and its MathML. */
export type Equation = { linear: string; mathml: string };

/** The type-specific fields of a question (the `details` column; absent fields are null or missing). */
export type QuestionDetails = {
  /** multiple: the texts of the right options. */
  answers?: string[];
  /** multiple: default all_or_nothing. */
  scoring?: MultipleScoring;
  /** short: accepted answers, best first. */
  accepted?: AcceptedAnswer[];
  /** short: an answer that contains an accepted answer is right. */
  contains?: boolean;
  /** numerical: the right value, the tolerance either side (0 = exact) and an optional unit ("cm"). */
  value?: number;
  tolerance?: number;
  unit?: string | null;
  /** written: the parts (empty: one answer box) and the marking scheme of the whole question. */
  parts?: WrittenPart[];
  scheme?: string | null;
};

/** What marking reads of a question. Missing type: single; missing marks: 1. */
export type MarkableQuestion = {
  type?: QuestionType | null;
  marks?: number | null;
  options: readonly string[];
  answer: string | null;
  details?: QuestionDetails | null;
};

/** Marks: more than 0, at most 100, in steps of 0.01. */
export const MARKS_LIMITS = { min: 0.01, max: 100, default: 1 } as const;

const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** For short answers: case, spacing and accents ignored ("  Accra  " = "accra", "café" = "cafe"). */
export function normaliseShort(s: string | null | undefined): string {
  return (s ?? "")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** Whether a given short answer matches one accepted answer (Moodle's `*` wildcard; optional "contains"). */
export function shortMatches(given: string, accepted: string, contains = false): boolean {
  const g = normaliseShort(given);
  const a = normaliseShort(accepted);
  if (g === "" || a === "") return false;
  if (a.includes("*")) {
    const body = a.split("*").map(escapeRegExp).join(".*");
    return new RegExp(contains ? body : `^${body}$`, "u").test(g);
  }
  return contains ? g.includes(a) : g === a;
}

/**
 * A number as a student types it: "3.5", "3,5", "-2", "1 000", "1,000", "1e3", with or without the question's unit after it.
 * Null when it is not a number.
 */
export function parseNumberAnswer(given: string | null | undefined, unit?: string | null): number | null {
  let s = (given ?? "").trim();
  if (unit && s.toLowerCase().endsWith(unit.trim().toLowerCase())) s = s.slice(0, s.length - unit.trim().length).trim();
  s = s.replace(/(\d)[\s\u00a0](?=\d{3}\b)/g, "$1");
  // "12,500" and "1,000,000" group thousands (as Ghanaian schools write them); "3,5" is a decimal comma.
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, "");
  else if (/^[-+]?\d+,\d+$/.test(s)) s = s.replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The answers of a multiple-answer question as the student sends them: a JSON list of option texts. */
export function encodeChoices(chosen: readonly string[]): string {
  return JSON.stringify([...chosen]);
}

/** Reads a multiple-answer answer: a JSON list of texts, or letters/texts separated by commas or semicolons ("A, C"). */
export function decodeChoices(raw: string | null | undefined, options: readonly string[]): string[] {
  const s = (raw ?? "").trim();
  if (s === "") return [];
  let items: string[];
  if (s.startsWith("[")) {
    try {
      const v: unknown = JSON.parse(s);
      items = Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
    } catch {
      items = [];
    }
  } else items = s.split(/[,;]/);
  const out: string[] = [];
  for (const item of items) {
    const n = norm(item);
    let i = options.findIndex((o) => norm(o) === n);
    if (i < 0 && n.length === 1) {
      const li = "abcde".indexOf(n);
      if (li >= 0 && li < options.length) i = li;
    }
    if (i >= 0 && !out.includes(options[i])) out.push(options[i]);
  }
  return options.filter((o) => out.includes(o));
}

/** A written answer in parts: a JSON list of texts, one per part; a question without parts takes plain text. */
export function encodeParts(texts: readonly string[]): string {
  return JSON.stringify([...texts]);
}

/** Reads a written answer back into one text per part (`parts` 0 or 1: the whole text). */
export function decodeParts(raw: string | null | undefined, parts: number): string[] {
  const s = raw ?? "";
  if (parts <= 1) return [s];
  if (s.trim().startsWith("[")) {
    try {
      const v: unknown = JSON.parse(s);
      if (Array.isArray(v)) return Array.from({ length: parts }, (_, i) => (typeof v[i] === "string" ? (v[i] as string) : ""));
    } catch {
      /* plain text below */
    }
  }
  return [s, ...Array.from({ length: parts - 1 }, () => "")];
}

/** Whether a student gave anything: for written answers in parts, any part. */
export function isAnswered(q: Pick<MarkableQuestion, "type" | "details">, raw: string | null | undefined): boolean {
  if (raw == null || raw.trim() === "") return false;
  const parts = q.details?.parts?.length ?? 0;
  if ((q.type ?? "single") === "written" && parts > 1) return decodeParts(raw, parts).some((p) => p.trim() !== "");
  if ((q.type ?? "single") === "multiple") return raw.trim() !== "[]";
  return true;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export const marksOf = (q: Pick<MarkableQuestion, "marks">): number => (q.marks == null || !(q.marks > 0) ? 1 : q.marks);

/** Whether the question is marked by its key (false: a teacher marks it, e.g. written answers or an unknown key). */
export function isAutoMarked(q: MarkableQuestion): boolean {
  const type = q.type ?? "single";
  if (type === "written") return false;
  if (type === "short") return (q.details?.accepted?.length ?? 0) > 0;
  if (type === "numerical") return typeof q.details?.value === "number";
  if (type === "multiple") return (q.details?.answers?.length ?? 0) > 0;
  return q.answer != null && norm(q.answer) !== "";
}

/**
 * The share (0..1) of a question's marks a given answer earns, or null when the key cannot decide (a teacher marks
 * it). Single: the letter-or-text rule of `answerMatches` (done by the caller for single, see marking below).
 */
function shareOf(q: MarkableQuestion, given: string, singleMatches: (g: string, key: string, options: readonly string[]) => boolean): number | null {
  const type = q.type ?? "single";
  const d = q.details ?? {};
  switch (type) {
    case "single":
      return singleMatches(given, q.answer ?? "", q.options) ? 1 : 0;
    case "true_false": {
      const g = norm(given);
      const k = norm(q.answer);
      const asBool = (s: string) => (["true", "t", "a", "yes"].includes(s) ? "true" : ["false", "f", "b", "no"].includes(s) ? "false" : s);
      return asBool(g) === asBool(k) ? 1 : 0;
    }
    case "multiple": {
      const right = new Set(d.answers ?? []);
      const chosen = decodeChoices(given, q.options);
      if (d.scoring === "partial") {
        const wrongCount = Math.max(1, q.options.length - right.size);
        let share = 0;
        for (const c of chosen) share += right.has(c) ? 1 / right.size : -1 / wrongCount;
        return Math.max(0, Math.min(1, share));
      }
      return chosen.length === right.size && chosen.every((c) => right.has(c)) ? 1 : 0;
    }
    case "short": {
      let best = 0;
      for (const a of d.accepted ?? []) if (shortMatches(given, a.text, d.contains ?? false)) best = Math.max(best, a.fraction / 100);
      return Math.max(0, Math.min(1, best));
    }
    case "numerical": {
      const n = parseNumberAnswer(given, d.unit);
      if (n === null || typeof d.value !== "number") return 0;
      return Math.abs(n - d.value) <= Math.abs(d.tolerance ?? 0) + 1e-9 ? 1 : 0;
    }
    case "written":
      return null;
  }
}

export type QuestionMark = {
  /** Marks earned; null when a teacher has to mark it. */
  earned: number | null;
  /** The question's marks. */
  available: number;
};

/**
 * Marks one answer. Unanswered: 0 (nothing to mark) for an auto-marked question, null for one a teacher marks only
 * when something was given. `singleMatches` is the single-choice rule (rules/grading `answerMatches`).
 */
export function markAnswer(
  q: MarkableQuestion,
  given: string | null | undefined,
  singleMatches: (g: string, key: string, options: readonly string[]) => boolean,
): QuestionMark {
  const available = marksOf(q);
  if (!isAutoMarked(q)) return { earned: isAnswered(q, given) ? null : 0, available };
  if (!isAnswered(q, given)) return { earned: 0, available };
  const share = shareOf(q, given as string, singleMatches);
  return { earned: share === null ? null : round2(share * available), available };
}

/**
 * The key "in answer form" kept in the `answer` column: what a fully right answer looks like. Null for a question a
 * teacher marks (written) or whose key is unknown.
 */
export function keyInAnswerForm(q: {
  type?: QuestionType | null;
  options: readonly string[];
  answer?: string | null;
  details?: QuestionDetails | null;
}): string | null {
  const type = q.type ?? "single";
  const d = q.details ?? {};
  switch (type) {
    case "single":
    case "true_false":
      return q.answer == null || q.answer.trim() === "" ? null : q.answer;
    case "multiple":
      return d.answers?.length ? encodeChoices(q.options.filter((o) => d.answers!.includes(o))) : null;
    case "short": {
      const best = [...(d.accepted ?? [])].sort((a, b) => b.fraction - a.fraction)[0];
      return best && best.fraction > 0 ? best.text : null;
    }
    case "numerical":
      return typeof d.value === "number" ? `${d.value}${d.unit ? ` ${d.unit}` : ""}` : null;
    case "written":
      return null;
  }
}

/** The key as a person reads it in a review, a list or an export ("A. Accra; C. Kumasi", "3 ± 0.5 cm"). */
export function describeKey(q: {
  type?: QuestionType | null;
  options: readonly string[];
  answer?: string | null;
  details?: QuestionDetails | null;
}): string | null {
  const type = q.type ?? "single";
  const d = q.details ?? {};
  switch (type) {
    case "multiple":
      return d.answers?.length ? q.options.filter((o) => d.answers!.includes(o)).join("; ") : null;
    case "short":
      return d.accepted?.length ? d.accepted.map((a) => (a.fraction === 100 ? a.text : `${a.text} (${a.fraction}%)`)).join("; ") : null;
    case "numerical":
      return typeof d.value === "number" ? `${d.value}${d.tolerance ? ` ± ${d.tolerance}` : ""}${d.unit ? ` ${d.unit}` : ""}` : null;
    case "written":
      return d.scheme?.trim() || d.parts?.map((p) => `(${p.label}) ${p.scheme}`).join("\n") || null;
    default:
      return q.answer == null || q.answer.trim() === "" ? null : q.answer;
  }
}

/** A given answer as a person reads it (a list of choices joined, parts labelled). */
export function describeAnswer(
  q: { type?: QuestionType | null; options: readonly string[]; details?: QuestionDetails | null },
  raw: string | null | undefined,
): string {
  const type = q.type ?? "single";
  if (raw == null) return "";
  if (type === "multiple") return decodeChoices(raw, q.options).join("; ");
  const parts = q.details?.parts ?? [];
  if (type === "written" && parts.length > 1)
    return decodeParts(raw, parts.length)
      .map((t, i) => `(${parts[i].label}) ${t}`)
      .join("\n");
  return raw;
}
