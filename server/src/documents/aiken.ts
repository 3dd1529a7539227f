import type { ExchangeImport, TypedExchangeQuestion } from "./exchange-types.ts";
import { nameOf, titleFrom } from "./exchange-types.ts";
import type { ParseWarning } from "./types.ts";

/**
 * Aiken, Moodle's simplest format, by Moodle's own rules (question/format/aiken/format.php): the question on ONE line,
 * then its options one a line ("A) text", "A. text", the space optional), then "ANSWER: B". A line that is neither an
 * option nor an ANSWER line starts a new question (a question still open is then broken and named); lines shorter than
 * two characters are skipped. The ANSWER letter counts options by position (A = the first).
 *
 * Aiken carries single-answer multiple choice only, without explanations or line breaks: an export folds line breaks to
 * spaces and leaves out every other type (as Moodle's own Aiken export does), single-answer questions whose key is
 * unknown, and those whose text Moodle would read as an option ("A. …") or an ANSWER line (Aiken has no way to write them). A true/false question is not written as a two-option question: read back it
 * would become a single-answer question, another type.
 */

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const readableAsQuestion = (line: string) => line.length >= 2 && !/^[A-Z][).]/.test(line) && !line.startsWith("ANSWER:");

export function exportAiken(questions: TypedExchangeQuestion[]): string {
  const fold = (s: string) => s.replace(/\s*\r?\n\s*/g, " ").trim();
  return (
    questions
      // Aiken has no escapes: a question whose one line Moodle would read as an option or an ANSWER line (or skip, being
      // shorter than 2 characters) cannot be written either.
      .filter((q) => (q.type ?? "single") === "single" && q.options.includes(q.answer) && readableAsQuestion(fold(q.text)))
      .map((q) => [fold(q.text), ...q.options.map((o, k) => `${LETTERS[k]}) ${fold(o)}`), `ANSWER: ${LETTERS[q.options.indexOf(q.answer)]}`].join("\n"))
      .join("\n\n")
      .concat("\n")
  );
}

export function importAiken(src: string): ExchangeImport {
  const questions: TypedExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  let open: { number: number; text: string; options: string[] } | null = null;
  let number = 0;
  let lineNumber = 0;
  const broken = (q: { number: number; text: string }, why: string) =>
    warnings.push({ message: `${nameOf(q.number, titleFrom(q.text))}: ${why}: not imported` });
  for (const raw of src.replace(/^\ufeff/, "").split(/\r\n|\r|\n/)) {
    lineNumber++;
    const line = raw.trim();
    if (line.length < 2) continue;
    if (/^[A-Z][).][ \t]?/.test(line)) {
      if (!open) warnings.push({ message: `Line ${lineNumber}: an option outside any question ("${line.slice(0, 40)}"): skipped` });
      else open.options.push(line.slice(2).trim());
    } else if (line.startsWith("ANSWER:")) {
      if (!open) {
        warnings.push({ message: `Line ${lineNumber}: an ANSWER line outside any question: skipped` });
        continue;
      }
      const q = open;
      open = null;
      const letter = line.slice(line.indexOf(":") + 1).trim()[0] ?? "";
      const index = LETTERS.indexOf(letter);
      if (q.options.length < 2) broken(q, `it must have at least 2 answers (line ${lineNumber})`);
      else if (q.options.length > 5) broken(q, `it has ${q.options.length} options, Adesua takes 2 to 5`);
      else if (index < 0 || index >= q.options.length) broken(q, `its ANSWER "${letter}" is not one of its options (line ${lineNumber})`);
      else if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) broken(q, "two of its options are the same");
      else if (q.options.some((o) => o === "")) broken(q, "one of its options is empty");
      else questions.push({ text: q.text, options: q.options, answer: q.options[index], source: { number: q.number, title: titleFrom(q.text) } });
    } else {
      if (open) broken(open, `no ANSWER line before the next question (line ${lineNumber})`);
      open = { number: ++number, text: line, options: [] };
    }
  }
  if (open) broken(open, "the file ends before its ANSWER line");
  return { questions, warnings, unsupported: [] };
}
