import type { OptionDraft } from "./recognise-lines.ts";
import type { TextLine } from "./types.ts";

/*
 * Option letters in a question paper's lines: the chain of markers A, B, C… on a line, including options printed in a
 * grid (A/C over B/D, put back in order when the question is finished) and an option glued onto the previous one
 * ("filtrationD. sublimation", from PDFs), and the line split into its options (starred or bold ones noted as the key).
 */

/** Option markers, anywhere in a line: "A.", "A)", "(a)", "a.", optionally starred ("*C." or "C.*"). */
const MARKER = /(^|\s)(\*?)\s?(?:\(([A-Ea-e])\)|([A-Ea-e])[.)])(?=\s|$|\*)/g;

export interface Marker {
  index: number;
  end: number;
  letter: string;
  star: boolean;
  glued?: boolean;
}

/** An option letter glued onto the previous option's last word: "filtrationD. sublimation" (PDFs). */
const GLUED = /(?<=[a-z0-9.,;:)?!'"”’%])([B-E])[.)](?=\s)/g;

/** The chain of option markers A, B, C… (same case) in a line, starting at the first "A"/"a" marker at or after `from`. */
export function optionMarkers(text: string, mustStartAt0: boolean): Marker[] {
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

/** The options between the markers, up to `upto`: text, letter, and whether starred or all in bold. */
export function splitOptions(line: TextLine, markers: Marker[], upto = line.text.length): OptionDraft[] {
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
