import type { AnswerParseResult, ParseWarning, TextLine } from "./types.ts";

/**
 * Reads an answer key: "1. D. text", "3) A", "4. E", "1-D", "1 (b)", several per line ("1.A 2.C 3.B"),
 * a two-column table (a row reads "1   D"), or a pair wrapped over two lines ("12." then "C").
 * After a pair followed by words ("1. D. Accra"), the rest of that line is the answer's text and is skipped,
 * so numbers inside it are not taken for question numbers. The result is indexed by question number:
 * a number that is missing leaves "" in its place and a warning, a repeated number keeps the first letter
 * and warns, so the letters never silently shift onto the wrong questions.
 */
/**
 * The heading of an answer key or marking scheme printed after the questions (issue 27): "Answers", "Answer key",
 * "ANSWERS TO SECTION A", "Answers to questions", "Marking scheme", "Solutions", "Key". A short line on its own.
 */
export const ANSWER_HEADING =
  /^\s*(?:answers?(?:\s+key)?|answer\s+key\s+to\s+.{1,40}|answers?\s+(?:to|for)\s+(?:the\s+)?(?:questions|objectives?|section\s+\w+|paper\s+\w+|part\s+\w+)|key\s+to\s+(?:the\s+)?questions|(?:marking|mark)\s+scheme(?:\s+(?:for|to)\s+.{1,40})?|solutions?|suggested\s+answers|key)\s*[:.]?\s*$/i;
/** A numbered entry of a key: "1. B", "1 B", "1-B", "12) photosynthesis". */
const ENTRY = /^\s*(?:q(?:uestion)?\s*\.?\s*)?\d{1,3}\s*[.):\-–]?\s*\S/i;

/**
 * Where the key printed at the end of a paper begins: the index of the line after its heading, or -1. The heading must
 * come after some text and be followed by numbered entries, so a key file's own title ("Answer key") also counts.
 */
export function keyStart(lines: TextLine[]): number {
  // The first heading after which only key entries follow: a key in several parts ("Answers to Section A", "… B") is whole.
  for (let i = 0; i < lines.length; i++) {
    if (!ANSWER_HEADING.test(lines[i].text.replace(/\u00a0|\t/g, " "))) continue;
    const after = lines.slice(i + 1);
    // Questions with options after a "Solutions" topic title are questions, not a key.
    const options = (letter: string) => after.some((l) => new RegExp(`^\\s*\\(?${letter}[.)]\\s+\\S`, "i").test(l.text));
    if (options("a") && options("b")) continue;
    // A key answers; it asks nothing. A chart's "Key" legend followed by questions is not one.
    if (after.some((l) => /\?\s*$/.test(l.text))) continue;
    if (after.some((l) => ENTRY.test(l.text))) return i + 1;
  }
  return -1;
}

const PAIR = /(?<![\w.])(\d{1,3})\s*(?:[.):\-–]\s*)?\(?([A-Ea-e])\)?(?![A-Za-z0-9])/y;

export function recogniseAnswers(all: TextLine[]): AnswerParseResult {
  // A whole question paper whose key is printed at its end: only the key counts, never "Answer: B" lines or numbers
  // inside the questions (issue 27).
  const start = keyStart(all);
  const lines = start >= 0 ? all.slice(start) : all;
  const text = lines.map((l) => l.text.replace(/\u00a0|\t/g, " ")).join("\n");
  const found = new Map<number, string>();
  const order: number[] = [];
  const warnings: ParseWarning[] = [];

  let i = 0;
  while (i < text.length) {
    PAIR.lastIndex = i;
    const m = PAIR.exec(text);
    if (!m) {
      i++;
      continue;
    }
    const n = Number(m[1]);
    const letter = m[2].toUpperCase();
    i = PAIR.lastIndex;
    if (n === 0) continue;
    if (found.has(n)) {
      warnings.push({ question: n, message: `Question ${n} appears more than once in the answer key (${found.get(n)} then ${letter}); the first was kept.` });
    } else {
      found.set(n, letter);
      order.push(n);
    }
    // "1. D. Accra" or "1. D Accra": the rest of the line is the answer's text. Only "1.A 2.C" or "1-A, 2-C" go on.
    const lineEnd = text.indexOf("\n", i);
    const rest = text.slice(i, lineEnd === -1 ? text.length : lineEnd);
    if (/^\.\s*\S/.test(rest) || !/^[\s,;]*(?:\d|$)/.test(rest)) i = lineEnd === -1 ? text.length : lineEnd;
  }

  if (!found.size) return { answers: [], warnings: [{ message: 'No answers were found. Write one per question, like "1. D" or "1-D".' }] };
  const numbers = [...found.keys()];
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  if (first !== 1)
    warnings.push({
      message: `The answer key starts at question ${first}; the first answer is taken for question ${first}, and questions before it are left blank.`,
    });
  for (let k = 1; k < order.length; k++) {
    if (order[k] < order[k - 1]) {
      warnings.push({
        question: order[k],
        message: `Question ${order[k]} comes after question ${order[k - 1]} in the answer key; each answer was kept with its own number.`,
      });
      break;
    }
  }
  const answers: string[] = [];
  const missing: number[] = [];
  for (let n = 1; n <= last; n++) {
    const a = found.get(n);
    answers.push(a ?? "");
    if (!a && n >= first) missing.push(n);
  }
  if (missing.length)
    warnings.push({
      message: `No answer was found for question${missing.length > 1 ? "s" : ""} ${missing.join(", ")}; ${missing.length > 1 ? "they are" : "it is"} left blank.`,
    });
  return { answers, warnings };
}
