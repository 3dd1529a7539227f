import type { ExchangeQuestion, ParseWarning } from "./types.ts";

/** GIFT (Moodle's plain-text format), multiple-choice questions only. */

const SPECIAL = /[~=#{}:\\]/g;

export function escapeGift(s: string): string {
  return s.replace(SPECIAL, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

function unescapeGift(s: string): string {
  return s.replace(/\\(n|.)/g, (_, c: string) => (c === "n" ? "\n" : c));
}

export function exportGift(questions: ExchangeQuestion[]): string {
  return questions
    .map((q, i) => {
      const answers = q.options.map((o) => `\t${o === q.answer ? "=" : "~"}${escapeGift(o)}`);
      const feedback = q.explanation ? [`\t####${escapeGift(q.explanation)}`] : [];
      return [`::Q${i + 1}:: ${escapeGift(q.text)} {`, ...answers, ...feedback, "}"].join("\n");
    })
    .join("\n\n")
    .concat("\n");
}

/** Splits at blank lines that are outside an answer block; drops `//` comment lines. */
function blocks(src: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let depth = 0;
  for (const line of src.replace(/^\ufeff/, "").split(/\r?\n/)) {
    if (depth === 0 && /^\s*\/\//.test(line)) continue;
    if (depth === 0 && line.trim() === "") {
      if (cur.length) out.push(cur.join("\n"));
      cur = [];
      continue;
    }
    cur.push(line);
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "\\") i++;
      else if (line[i] === "{") depth++;
      else if (line[i] === "}") depth = Math.max(0, depth - 1);
    }
  }
  if (cur.length) out.push(cur.join("\n"));
  return out;
}

/** Index of the first unescaped `ch` at or after `from`, or -1. */
function findUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

export function importGift(src: string): { questions: ExchangeQuestion[]; warnings: ParseWarning[] } {
  const questions: ExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  blocks(src).forEach((block, k) => {
    let s = block.trim();
    if (/^\$CATEGORY:/i.test(s)) return;
    const label = `Block ${k + 1}`;
    if (s.startsWith("::")) {
      const end = s.indexOf("::", 2);
      if (end !== -1) s = s.slice(end + 2);
    }
    s = s.replace(/^\s*\[(?:html|plain|moodle|markdown)\]/i, "");
    const open = findUnescaped(s, "{");
    const close = open === -1 ? -1 : findUnescaped(s, "}", open);
    if (open === -1 || close === -1) {
      warnings.push({ message: `${label}: no answer block {…} was found; skipped.` });
      return;
    }
    const after = s.slice(close + 1).trim();
    const text = unescapeGift((s.slice(0, open).trim() + (after ? ` _____ ${after}` : "")).replace(/\n\s*/g, " ")).trim();
    const inner = s.slice(open + 1, close);
    const options: string[] = [];
    let answer = "";
    let explanation: string | undefined;
    let cur: { mark: string; text: string } | null = null;
    let mode: "answer" | "feedback" | "general" = "answer";
    const flush = () => {
      if (!cur) return;
      const t = unescapeGift(cur.text.replace(/^%-?\d+(?:\.\d+)?%/, "").replace(/\n\s*/g, " ")).trim();
      options.push(t);
      if (cur.mark === "=" || /^%100%/.test(cur.text)) answer = t;
      cur = null;
    };
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i];
      if (c === "\\") {
        const esc = inner.slice(i, i + 2);
        if (mode === "general") explanation = (explanation ?? "") + esc;
        else if (mode === "answer" && cur) cur.text += esc;
        i++;
        continue;
      }
      if (inner.startsWith("####", i)) {
        flush();
        mode = "general";
        explanation = "";
        i += 3;
        continue;
      }
      if (mode !== "general" && (c === "=" || c === "~")) {
        flush();
        cur = { mark: c, text: "" };
        mode = "answer";
        continue;
      }
      if (mode !== "general" && c === "#") {
        mode = "feedback";
        continue;
      }
      if (mode === "general") explanation += c;
      else if (mode === "answer" && cur) cur.text += c;
    }
    flush();
    if (options.length < 2 || !answer) {
      warnings.push({ message: `${label}: not a multiple-choice question (it needs one right answer "=" and wrong ones "~"); skipped.` });
      return;
    }
    const q: ExchangeQuestion = { text, options, answer };
    if (explanation !== undefined && unescapeGift(explanation).trim()) q.explanation = unescapeGift(explanation.trim());
    questions.push(q);
  });
  return { questions, warnings };
}
