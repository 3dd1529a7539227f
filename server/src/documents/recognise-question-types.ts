import { clean, type Draft } from "./recognise-lines.ts";
import type { ParsedQuestion, ParseWarning, QuestionParseResult } from "./types.ts";

/*
 * The questions drafted from a paper turned into parsed questions, each with its type: written (marks, lettered parts
 * with marks, a written section), true/false, short (a blank to fill), multiple (several right options) or single
 * answer; each with its answer from the key, starred or bold options, and a warning for whatever needs a teacher's check
 * (numbering gaps, options out of order or missing, an answer not among the options).
 */

/** A marks annotation: "[10 marks]", "(4 marks)", "[2 mks]", "(1 mark)". */
const MARKS = /\s*[[(]\s*(\d{1,3}(?:\.\d{1,2})?)\s*(?:marks?|mks?|pts?|points?)\s*[\])]\.?/gi;
export const MARKS_ONE = new RegExp(MARKS.source, "i");
/** A blank to fill in: "______" or ". . . . ." (five dots or more). */
const BLANK = /_{3,}|(?:\.\s?){5,}|…{2,}/;
/** "True or False: …", "State whether … true or false", "… (T/F)". */
const TRUE_FALSE_STEM =
  /^\s*(?:true\s+or\s+false|true\s*\/\s*false|state\s+whether\b[^?]*\btrue\s+or\s+false)\b|\((?:true\s*(?:or|\/)\s*false|T\s*\/\s*F)\)\s*[.?]?$/i;
/** "Choose all that apply", "Which TWO…", "More than one answer is correct". */
const MULTIPLE_STEM =
  /\b(?:choose|select|tick|mark|circle|pick)\s+(?:all|every)\s+(?:the\s+)?(?:options?\s+|answers?\s+)?(?:that|which)\s+(?:apply|are\s+(?:correct|true))|\ball\s+that\s+apply\b|\bwhich\s+(?:TWO|THREE|two|three)\b|\b(?:choose|select|pick|tick)\s+(?:TWO|THREE|two|three)\b|\bmore\s+than\s+one\s+(?:answer|option)\s+(?:is|may\s+be)\s+correct/;

const TF = (s: string): "True" | "False" | null => (/^(?:true|t)\.?$/i.test(s.trim()) ? "True" : /^(?:false|f)\.?$/i.test(s.trim()) ? "False" : null);

/** "(a) Define … [2 marks] (b) …": the parts of a written question, when its lettered lines carry marks. */
function partsOf(d: Draft, total: number | null): { label: string; marks: number; text: string }[] | null {
  if (d.options.length < 1) return null;
  if (!d.options.some((o) => MARKS_ONE.test(o.text))) {
    // "(a) … (b) …" under a stem worth "[6 marks]", with no key: parts sharing the marks equally (when they divide).
    const lettered = d.options.every((o) => /^[A-E]$/.test(o.letter)) && !d.answerLetter && !d.options.some((o) => o.star || o.bold);
    if (total === null || !lettered) return null;
    const share = Math.round((total / d.options.length) * 100) / 100;
    const even = Math.abs(share * d.options.length - total) < 1e-9;
    return d.options.map((o) => ({ label: o.letter.toLowerCase(), marks: even ? share : 0, text: o.text }));
  }
  return d.options.map((o) => {
    const m = MARKS_ONE.exec(o.text);
    return { label: o.letter.toLowerCase(), marks: m ? Number(m[1]) : 0, text: o.text.replace(MARKS, "").trim() };
  });
}

/** The drafts as questions with their types and warnings (numbering gaps, options out of order, answers not found). */
export function finish(drafts: Draft[]): QuestionParseResult {
  const questions: ParsedQuestion[] = [];
  const warnings: ParseWarning[] = [];
  let previous: number | null = null;
  drafts.forEach((d, i) => {
    const position = i + 1;
    const label = `Question ${d.number ?? position}`;
    const warn = (message: string) => warnings.push({ question: position, message: `${label}: ${message}` });
    if (d.number !== null && previous !== null && d.number > previous + 1) {
      const missing = d.number - previous - 1 === 1 ? `question ${previous + 1} is` : `questions ${previous + 1}–${d.number - 1} are`;
      warnings.push({ question: position, message: `${label}: the numbering jumps from ${previous} to ${d.number}; ${missing} missing or could not be read.` });
    }
    if (d.number !== null) previous = d.number;

    // Options printed in a grid come in the order A, C, B, D: put them back in order when they are A, B, C… exactly.
    const sorted = [...d.options].sort((a, b) => a.letter.localeCompare(b.letter));
    if (sorted.map((o) => o.letter).join("") === "ABCDE".slice(0, sorted.length)) d.options = sorted;

    const stemText = clean(d.text.join(" "));
    const equations = (text: string, options: string[]) => {
      const all = [text, ...options].join("\n");
      const kept = d.equations.filter((e, k) => all.includes(e.linear) && d.equations.findIndex((x) => x.linear === e.linear && x.mathml === e.mathml) === k);
      return kept.length ? { equations: kept } : {};
    };
    const base = (q: ParsedQuestion): ParsedQuestion => {
      if (d.passage) q.passage = d.passage;
      if (d.images.length) q.images = d.images;
      return q;
    };
    for (const n of d.notes) warn(`${n}.`);

    // Written answers: sub-parts with marks, a marks annotation, or no options in a written section.
    const totalMarks = [...stemText.matchAll(MARKS)].map((m) => Number(m[1]));
    const parts = partsOf(d, totalMarks.length ? totalMarks[totalMarks.length - 1] : null);
    const noOptions = d.options.length === 0;
    if (parts || (noOptions && !BLANK.test(stemText) && !TRUE_FALSE_STEM.test(stemText) && (totalMarks.length > 0 || d.writtenContext))) {
      const stem = stemText.replace(MARKS, "").trim();
      const text = parts ? clean([stem, ...parts.map((p) => `(${p.label}) ${p.text}`)].join(" ")) : stem;
      if (!text) warn("the question text is empty.");
      const q: ParsedQuestion = { text, options: [], answer: "", type: "written" };
      const partMarks = parts ? parts.reduce((n, p) => n + p.marks, 0) : 0;
      const marks = totalMarks.length ? totalMarks[totalMarks.length - 1] : partMarks;
      if (marks > 0) q.marks = marks;
      if (parts) {
        const schemes = partSchemes(
          d.keyText ?? "",
          parts.map((p) => p.label),
        );
        q.parts = parts.map((p) => ({ label: p.label, marks: p.marks, scheme: schemes[p.label] ?? "" }));
        if (parts.some((p) => p.marks === 0)) warn("a part has no marks given; give it its marks.");
      }
      if (d.keyText) q.scheme = d.keyText;
      questions.push(base(Object.assign(q, equations(text, []))));
      return;
    }

    const text = stemText;
    if (!text) warn("the question text is empty.");

    // True/false: options exactly True and False, or "True or False: …" with no options.
    const tfOptions = d.options.length === 2 && new Set(d.options.map((o) => TF(o.text))).size === 2 && d.options.every((o) => TF(o.text));
    if (tfOptions || (noOptions && TRUE_FALSE_STEM.test(text))) {
      let answer = "";
      const byLetter = d.answerLetter ? d.options.find((o) => o.letter === d.answerLetter) : undefined;
      if (byLetter) answer = TF(byLetter.text) ?? "";
      else if (d.keyText && TF(d.keyText)) answer = TF(d.keyText)!;
      else if (tfOptions) {
        const marked = d.options.filter((o) => o.star || (o.bold && !d.options.every((x) => x.bold)));
        if (marked.length === 1) answer = TF(marked[0].text) ?? "";
      }
      if (!answer && noOptions && d.answerLetter) answer = d.answerLetter === "A" ? "True" : d.answerLetter === "B" ? "False" : "";
      questions.push(base({ text, options: ["True", "False"], answer, type: "true_false", ...equations(text, []) }));
      return;
    }

    // Short answer: a blank to fill and no options.
    if (noOptions && BLANK.test(text)) {
      const q: ParsedQuestion = { text, options: [], answer: "", type: "short" };
      const key = d.keyText?.trim();
      if (key) {
        q.accepted = key
          .split(/\s*(?:\/|;|\bor\b)\s*/)
          .map((t) => t.trim().replace(/\.$/, ""))
          .filter(Boolean)
          .map((t) => ({ text: t, fraction: 100 }));
        q.answer = q.accepted[0]?.text ?? "";
      }
      questions.push(base(Object.assign(q, equations(text, []))));
      return;
    }

    const options = d.options.map((o) => o.text);
    const byLetter = (letter: string) => d.options.find((o) => o.letter === letter);

    // Several right options: a key "A, C", or a stem that asks for all that apply / two of them.
    if (d.answerLetters && d.answerLetters.length > 1 && options.length >= 2) {
      const answers = d.answerLetters.map(byLetter);
      if (answers.every(Boolean)) {
        questions.push(base({ text, options, answer: "", type: "multiple", answers: answers.map((o) => o!.text), ...equations(text, options) }));
        checkOptions(d, options, warn);
        return;
      }
      warn(`the answers given (${d.answerLetters.join(", ")}) are not all among its options.`);
    }
    if (MULTIPLE_STEM.test(text) && options.length >= 2 && !d.answerLetter) {
      const starred = d.options.filter((o) => o.star);
      const bold = d.options.filter((o) => o.bold);
      const marked = starred.length ? starred : bold.length < d.options.length ? bold : [];
      questions.push(base({ text, options, answer: "", type: "multiple", answers: marked.map((o) => o.text), ...equations(text, options) }));
      checkOptions(d, options, warn);
      return;
    }

    let answer = "";
    if (d.answerLetter) {
      const o = byLetter(d.answerLetter);
      if (o) answer = o.text;
      else warn(`the answer given (${d.answerLetter}) is not one of its options.`);
    } else {
      const starred = d.options.filter((o) => o.star);
      const bold = d.options.filter((o) => o.bold);
      if (starred.length === 1) answer = starred[0].text;
      else if (starred.length > 1) warn("several options are marked with *; no answer was chosen.");
      else if (bold.length === 1 && d.options.length > 1) answer = bold[0].text;
      else if (bold.length > 1 && bold.length < d.options.length) warn("several options are in bold; no answer was chosen.");
    }
    checkOptions(d, options, warn);
    questions.push(base({ text, options, answer, ...equations(text, options) }));
  });
  return { questions, warnings };
}

function checkOptions(d: Draft, options: string[], warn: (m: string) => void): void {
  if (options.length < 2) warn(options.length === 0 ? "no options were found." : "only one option was found.");
  const letters = d.options.map((o) => o.letter).join("");
  if (options.length >= 2 && letters !== "ABCDE".slice(0, letters.length))
    warn(`the options are lettered ${letters.split("").join(", ")} instead of A, B, C…; check them.`);
  if (options.length > 5) warn("more than five options were found.");
  if (options.some((o) => !o)) warn("an option is empty.");
}

/** A marking scheme's entry split by part: "(a) … (b) …" → { a: "…", b: "…" }. */
function partSchemes(scheme: string, labels: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /(?:^|\s|\n)\(?([a-z])\)\s*/g;
  const marks = [...scheme.matchAll(re)].filter((m) => labels.includes(m[1]));
  marks.forEach((m, k) => {
    const end = k + 1 < marks.length ? marks[k + 1].index : scheme.length;
    out[m[1]] = clean(scheme.slice(m.index + m[0].length, end));
  });
  return out;
}
