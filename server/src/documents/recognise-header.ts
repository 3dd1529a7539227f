import { optionMarkers } from "./recognise-options.ts";
import { ANSWER_LINE, QUESTION_START, SECTION, clean } from "./recognise-lines.ts";

/*
 * What in a question paper is not a question: the paper's heading (title lines, header fields such as "BECE 2019" or
 * "Time allowed: 1 hour", blank form fields), its instructions (with the lines that carry on their sentence, and those
 * that make the next questions written answers), and passages shared by several questions.
 */

/** "Answer all questions", "Choose the correct option", "Time allowed:", "Name:": an instruction to the candidate. */
export const INSTRUCTION =
  /^\s*(?:answer|attempt|choose|read|instructions?|time\s*(?:allowed)?\s*:|duration|each\s+question|select|find\s+the\s+(?:correct|best)|do\s+not|write|this\s+paper|candidates?|circle|shade|use\s+the|from\s+the\s+(?:options|alternatives)|total\s+marks|name\s*:|index\s+(?:no|number))/i;
/** A line that opens a block several questions share: "PASSAGE II", "Comprehension", "Study the table below…". */
export const BLOCK_TITLE =
  /^\s*(?:passage|comprehension|poem|extract|study\s+the\s+(?:table|diagram|graph|chart|map|passage|figure|key|picture|information)\s+(?:below|above)\s+and)\b/i;
/** Instructions that do not start like one: "Mark the letter A, B, C or D on your answer sheet…", "…shade in pencil…". */
export const INSTRUCTION_MORE =
  /\banswer\s+(?:sheet|booklet)\b|\banswer\s+questions?\s+\d{1,3}\b|\bshade\s+(?:in|the|your)\b|\blettered\s+A\s+to\s+[C-E]\b|\b(?:mark|circle|underline|tick)\s+the\s+(?:letter|correct|right|best)\b|\bthe\s+letters?\s+A\s*,\s*B\s*,\s*C\b|^\s*(?:mark|tick|underline)\s+(?:the\s+)?(?:answer|option)/i;
/** Header lines of a paper: a form field ("Name: ______", "Index No.:"), the exam and year ("BECE 2019"). */
export const HEADER_FIELD =
  /^\s*(?:(?:candidate'?s?\s+)?name|index\s*(?:no\.?|number)|class|form|date|school|subject|paper|signature|stream|term|centre|center|level)\s*[:.]\s*(?:_{2,}|\.{3,}|\S.{0,60})?$|^\s*(?:BECE|B\.E\.C\.E\.?|WASSCE|WAEC|NECO|JHS\s*\d)\b.{0,60}$|^[^.?!]{0,60}_{3,}[\s_]*$/i;
/** A form field left blank for the candidate ("Name: ________   Index No: ______"): part of no heading, dropped. */
export const BLANK_FIELD = /^\s*(?:[\p{L}.'’ ]{1,30}[:.]?\s*(?:_{3,}|\.{4,}|…+)\s*)+$/u;
/** "Time allowed: 1 hour", "Duration: 45 minutes", "Time: 1 hr". */
export const TIME_LINE = /^\s*(?:time(?:\s+allowed)?|duration)\s*[:.-]/i;
/**
 * "Answer any three questions", "Answer two questions only", "Answer one question from this section": a written part.
 * ("Answer all questions" heads multiple-choice papers too, so it does not count; "SECTION B" does.)
 */
export const ANSWER_QUESTIONS = /^\s*answer\s+(?:any\s+|only\s+)?(?:one|two|three|four|five|six|\d{1,2})\b.{0,50}\bquestions?\b/i;
/** A section whose questions are written answers: "SECTION B", "PART II", "Essay", "Theory". */
export const WRITTEN_SECTION = /^\s*(?:SECTION|Section|PART|Part)\s+(?:B|C|D|II|III|IV|2|3|4)\b|\b(?:essay|theory|structured|written|subjective)\b/i;
/** Instructions met anywhere in a line: "all questions", "questions 1 to 10", "lettered A". */
export const INSTRUCTION_ANYWHERE = /\ball\s+(?:the\s+)?questions\b|\bquestions?\s+\d+\s*(?:to|-|–|and)\s*\d+\b|\blettered\s+a\b/i;
/** A paper's heading is a few short lines: a longer line is prose (a passage), and a fourth line is no longer a title. */
export const HEADING = { maxLines: 3, maxLength: 120 };

/** The held-back line that is the question of options met without a number: the last one that is not an instruction. */
export function findStem(pending: { text: string }[]): number {
  const i = pending.length - 1;
  if (i < 0) return -1;
  const t = pending[i].text;
  if (isInstruction(t) || HEADER_FIELD.test(t) || SECTION.test(t) || BLOCK_TITLE.test(t)) return -1;
  return i;
}

/** An instruction to the candidate, however it starts. */
export const isInstruction = (l: string) => INSTRUCTION.test(l) || INSTRUCTION_ANYWHERE.test(l) || INSTRUCTION_MORE.test(l);

/**
 * A held-back block split into the paper's instructions (with the lines that carry on an instruction's sentence),
 * its header lines, and the rest (a passage, or title lines that are dropped).
 */
export function splitBlock(block: string[]): { instructions: string[]; header: string[]; rest: string[] } {
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
export function isHeadingLine(raw: string, text: string): boolean {
  if (text.length > HEADING.maxLength) return false;
  if (QUESTION_START.test(raw) || optionMarkers(raw, true).length || ANSWER_LINE.test(text) || SECTION.test(text)) return false;
  return !isInstruction(text) && !BLOCK_TITLE.test(text);
}

/** Keeps the prose of a held-back block as a passage; instructions, headings and title lines are not questions and are dropped. */
export function passageOf(block: string[]): string | undefined {
  const kept = block.filter((l) => !isInstruction(l) && !SECTION.test(l) && !HEADER_FIELD.test(l));
  const prose = kept.filter((l) => l.length >= 60 || /[.?!"'”’]$/.test(l));
  // A passage has sentences and some length; a paper's title lines have neither.
  if (!prose.length || kept.join(" ").length < 80) return undefined;
  // Title lines in capitals ("BASIC EDUCATION CERTIFICATE EXAMINATION") are dropped; a passage's own title is kept.
  const first = kept.findIndex((l) => l !== l.toUpperCase() || l.length >= 60);
  return kept.slice(Math.max(0, first)).map(clean).join("\n");
}
