import { DocumentError } from "./errors.ts";
import { ANSWER_HEADING, keyStart, recogniseAnswers } from "./recognise-answers.ts";
import type { Equation, ImagePart, ParsedQuestion, ParseWarning, QuestionParseResult, TextLine } from "./types.ts";

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

const QUESTION_START = /^\s*(?:(?:question|q)\s*\.?\s*(\d{1,3})\s*[.):-]?(?:\s+|$)|\(\s*(\d{1,3})\s*\)(?:\s*|$)|(\d{1,3})\s*[.)](?:\s+|$|(?=[A-Za-z(])))(.*)$/i;
/** "SECTION A", "Section B: Objectives", "PART II" — capitalised, so a line "part of the leaf…" stays text. */
const SECTION = /^\s*(?:SECTION|Section|PART|Part)\s+(?:[A-Z]|\d{1,2}|[IVX]{1,4})(?![A-Za-z0-9])(?:\s*[:.\-–—]?.*)?$/;
const ANSWER_LINE = /^\s*(?:correct\s+(?:answer|option)|answer|ans)\s*[:.\-–]?\s*\(?([A-Ea-e])\)?(?=[.)\s]|$)/i;
/** Option markers, anywhere in a line: "A.", "A)", "(a)", "a.", optionally starred ("*C." or "C.*"). */
const MARKER = /(^|\s)(\*?)\s?(?:\(([A-Ea-e])\)|([A-Ea-e])[.)])(?=\s|$|\*)/g;
const INSTRUCTION =
  /^\s*(?:answer|attempt|choose|read|instructions?|time\s*(?:allowed)?\s*:|duration|each\s+question|select|find\s+the\s+(?:correct|best)|do\s+not|write|this\s+paper|candidates?|circle|shade|use\s+the|from\s+the\s+(?:options|alternatives)|total\s+marks|name\s*:|index\s+(?:no|number))/i;
/** A line that opens a block several questions share: "PASSAGE II", "Comprehension", "Study the table below…". */
const BLOCK_TITLE =
  /^\s*(?:passage|comprehension|poem|extract|study\s+the\s+(?:table|diagram|graph|chart|map|passage|figure|key|picture|information)\s+(?:below|above)\s+and)\b/i;
/** Instructions that do not start like one: "Mark the letter A, B, C or D on your answer sheet…", "…shade in pencil…". */
const INSTRUCTION_MORE =
  /\banswer\s+(?:sheet|booklet)\b|\banswer\s+questions?\s+\d{1,3}\b|\bshade\s+(?:in|the|your)\b|\blettered\s+A\s+to\s+[C-E]\b|\b(?:mark|circle|underline|tick)\s+the\s+(?:letter|correct|right|best)\b|\bthe\s+letters?\s+A\s*,\s*B\s*,\s*C\b|^\s*(?:mark|tick|underline)\s+(?:the\s+)?(?:answer|option)/i;
/** Header lines of a paper: a form field ("Name: ______", "Index No.:"), the exam and year ("BECE 2019"). */
const HEADER_FIELD =
  /^\s*(?:(?:candidate'?s?\s+)?name|index\s*(?:no\.?|number)|class|form|date|school|subject|paper|signature|stream|term|centre|center|level)\s*[:.]\s*(?:_{2,}|\.{3,}|\S.{0,60})?$|^\s*(?:BECE|B\.E\.C\.E\.?|WASSCE|WAEC|NECO|JHS\s*\d)\b.{0,60}$|^[^.?!]{0,60}_{3,}[\s_]*$/i;
/** A form field left blank for the candidate ("Name: ________   Index No: ______"): part of no heading, dropped. */
const BLANK_FIELD = /^\s*(?:[\p{L}.'’ ]{1,30}[:.]?\s*(?:_{3,}|\.{4,}|…+)\s*)+$/u;
/** "Time allowed: 1 hour", "Duration: 45 minutes", "Time: 1 hr". */
const TIME_LINE = /^\s*(?:time(?:\s+allowed)?|duration)\s*[:.-]/i;
/** A marks annotation: "[10 marks]", "(4 marks)", "[2 mks]", "(1 mark)". */
const MARKS = /\s*[[(]\s*(\d{1,3}(?:\.\d{1,2})?)\s*(?:marks?|mks?|pts?|points?)\s*[\])]\.?/gi;
const MARKS_ONE = new RegExp(MARKS.source, "i");
/** A blank to fill in: "______" or ". . . . ." (five dots or more). */
const BLANK = /_{3,}|(?:\.\s?){5,}|…{2,}/;
const TRUE_FALSE_STEM =
  /^\s*(?:true\s+or\s+false|true\s*\/\s*false|state\s+whether\b[^?]*\btrue\s+or\s+false)\b|\((?:true\s*(?:or|\/)\s*false|T\s*\/\s*F)\)\s*[.?]?$/i;
const MULTIPLE_STEM =
  /\b(?:choose|select|tick|mark|circle|pick)\s+(?:all|every)\s+(?:the\s+)?(?:options?\s+|answers?\s+)?(?:that|which)\s+(?:apply|are\s+(?:correct|true))|\ball\s+that\s+apply\b|\bwhich\s+(?:TWO|THREE|two|three)\b|\b(?:choose|select|pick|tick)\s+(?:TWO|THREE|two|three)\b|\bmore\s+than\s+one\s+(?:answer|option)\s+(?:is|may\s+be)\s+correct/;
/**
 * "Answer any three questions", "Answer two questions only", "Answer one question from this section": a written part.
 * ("Answer all questions" heads multiple-choice papers too, so it does not count; "SECTION B" does.)
 */
const ANSWER_QUESTIONS = /^\s*answer\s+(?:any\s+|only\s+)?(?:one|two|three|four|five|six|\d{1,2})\b.{0,50}\bquestions?\b/i;
/** A section whose questions are written answers: "SECTION B", "PART II", "Essay", "Theory". */
const WRITTEN_SECTION = /^\s*(?:SECTION|Section|PART|Part)\s+(?:B|C|D|II|III|IV|2|3|4)\b|\b(?:essay|theory|structured|written|subjective)\b/i;
const INSTRUCTION_ANYWHERE = /\ball\s+(?:the\s+)?questions\b|\bquestions?\s+\d+\s*(?:to|-|–|and)\s*\d+\b|\blettered\s+a\b/i;
/** A paper's heading is a few short lines: a longer line is prose (a passage), and a fourth line is no longer a title. */
const HEADING = { maxLines: 3, maxLength: 120 };

interface OptionDraft {
  letter: string;
  text: string;
  bold: boolean;
  star: boolean;
}
interface Draft {
  number: number | null;
  text: string[];
  options: OptionDraft[];
  answerLetter?: string;
  /** Several letters given ("Answer: A, C"): a multiple-answer key. */
  answerLetters?: string[];
  /** The entry of the key or marking scheme printed at the end of the paper, as text. */
  keyText?: string;
  passage?: string;
  images: ImagePart[];
  equations: Equation[];
  notes: string[];
  /** In a Section B or after "Answer … questions": a question without options here is a written answer. */
  writtenContext: boolean;
}

interface Marker {
  index: number;
  end: number;
  letter: string;
  star: boolean;
  glued?: boolean;
}

/** An option letter glued onto the previous option's last word: "filtrationD. sublimation" (PDFs). */
const GLUED = /(?<=[a-z0-9.,;:)?!'"”’%])([B-E])[.)](?=\s)/g;

/** The chain of option markers A, B, C… (same case) in a line, starting at the first "A"/"a" marker at or after `from`. */
function optionMarkers(text: string, mustStartAt0: boolean): Marker[] {
  const all: Marker[] = [];
  for (const m of text.matchAll(MARKER)) {
    const letter = m[3] ?? m[4];
    const index = m.index + m[1].length;
    all.push({ index, end: m.index + m[0].length, letter, star: m[2] === "*" });
  }
  for (const m of text.matchAll(GLUED)) all.push({ index: m.index, end: m.index + m[0].length, letter: m[1], star: false, glued: true });
  all.sort((a, b) => a.index - b.index);
  for (let i = 0; i < all.length; i++) {
    const first = all[i];
    if (first.glued) continue;
    if (mustStartAt0 && first.index !== text.search(/\S/)) return [];
    const upper = first.letter === first.letter.toUpperCase();
    if (!mustStartAt0 && first.letter.toUpperCase() !== "A") continue;
    const chain = [first];
    for (let j = i + 1; j < all.length; j++) {
      const prev = chain[chain.length - 1];
      const next = all[j];
      if (next.index < prev.end || (next.letter === next.letter.toUpperCase()) !== upper) continue;
      const want = String.fromCharCode(prev.letter.charCodeAt(0) + 1);
      // Options in a grid ("A. 1   C. 3" over "B. 2   D. 4") skip a letter across a wide gap; they are put back in order later.
      const gridStep = !next.glued && next.letter > want && next.letter.toUpperCase() <= "E" && /\s{2,}$/.test(text.slice(0, next.index));
      if (next.letter === want || gridStep) chain.push(next);
    }
    if (mustStartAt0 || chain.length >= 2) return chain;
  }
  return [];
}

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

function splitOptions(line: TextLine, markers: Marker[], upto = line.text.length): OptionDraft[] {
  return markers.map((mk, i) => {
    const stop = i + 1 < markers.length ? markers[i + 1].index : upto;
    let raw = line.text.slice(mk.end, stop);
    let star = mk.star;
    const trimmed = raw.trim();
    if (/^\*|\*$/.test(trimmed)) {
      star = true;
      raw = trimmed.replace(/^\*\s*|\s*\*$/g, "");
    }
    const text = raw.replace(/\s+/g, " ").trim();
    // Bold when every visible character of the option's text is bold (Word's automatic letters carry no run formatting).
    let bold = false;
    if (line.bold) {
      const chars = [...line.text.slice(mk.end, stop)].map((c, k) => [c, line.bold![mk.end + k]] as const).filter(([c]) => /\S/.test(c) && c !== "*");
      bold = chars.length > 0 && chars.every(([, b]) => b);
    }
    return { letter: mk.letter.toUpperCase(), text, bold, star };
  });
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

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

/** The held-back line that is the question of options met without a number: the last one that is not an instruction. */
function findStem(pending: { text: string }[]): number {
  const i = pending.length - 1;
  if (i < 0) return -1;
  const t = pending[i].text;
  if (isInstruction(t) || HEADER_FIELD.test(t) || SECTION.test(t) || BLOCK_TITLE.test(t)) return -1;
  return i;
}

const isInstruction = (l: string) => INSTRUCTION.test(l) || INSTRUCTION_ANYWHERE.test(l) || INSTRUCTION_MORE.test(l);

/**
 * A held-back block split into the paper's instructions (with the lines that carry on an instruction's sentence),
 * its header lines, and the rest (a passage, or title lines that are dropped).
 */
function splitBlock(block: string[]): { instructions: string[]; header: string[]; rest: string[] } {
  const out = { instructions: [] as string[], header: [] as string[], rest: [] as string[] };
  let carriesOn = false;
  for (const l of block) {
    if (carriesOn && l.length <= 160 && /^[a-z(,;]/.test(l)) {
      out.instructions[out.instructions.length - 1] += ` ${l}`;
      carriesOn = !/[.!?:"”]$/.test(l);
      continue;
    }
    // "Read the passage below carefully…" opens the passage: it is an instruction, and the passage follows it.
    if (isInstruction(l) && !SECTION.test(l)) {
      out.instructions.push(l);
      carriesOn = !/[.!?:"”]$/.test(l) && !BLOCK_TITLE.test(l);
      continue;
    }
    if (carriesOn && l.length <= 160 && /^(?:A|B|C|D|E)\b/.test(l)) {
      out.instructions[out.instructions.length - 1] += ` ${l}`;
      carriesOn = !/[.!?:"”]$/.test(l);
      continue;
    }
    carriesOn = false;
    if (HEADER_FIELD.test(l) || TIME_LINE.test(l)) {
      if (!BLANK_FIELD.test(l)) out.header.push(l);
      continue;
    }
    if (SECTION.test(l)) continue;
    out.rest.push(l);
  }
  return out;
}

/** A line that may be part of the paper's title: short, and not a question, option, answer, section, instruction or passage title. */
function isHeadingLine(raw: string, text: string): boolean {
  if (text.length > HEADING.maxLength) return false;
  if (QUESTION_START.test(raw) || optionMarkers(raw, true).length || ANSWER_LINE.test(text) || SECTION.test(text)) return false;
  return !isInstruction(text) && !BLOCK_TITLE.test(text);
}

/** Keeps the prose of a held-back block as a passage; instructions, headings and title lines are not questions and are dropped. */
function passageOf(block: string[]): string | undefined {
  const kept = block.filter((l) => !isInstruction(l) && !SECTION.test(l) && !HEADER_FIELD.test(l));
  const prose = kept.filter((l) => l.length >= 60 || /[.?!"'”’]$/.test(l));
  // A passage has sentences and some length; a paper's title lines have neither.
  if (!prose.length || kept.join(" ").length < 80) return undefined;
  // Title lines in capitals ("BASIC EDUCATION CERTIFICATE EXAMINATION") are dropped; a passage's own title is kept.
  const first = kept.findIndex((l) => l !== l.toUpperCase() || l.length >= 60);
  return kept.slice(Math.max(0, first)).map(clean).join("\n");
}

/**
 * Applies the key printed at the end of the paper: letters ("1. B", "1 B  2 C" grids, "1-B", tables) through the
 * answer-key reader, and each numbered entry's text ("1. A, C", "3. photosynthesis", a marking scheme's lines) for
 * multiple-answer, true/false, short and written questions. A question is found by its number, or by its position
 * when numbers repeat (sections numbered from 1 again) or are missing.
 */
function applyKey(drafts: Draft[], keyLines: TextLine[]): void {
  const letters = recogniseAnswers(keyLines).answers;
  const entries = new Map<number, string>();
  let at: number | null = null;
  for (const l of keyLines) {
    const t = clean(l.text.replace(/\u00a0|\t/g, " "));
    if (!t) continue;
    if (ANSWER_HEADING.test(t) || SECTION.test(t)) {
      at = null;
      continue;
    }
    const m = /^(?:q(?:uestion)?\s*\.?\s*)?(\d{1,3})\s*[.):\-–]?\s+(.+)$/i.exec(t);
    // A grid row "1 B  2 C  3 A" is letters only (taken above); a line "1. photosynthesis" or "2. (a) …" is an entry.
    if (m && !/^\(?[A-Ea-e]\)?\s+\d{1,3}\s*[.):\-–]?\s*\(?[A-Ea-e]\b/.test(m[2])) {
      at = Number(m[1]);
      if (!entries.has(at)) entries.set(at, m[2]);
      else at = null;
    } else if (at !== null && !/^\d{1,3}\s*[.):\-–]?\s*\(?[A-Ea-e]\)?(?:\s|$)/.test(t)) entries.set(at, `${entries.get(at)}\n${t}`);
  }
  const numbers = drafts.map((d) => d.number);
  const byPosition = numbers.some((n) => n === null) || new Set(numbers).size !== numbers.length;
  drafts.forEach((d, i) => {
    const n = byPosition ? i + 1 : d.number!;
    const entry = entries.get(n)?.trim();
    const letter = letters[n - 1];
    if (entry) {
      const several = /^\(?([A-Ea-e])\)?(?:\s*(?:,|and|&)\s*\(?[A-Ea-e]\)?)+\.?$/.exec(entry);
      if (several && !d.answerLetter) d.answerLetters = [...entry.matchAll(/(?<![A-Za-z])[A-Ea-e](?![A-Za-z])/g)].map((m) => m[0].toUpperCase());
      d.keyText = entry;
    }
    if (letter && !d.answerLetter) d.answerLetter = letter;
  });
}

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

function finish(drafts: Draft[]): QuestionParseResult {
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
