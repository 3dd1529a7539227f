import { ANSWER_HEADING, recogniseAnswers } from "./recognise-answers.ts";
import { SECTION, clean, type Draft } from "./recognise-lines.ts";
import type { TextLine } from "./types.ts";

/*
 * An answer key or marking scheme printed at the end of a question paper (after a heading such as "Answers", "Answer key",
 * "Marking scheme"), applied to the questions read before it: letters, several letters, True/False, short answers and
 * written questions' schemes, matched by question number or position.
 */

/**
 * Applies the key printed at the end of the paper: letters ("1. B", "1 B  2 C" grids, "1-B", tables) through the
 * answer-key reader, and each numbered entry's text ("1. A, C", "3. photosynthesis", a marking scheme's lines) for
 * multiple-answer, true/false, short and written questions. A question is found by its number, or by its position
 * when numbers repeat (sections numbered from 1 again) or are missing.
 */
export function applyKey(drafts: Draft[], keyLines: TextLine[]): void {
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
