import type { ExchangeQuestion, ParseWarning } from "./types.ts";

/**
 * Aiken (Moodle's simplest format): the question on one line, options "A." or "A)" one per line,
 * then "ANSWER: B". It has no explanations and no line breaks in text, so export folds line breaks to spaces.
 */
const LETTERS = "ABCDEFGHIJ";

export function exportAiken(questions: ExchangeQuestion[]): string {
  return questions
    .map((q) => {
      const fold = (s: string) => s.replace(/\s*\r?\n\s*/g, " ");
      const i = q.options.indexOf(q.answer);
      return [fold(q.text), ...q.options.map((o, k) => `${LETTERS[k]}. ${fold(o)}`), `ANSWER: ${i >= 0 ? LETTERS[i] : ""}`].join("\n");
    })
    .join("\n\n")
    .concat("\n");
}

export function importAiken(src: string): { questions: ExchangeQuestion[]; warnings: ParseWarning[] } {
  const questions: ExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  let text: string[] = [];
  let options: { letter: string; text: string }[] = [];
  const reset = () => {
    text = [];
    options = [];
  };
  for (const raw of src.replace(/^\ufeff/, "").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const answer = /^ANSWER\s*:\s*([A-J])\s*$/i.exec(line);
    if (answer) {
      const n = questions.length + warnings.length + 1;
      const right = options.find((o) => o.letter === answer[1].toUpperCase());
      if (!text.length || options.length < 2 || !right)
        warnings.push({ message: `Question ${n}: incomplete (it needs text, two options and an answer among them); skipped.` });
      else questions.push({ text: text.join(" "), options: options.map((o) => o.text), answer: right.text });
      reset();
      continue;
    }
    const opt = /^([A-J])[.)]\s+(.*)$/.exec(line);
    if (opt && text.length) options.push({ letter: opt[1], text: opt[2].trim() });
    else if (options.length) {
      warnings.push({ message: `A question ended without an "ANSWER:" line before "${line.slice(0, 40)}"; skipped.` });
      reset();
      text.push(line);
    } else text.push(line);
  }
  if (text.length || options.length) warnings.push({ message: 'The last question has no "ANSWER:" line; skipped.' });
  return { questions, warnings };
}
