import type { TypedQuestionInput, UnsupportedQuestion } from "@adesua/domain";
import type { ExchangeQuestion, ImagePart, ParseWarning } from "./types.ts";

/**
 * A question of any type as GIFT, Aiken and Moodle XML carry it (issue 27): the bank's own content fields (domain
 * contracts/quizzes/question-types), so a list of them is saved as it is. `type` absent means single-answer multiple
 * choice (`answer` the right option's text, "" when the file marks none).
 */
export interface TypedExchangeQuestion extends ExchangeQuestion, Omit<Partial<TypedQuestionInput>, "options" | "answer"> {
  /** Pictures of the question text (Moodle XML `<file>`): read from a file, stored by the server and attached as imageIds; on export, written as `<file>`. */
  images?: ImagePart[];
  /** Export only: pictures of the question that could not be written (missing bytes, or past the export's size limit). */
  picturesLeftOut?: number;
  /** Where it stood in the file (from 1) and its title or the start of its text: names it in later messages. */
  source?: { number: number; title: string };
}

/** What an exchange file gave: the questions to import, what was changed or left out (warnings), the questions not imported. */
export interface ExchangeImport {
  questions: TypedExchangeQuestion[];
  warnings: ParseWarning[];
  unsupported: UnsupportedQuestion[];
}

/** "Q7 'Match the tools'" — a question named by its place in the file and its title (or the start of its text). */
export function nameOf(number: number, title: string): string {
  return `Q${number} '${title}'`;
}

/** A title from a question's text: its first line, cut at 40 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0].replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 39).trimEnd()}…` : line || "(no text)";
}

const KIND_ARTICLE = (kind: string) => (/^[aeiou]/i.test(kind) ? "an" : "a");

/** An unsupported question, with the issue's wording: "Q7 'Match the tools' is a matching question: not imported". */
export function unsupportedQuestion(number: number, title: string, kind: string, what?: string): UnsupportedQuestion {
  const message = `${nameOf(number, title)} ${what ?? `is ${KIND_ARTICLE(kind)} ${kind} question`}: not imported`;
  return { number, title, kind, message };
}

/** Rounds marks to the 0.01 steps the bank keeps; null when they are not marks Adesua can keep (0, negative, > 100). */
export function marksFrom(raw: string | number | undefined | null): number | null {
  const n = typeof raw === "number" ? raw : Number(String(raw ?? "").trim());
  if (!Number.isFinite(n) || n <= 0) return null;
  const r = Math.round(n * 100) / 100;
  return r >= 0.01 && r <= 100 ? r : null;
}

/** A number as GIFT and Moodle XML write it: shortest form, no exponent for ordinary sizes. */
export function numberText(n: number): string {
  return String(Number(n.toPrecision(15)));
}

/** The 4 picture types Moodle files are imported as, told by their first bytes (the name's extension is not trusted). */
export function pictureType(bytes: Uint8Array): string | null {
  const b = bytes;
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length > 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "image/gif";
  if (b.length > 12 && String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP") return "image/webp";
  return null;
}
