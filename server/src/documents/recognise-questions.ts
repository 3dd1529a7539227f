import type { ImagePart, ParsedQuestion, ParseWarning, QuestionParseResult, TextLine } from "./types.ts";

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
const BLOCK_TITLE = /^\s*(?:passage|comprehension|poem|extract|study\s+the\s+(?:table|diagram|graph|chart|map|passage|figure)\s+(?:below|above)\s+and)\b/i;
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
  passage?: string;
  images: ImagePart[];
  notes: string[];
}

interface Marker {
  index: number;
  end: number;
  letter: string;
  star: boolean;
}

/** The chain of option markers A, B, C… (same case) in a line, starting at the first "A"/"a" marker at or after `from`. */
function optionMarkers(text: string, mustStartAt0: boolean): Marker[] {
  const all: Marker[] = [];
  for (const m of text.matchAll(MARKER)) {
    const letter = m[3] ?? m[4];
    const index = m.index + m[1].length;
    all.push({ index, end: m.index + m[0].length, letter, star: m[2] === "*" });
  }
  for (let i = 0; i < all.length; i++) {
    const first = all[i];
    if (mustStartAt0 && first.index !== text.search(/\S/)) return [];
    const upper = first.letter === first.letter.toUpperCase();
    if (!mustStartAt0 && first.letter.toUpperCase() !== "A") continue;
    const chain = [first];
    for (let j = i + 1; j < all.length; j++) {
      const prev = chain[chain.length - 1];
      const want = String.fromCharCode(prev.letter.charCodeAt(0) + 1);
      if (all[j].letter === want && (all[j].letter === all[j].letter.toUpperCase()) === upper) chain.push(all[j]);
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

export function recogniseQuestions(lines: TextLine[]): QuestionParseResult {
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  let phase: "text" | "options" = "text";
  let pending: string[] = [];
  let pendingImages: ImagePart[] = [];
  let lastNumber = 0;
  let lastOptionLineLength = 0;
  const heading: string[] = [];
  // Title lines are gathered only at the very top of the paper, until anything else is met.
  let headingOpen = true;

  const close = () => {
    current = null;
    phase = "text";
  };
  const takePending = (): string | undefined => {
    const passage = passageOf(pending);
    pending = [];
    return passage;
  };
  const open = (number: number | null): Draft => {
    const d: Draft = { number, text: [], options: [], images: pendingImages, notes: [] };
    pendingImages = [];
    const passage = takePending();
    if (passage) d.passage = passage;
    drafts.push(d);
    current = d;
    phase = "text";
    return d;
  };
  const addOptions = (d: Draft, opts: OptionDraft[]) => {
    d.options.push(...opts);
    phase = "options";
  };

  for (const raw of lines) {
    const line: TextLine = { ...raw, text: raw.text.replace(/\u00a0|\t/g, " ") };
    const text = line.text.trim();
    const images = line.images ?? [];
    if (!text) {
      if (images.length) (current ? (current as Draft).images : pendingImages).push(...images);
      continue;
    }

    if (headingOpen && !current && drafts.length === 0 && pending.length === 0 && isHeadingLine(line.text, text) && heading.length < HEADING.maxLines) {
      heading.push(clean(text));
      pendingImages.push(...images);
      continue;
    }
    headingOpen = false;

    const answer = ANSWER_LINE.exec(text);
    if (answer && current) {
      (current as Draft).answerLetter = answer[1].toUpperCase();
      (current as Draft).images.push(...images);
      continue;
    }

    if (SECTION.test(text) && text.length < 120) {
      close();
      pending = [];
      pendingImages.push(...images);
      continue;
    }

    const q = QUESTION_START.exec(line.text);
    const qNumber = q ? Number(q[1] ?? q[2] ?? q[3]) : NaN;
    if (q && startsQuestion(qNumber, lastNumber, current !== null && phase === "text")) {
      const d = open(qNumber);
      lastNumber = qNumber;
      const restStart = line.text.length - q[4].length;
      const rest: TextLine = { text: line.text.slice(restStart), bold: line.bold?.slice(restStart) };
      const inline = optionMarkers(rest.text, false);
      if (inline.length >= 2) {
        d.text.push(rest.text.slice(0, inline[0].index));
        addOptions(d, splitOptions(rest, inline));
        lastOptionLineLength = text.length;
      } else if (rest.text.trim()) d.text.push(rest.text);
      d.images.push(...images);
      continue;
    }

    const markers = optionMarkers(line.text, true);
    if (markers.length) {
      let d = current as Draft | null;
      if (!d) {
        d = open(null);
        d.notes.push("options were found with no question before them");
      }
      addOptions(d, splitOptions(line, markers));
      lastOptionLineLength = text.length;
      d.images.push(...images);
      continue;
    }

    // Plain text.
    const d = current as Draft | null;
    const opensBlock = INSTRUCTION_ANYWHERE.test(text) || BLOCK_TITLE.test(text);
    if (d && phase === "text" && !opensBlock) {
      d.text.push(text);
      d.images.push(...images);
      continue;
    }
    if (d && (phase as string) === "options" && !opensBlock && !INSTRUCTION.test(text)) {
      // A wrapped option: the option's line ran long (to the margin), and this short line carries on its sentence.
      const last = d.options[d.options.length - 1];
      if (last && lastOptionLineLength >= 45 && text.length <= 100 && (/^[a-z0-9(]/.test(text) || !/[.?!:]$/.test(last.text))) {
        last.text = clean(`${last.text} ${text}`);
        d.images.push(...images);
        lastOptionLineLength = 0;
        continue;
      }
    }
    close();
    pending.push(text);
    pendingImages.push(...images);
  }

  return { ...finish(drafts), heading: heading.length ? heading.join("\n") : null };
}

/** A line that may be part of the paper's title: short, and not a question, option, answer, section, instruction or passage title. */
function isHeadingLine(raw: string, text: string): boolean {
  if (text.length > HEADING.maxLength) return false;
  if (QUESTION_START.test(raw) || optionMarkers(raw, true).length || ANSWER_LINE.test(text) || SECTION.test(text)) return false;
  return !INSTRUCTION.test(text) && !INSTRUCTION_ANYWHERE.test(text) && !BLOCK_TITLE.test(text);
}

/** Keeps the prose of a held-back block as a passage; instructions, headings and title lines are not questions and are dropped. */
function passageOf(block: string[]): string | undefined {
  const kept = block.filter((l) => !INSTRUCTION.test(l) && !INSTRUCTION_ANYWHERE.test(l) && !SECTION.test(l));
  const prose = kept.filter((l) => l.length >= 60 || /[.?!"'”’]$/.test(l));
  // A passage has sentences and some length; a paper's title lines have neither.
  if (!prose.length || kept.join(" ").length < 80) return undefined;
  // Title lines in capitals ("BASIC EDUCATION CERTIFICATE EXAMINATION") are dropped; a passage's own title is kept.
  const first = kept.findIndex((l) => l !== l.toUpperCase() || l.length >= 60);
  return kept.slice(Math.max(0, first)).map(clean).join("\n");
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

    const options = d.options.map((o) => o.text);
    let answer = "";
    const byLetter = (letter: string) => d.options.find((o) => o.letter === letter);
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

    const text = clean(d.text.join(" "));
    for (const n of d.notes) warn(`${n}.`);
    if (!text) warn("the question text is empty.");
    if (options.length < 2) warn(options.length === 0 ? "no options were found." : "only one option was found.");
    const letters = d.options.map((o) => o.letter).join("");
    if (options.length >= 2 && letters !== "ABCDE".slice(0, letters.length))
      warn(`the options are lettered ${letters.split("").join(", ")} instead of A, B, C…; check them.`);
    if (options.length > 5) warn("more than five options were found.");
    if (options.some((o) => !o)) warn("an option is empty.");

    const q: ParsedQuestion = { text, options, answer };
    if (d.passage) q.passage = d.passage;
    if (d.images.length) q.images = d.images;
    questions.push(q);
  });
  return { questions, warnings };
}
