import { DocumentError } from "./errors.ts";
import { keyStart } from "./recognise-answers.ts";
import {
  ANSWER_QUESTIONS,
  BLANK_FIELD,
  BLOCK_TITLE,
  findStem,
  HEADER_FIELD,
  HEADING,
  INSTRUCTION,
  INSTRUCTION_ANYWHERE,
  INSTRUCTION_MORE,
  isHeadingLine,
  isInstruction,
  passageOf,
  splitBlock,
  TIME_LINE,
  WRITTEN_SECTION,
} from "./recognise-header.ts";
import { applyKey } from "./recognise-key.ts";
import { ANSWER_LINE, clean, QUESTION_START, SECTION, type Draft, type OptionDraft } from "./recognise-lines.ts";
import { optionMarkers, splitOptions } from "./recognise-options.ts";
import { finish, MARKS_ONE } from "./recognise-question-types.ts";
import type { Equation, ImagePart, QuestionParseResult, TextLine } from "./types.ts";

/*
 * For the OCR path (H3, issue 27): the entry point is `recogniseQuestions(lines: TextLine[])`, unchanged. Plain lines
 * `{ text }` are enough; give each line `page` (from 1) so that "nothing recognised" names the page count. When no
 * question at all is found it throws DocumentError 422 (`nothingRecognised`): catch it to try OCR instead.
 */

/**
 * Turns lines read from a question paper into questions. Pure: no I/O, so every rule is unit-tested on plain lines.
 *
 * A line is, in this order of precedence: an answer line ("Answer: B", "Ans: B", "Correct answer: (b)"),
 * a section heading ("SECTION A", "PART II"), the start of a question ("1.", "1)", "(1)", "Q1.", "Question 1"),
 * one or more options ("A.", "A)", "(a)", "a.", several on one line), or plain text. Plain text continues the
 * question before its options, continues a wrapped option after them, or else (instructions, titles, passages)
 * is held back: a passage is kept as `passage` on the next question, instructions and titles are dropped.
 *
 * The paper's own title and subtitle lines ("JHS 1 Class Exercise: Fractions (BECE style)", "Mathematics") come before
 * question 1 and are never part of it: the short lines that open the paper, before any instruction, section heading,
 * passage title or question, are returned as `heading` (issue 24), which the upload screen offers as the quiz's title.
 *
 * Issue 27, papers as schools have them:
 * - header lines anywhere before question 1 ("BECE 2019", "Subject: Science", "Time allowed: 1 hour") join `heading`;
 *   blank form fields ("Name: ______") are dropped; instructions, with the lines that carry on their sentence, become
 *   `instructions`, never a question or a passage;
 * - a key or marking scheme after a heading like "Answers", "Answer key", "Marking scheme", "Solutions" is applied to the
 *   questions by number (letters, "A, C", True/False, short answers, a written question's scheme and its parts');
 * - options in a grid (A/C over B/D) are put in order, an option glued onto the previous one ("filtrationD. …") is split;
 * - types: options exactly True/False or a "True or False:" stem → true_false; "[4 marks]", lettered parts with marks,
 *   or no options in a Section B / after "Answer any two questions" → written; a blank "____" and no options → short;
 *   a key "A, C" or "choose all that apply" / "Which TWO" → multiple. Single-answer questions carry no `type`;
 * - options with no question number before them take the line before as their question (.doc loses Word's numbers);
 *   with neither numbers nor letters anywhere, questions are read from their layout, with a warning;
 * - nothing recognised: DocumentError 422 saying what was found (`nothingRecognised`).
 */

/*
 * The parts live in sibling modules: recognise-lines.ts (shared line patterns, the draft question), recognise-header.ts
 * (heading, instructions, passages), recognise-options.ts (option letters, grids, glued options), recognise-key.ts (the
 * key at the end of the paper) and recognise-question-types.ts (types, answers and warnings of the finished questions).
 */

/**
 * Whether a numbered line starts a new question. Before a question has options, only the next number does:
 * a wrapped line such as "75. What was her profit?" (from "…GHS 12.75. What…") continues the text. Otherwise a
 * higher number does (a gap is warned about later), and so does 1 (a section restarting its numbering);
 * a number going backwards is a numbered statement inside the question.
 */
function startsQuestion(n: number, last: number, inQuestionText: boolean): boolean {
  if (inQuestionText) return n === last + 1;
  return n > last || n === 1;
}

export function recogniseQuestions(all: TextLine[]): QuestionParseResult {
  // An answer key or marking scheme printed after the questions is applied as their key, never read as questions.
  const keyAt = keyStart(all);
  const lines = keyAt >= 0 ? all.slice(0, keyAt - 1) : all;
  const keyLines = keyAt >= 0 ? all.slice(keyAt) : [];

  const drafts: Draft[] = [];
  let current: Draft | null = null;
  let phase: "text" | "options" = "text";
  let pending: { text: string; equations?: Equation[] }[] = [];
  let pendingImages: ImagePart[] = [];
  let lastNumber = 0;
  let lastOptionLineLength = 0;
  const heading: string[] = [];
  let titleLines = 0;
  const instructions: string[] = [];
  // Title lines are gathered only at the very top of the paper, until anything else is met.
  let headingOpen = true;
  let writtenSection = false;
  let answerInstruction = false;

  const close = () => {
    current = null;
    phase = "text";
  };
  /** Sorts the held-back lines: instructions to `instructions`, header lines to `heading`, prose to a passage. */
  const takePending = (): string | undefined => {
    const split = splitBlock(pending.map((l) => l.text));
    instructions.push(...split.instructions);
    if (split.instructions.some((l) => ANSWER_QUESTIONS.test(l))) answerInstruction = true;
    if (!drafts.length) heading.push(...split.header);
    pending = [];
    return passageOf(split.rest);
  };
  const open = (number: number | null, stem?: { text: string; equations?: Equation[] }): Draft => {
    const d: Draft = { number, text: [], options: [], images: pendingImages, notes: [], equations: [], writtenContext: false };
    pendingImages = [];
    const passage = takePending();
    if (passage) d.passage = passage;
    if (stem) {
      d.text.push(stem.text);
      d.equations.push(...(stem.equations ?? []));
    }
    d.writtenContext = writtenSection || answerInstruction;
    drafts.push(d);
    current = d;
    phase = "text";
    return d;
  };
  const addOptions = (d: Draft, opts: OptionDraft[]) => {
    d.options.push(...opts);
    phase = "options";
  };
  /** The next line with text after `i`. */
  const nextText = (i: number): string | undefined => {
    for (let k = i + 1; k < lines.length; k++) if (lines[k].text.trim()) return lines[k].text.replace(/\u00a0|\t/g, " ");
    return undefined;
  };

  for (let li = 0; li < lines.length; li++) {
    const raw = lines[li];
    const line: TextLine = { ...raw, text: raw.text.replace(/\u00a0|\t/g, " ") };
    const text = line.text.trim();
    const images = line.images ?? [];
    const equations = line.equations ?? [];
    if (!text) {
      if (images.length) (current ? (current as Draft).images : pendingImages).push(...images);
      continue;
    }

    if (
      !current &&
      drafts.length === 0 &&
      !QUESTION_START.test(line.text) &&
      (HEADER_FIELD.test(text) || (headingOpen && pending.length === 0 && TIME_LINE.test(text)))
    ) {
      if (!BLANK_FIELD.test(text)) heading.push(clean(text));
      pendingImages.push(...images);
      continue;
    }
    if (
      headingOpen &&
      !current &&
      drafts.length === 0 &&
      pending.length === 0 &&
      isHeadingLine(line.text, text) &&
      titleLines < HEADING.maxLines &&
      // A question typed without its number (Word's automatic numbering lost in a .doc) is followed by its options.
      !(/[?:]$|_{3,}/.test(text) && optionMarkers(nextText(li) ?? "", true)[0]?.letter.toUpperCase() === "A")
    ) {
      heading.push(clean(text));
      titleLines++;
      pendingImages.push(...images);
      continue;
    }
    headingOpen = false;

    const answer = ANSWER_LINE.exec(text);
    if (answer && current) {
      const d = current as Draft;
      d.answerLetter = answer[1].toUpperCase();
      const several = /([A-Ea-e])\)?\s*(?:,|and|&|\s)\s*\(?([A-Ea-e])\b(?:\)?\s*(?:,|and|&|\s)\s*\(?[A-Ea-e]\b)*\)?\.?\s*$/.exec(
        text.slice(answer.index + answer[0].length - 1),
      );
      if (several) d.answerLetters = [...several[0].matchAll(/\b[A-Ea-e]\b/g)].map((m) => m[0].toUpperCase());
      d.images.push(...images);
      continue;
    }

    if (SECTION.test(text) && text.length < 120) {
      close();
      instructions.push(...splitBlock(pending.map((l) => l.text)).instructions);
      pending = [];
      writtenSection = WRITTEN_SECTION.test(text);
      answerInstruction = false;
      pendingImages.push(...images);
      continue;
    }

    const q = QUESTION_START.exec(line.text);
    const qNumber = q ? Number(q[1] ?? q[2] ?? q[3]) : NaN;
    if (q && startsQuestion(qNumber, lastNumber, current !== null && phase === "text")) {
      const d = open(qNumber);
      lastNumber = qNumber;
      d.equations.push(...equations);
      const restStart = line.text.length - q[4].length;
      const rest: TextLine = { text: line.text.slice(restStart), bold: line.bold?.slice(restStart) };
      const inline = optionMarkers(rest.text, false);
      const part = optionMarkers(rest.text, true);
      if (inline.length >= 2) {
        d.text.push(rest.text.slice(0, inline[0].index));
        addOptions(d, splitOptions(rest, inline));
        lastOptionLineLength = text.length;
      } else if (part.length === 1 && part[0].letter === "a" && MARKS_ONE.test(rest.text)) {
        // "1. (a) Define photosynthesis. [2 marks]": the first part of a written question, on the question's line.
        addOptions(d, splitOptions(rest, part));
        lastOptionLineLength = text.length;
      } else if (rest.text.trim()) d.text.push(rest.text);
      d.images.push(...images);
      continue;
    }

    const markers = optionMarkers(line.text, true);
    if (markers.length) {
      let d = current as Draft | null;
      if (!d) {
        // Options with no numbered question before them: the line just before is the question when the paper lost
        // its automatic numbers (.doc); otherwise they are returned with a warning.
        const stemAt = markers[0].letter.toUpperCase() === "A" ? findStem(pending) : -1;
        const stem = stemAt >= 0 ? pending.splice(stemAt, 1)[0] : undefined;
        d = open(null, stem);
        if (!stem) d.notes.push("options were found with no question before them");
      }
      addOptions(d, splitOptions(line, markers));
      lastOptionLineLength = text.length;
      d.images.push(...images);
      d.equations.push(...equations);
      continue;
    }

    // Plain text.
    const d = current as Draft | null;
    const opensBlock = INSTRUCTION_ANYWHERE.test(text) || BLOCK_TITLE.test(text) || INSTRUCTION_MORE.test(text);
    if (d && phase === "text" && !opensBlock) {
      d.text.push(text);
      d.images.push(...images);
      d.equations.push(...equations);
      continue;
    }
    if (d && (phase as string) === "options" && !opensBlock && !INSTRUCTION.test(text)) {
      // A wrapped option: the option's line ran long (to the margin), and this short line carries on its sentence.
      const last = d.options[d.options.length - 1];
      if (last && lastOptionLineLength >= 45 && text.length <= 100 && (/^[a-z0-9(]/.test(text) || !/[.?!:]$/.test(last.text))) {
        last.text = clean(`${last.text} ${text}`);
        d.images.push(...images);
        d.equations.push(...equations);
        lastOptionLineLength = 0;
        continue;
      }
    }
    close();
    pending.push({ text, equations });
    pendingImages.push(...images);
  }
  const tail = splitBlock(pending.map((l) => l.text));
  instructions.push(...tail.instructions);
  if (!drafts.length) heading.push(...tail.header);

  if (!drafts.length) {
    // No number and no option letter anywhere: a .doc whose automatic numbering and lettering were both lost.
    const inferred = unletteredBlocks(lines);
    if (!inferred) throw new DocumentError(422, nothingRecognised(all));
    drafts.push(...inferred);
    const result = finish(drafts);
    result.warnings.unshift({
      message: `No question numbers or option letters were in the text (Word's automatic numbering is lost in .doc files): ${drafts.length} questions were read from their layout; check each one.`,
    });
    const used = new Set(drafts.flatMap((d) => [...d.text, ...d.options.map((o) => o.text)]));
    const title = heading.filter((h) => !used.has(h));
    return { ...result, heading: title.length ? title.join("\n") : null, instructions: instructions.length ? instructions.map(clean).join("\n") : null };
  }
  if (keyLines.length) applyKey(drafts, keyLines);
  const result = finish(drafts);
  if (keyLines.length && !drafts.some((d) => d.answerLetter || d.answerLetters || d.keyText))
    result.warnings.push({ message: "An answer key was found at the end of the paper, but none of its answers could be matched to a question." });
  return { ...result, heading: heading.length ? heading.join("\n") : null, instructions: instructions.length ? instructions.map(clean).join("\n") : null };
}

/**
 * Questions read from layout alone: a stem (ending "?" or ":", or holding a blank) followed by 2–5 short lines, its options.
 * Only when at least two such blocks cover most of the lines after the first stem; otherwise null.
 */
function unletteredBlocks(lines: TextLine[]): Draft[] | null {
  const texts = lines
    .map((l) => ({ text: clean(l.text), equations: l.equations ?? [] }))
    .filter((l) => l.text && !isInstruction(l.text) && !HEADER_FIELD.test(l.text));
  const isStem = (t: string) => /[?:]$|_{3,}/.test(t) && t.length >= 8;
  const blocks: Draft[] = [];
  let covered = 0;
  const first = texts.findIndex((l) => isStem(l.text));
  if (first < 0) return null;
  for (let i = first; i < texts.length;) {
    if (!isStem(texts[i].text)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < texts.length && !isStem(texts[j].text) && j - i <= 5) j++;
    const opts = texts.slice(i + 1, j);
    if (opts.length >= 2 && opts.length <= 5 && opts.every((o) => o.text.length <= 80)) {
      blocks.push({
        number: null,
        text: [texts[i].text],
        options: opts.map((o, k) => ({ letter: "ABCDE"[k], text: o.text, bold: false, star: false })),
        images: [],
        equations: [texts[i], ...opts].flatMap((o) => o.equations),
        notes: [],
        writtenContext: false,
      });
      covered += 1 + opts.length;
    }
    i = j;
  }
  return blocks.length >= 2 && covered >= (texts.length - first) * 0.6 ? blocks : null;
}

/** The 422 message when a paper holds no question at all: what was found, by pages (PDF, scan) or paragraphs (Word). */
export function nothingRecognised(lines: TextLine[]): string {
  const withText = lines.filter((l) => l.text.trim());
  const pages = Math.max(0, ...lines.map((l) => l.page ?? 0));
  if (!withText.length) return "No text was found in this file, so no questions could be read. Is this a question paper?";
  if (pages > 0) return `Found text of ${pages} page${pages === 1 ? "" : "s"}, but no numbered questions: is this a question paper?`;
  const words = withText.reduce((n, l) => n + l.text.trim().split(/\s+/).length, 0);
  return `Found ${withText.length} paragraph${withText.length === 1 ? "" : "s"} of text (${words} word${words === 1 ? "" : "s"}), but no numbered questions: is this a question paper?`;
}
