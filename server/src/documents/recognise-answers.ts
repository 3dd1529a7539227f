import type { AnswerParseResult, ParseWarning, TextLine } from "./types.ts";

/**
 * Reads an answer key: "1. D. text", "3) A", "4. E", "1-D", "1 (b)", several per line ("1.A 2.C 3.B"),
 * a two-column table (a row reads "1   D"), or a pair wrapped over two lines ("12." then "C").
 * After a pair followed by words ("1. D. Accra"), the rest of that line is the answer's text and is skipped,
 * so numbers inside it are not taken for question numbers. The result is indexed by question number:
 * a number that is missing leaves "" in its place and a warning, a repeated number keeps the first letter
 * and warns, so the letters never silently shift onto the wrong questions.
 */
const PAIR = /(?<![\w.])(\d{1,3})\s*(?:[.):\-–]\s*)?\(?([A-Ea-e])\)?(?![A-Za-z0-9])/y;

export function recogniseAnswers(lines: TextLine[]): AnswerParseResult {
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
