import type { ExchangeImport, TypedExchangeQuestion } from "./exchange-types.ts";
import { nameOf, numberText, titleFrom, unsupportedQuestion } from "./exchange-types.ts";
import { formattedToText, type TextFormat } from "./html-text.ts";
import type { ExchangeQuestion, ParseWarning } from "./types.ts";

/**
 * GIFT, Moodle's plain-text format, read and written by Moodle's own rules (question/format/gift/format.php):
 *
 *   single      Who? {=right ~wrong ~wrong}            multiple   Which? {~%50%a ~%50%b ~%-100%c}  (no "=": checkboxes)
 *   true/false  Is it? {T}  {TRUE}  {F}  {FALSE}       short      Name it {=Frog =%50%Cat}  ("*" matches anything)
 *   numerical   {#3:2} (3 ± 2)  {#1..5} (a range)      written    Essay {}  (Moodle's essay)
 *
 * Questions are separated by blank lines; `//` lines are comments; `::title::` names a question; `[html]`, `[markdown]`,
 * `[plain]`, `[moodle]` give a text's format (HTML and Markdown become plain text); `\~ \= \# \{ \} \: \\ \n` are escapes;
 * `#feedback` and `####general feedback` are read past (Adesua keeps no feedback). Matching questions, descriptions and
 * anything else are not imported: each is named in `unsupported`.
 *
 * Export: marks, a numerical unit, a written question's parts and marking scheme are NOT in GIFT (it has no place for
 * them): they come back as 1 mark, no unit, no scheme. Moodle's multiple-answer questions always give partial credit;
 * Adesua's "all or nothing" scoring is written as right options sharing 100 % and wrong ones -100 % (Moodle's nearest),
 * with a `// Adesua: all or nothing` comment line that Moodle skips and Adesua reads back.
 */

const P = { bs: "\ue000", colon: "\ue001", hash: "\ue002", eq: "\ue003", open: "\ue004", close: "\ue005", tilde: "\ue006", nl: "\ue007" };
const ALL_OR_NOTHING = "// Adesua: all or nothing";
/** Moodle's answer weight: "%50%", "%-33.33333%". */
const WEIGHT = /^%-*([0-9]{1,2})\.?([0-9]*)%/;

/** Moodle's escapedchar_pre: escaped control characters become placeholders before the text is cut up. */
function pre(s: string): string {
  return s
    .replace(/\\\\/g, P.bs)
    .replace(/\\:/g, P.colon)
    .replace(/\\#/g, P.hash)
    .replace(/\\=/g, P.eq)
    .replace(/\\\{/g, P.open)
    .replace(/\\\}/g, P.close)
    .replace(/\\~/g, P.tilde)
    .replace(/\\n/g, P.nl);
}

/** Moodle's escapedchar_post: the placeholders become their characters again. */
function post(s: string): string {
  return s
    .replace(/\ue001/g, ":")
    .replace(/\ue002/g, "#")
    .replace(/\ue003/g, "=")
    .replace(/\ue004/g, "{")
    .replace(/\ue005/g, "}")
    .replace(/\ue006/g, "~")
    .replace(/\ue007/g, "\n")
    .replace(/\ue000/g, "\\");
}

const FORMATS: Record<string, TextFormat> = { html: "html", moodle: "moodle", plain: "plain", markdown: "markdown" };

/** Moodle's parse_text_with_format: a leading `[format]` sets the format (else the default) and is removed. */
function withFormat(raw: string, def: TextFormat): { text: string; format: TextFormat } {
  let text = raw.trim();
  let format = def;
  const m = /^\[([a-z]+)\]/.exec(text);
  if (m && FORMATS[m[1]]) {
    format = FORMATS[m[1]];
    text = text.slice(m[0].length);
  }
  return { text: formattedToText(post(text), format), format };
}

/** Moodle's answerweightparser: "%50%rest" → 0.5 and "rest". */
function weightOf(answer: string): { weight: number; rest: string } {
  const body = answer.slice(1);
  const end = body.indexOf("%");
  return { weight: Number(body.slice(0, end)) / 100, rest: body.slice(end + 1) };
}

/** Moodle's commentparser: the text before the first `#` (the rest is feedback). */
const answerText = (answer: string, def: TextFormat) => withFormat(answer.split("#")[0], def).text;

const near = (a: number, b: number) => Math.abs(a - b) < 0.0001;
const pct = (w: number) => Math.round(w * 10000) / 100;

/** Splits "x ~y =z" style answer lists the way Moodle does: on the marker, dropping an empty first piece. */
function splitAnswers(answertext: string, marker: string): string[] {
  const parts = answertext.split(marker);
  if (parts.length && parts[0].trim() === "") parts.shift();
  return parts.map((p) => p.trim());
}

type Outcome = { question: TypedExchangeQuestion } | { unsupported: string; what?: string } | { broken: string };

function readQuestion(text: string, def: TextFormat, allOrNothing: boolean, warn: (m: string) => void): Outcome & { title?: string } {
  // Question name.
  let title: string | undefined;
  if (text.startsWith("::")) {
    const end = text.indexOf("::", 2);
    if (end !== -1) {
      title = post(text.slice(2, end)).trim();
      text = text.slice(end + 2).trim();
    } else text = text.slice(2);
  }
  const start = text.indexOf("{");
  const finish = text.indexOf("}");
  if (start === -1 && finish === -1)
    return { title: title ?? titleFrom(withFormat(text, def).text), unsupported: "description", what: "is a description, not a question" };
  if (start === -1 || finish === -1 || finish < start)
    return { title: title ?? titleFrom(withFormat(text.replace(/[{}]/g, " "), def).text), broken: "its answer block { … } is not closed" };
  let answertext = text.slice(start + 1, finish).trim();
  const questiontext = text.endsWith("}") ? `${text.slice(0, start)}${text.slice(finish + 1)}` : `${text.slice(0, start)}_____${text.slice(finish + 1)}`;
  const gf = answertext.lastIndexOf("####");
  if (gf !== -1) answertext = answertext.slice(0, gf).trim();
  const qt = withFormat(questiontext, def);
  const name = title || titleFrom(qt.text);
  const fmt = qt.format;
  const q = (fields: Omit<TypedExchangeQuestion, "text" | "options" | "answer"> & Partial<ExchangeQuestion>): Outcome & { title: string } => ({
    title: name,
    question: { text: qt.text, options: [], answer: "", ...fields },
  });
  if (!qt.text) return { title: name, broken: "it has no text" };

  if (answertext === "") return q({ type: "written" });
  if (answertext[0] === "#") {
    let body = answertext.slice(1);
    const tilde = body.indexOf("~");
    if (tilde !== -1) body = body.slice(0, tilde);
    const answers = splitAnswers(body, "=");
    const read: { weight: number; value: number; tolerance: number }[] = [];
    for (let a of answers) {
      let weight = 1;
      if (WEIGHT.test(a)) ({ weight, rest: a } = weightOf(a));
      const t = answerText(a, fmt);
      let value: number;
      let tolerance: number;
      const dots = t.indexOf("..");
      const colon = t.indexOf(":");
      if (dots > 0) {
        const min = Number(t.slice(0, dots).trim());
        const max = Number(t.slice(dots + 2).trim());
        value = (max + min) / 2;
        tolerance = max - value;
      } else if (colon > 0) {
        value = Number(t.slice(0, colon).trim());
        tolerance = Number(t.slice(colon + 1).trim());
      } else {
        value = Number(t.trim());
        tolerance = 0;
      }
      if (t.trim() === "*") continue;
      if (t.trim() === "" || !Number.isFinite(value) || !Number.isFinite(tolerance)) return { title: name, broken: `"${t}" is not a number` };
      read.push({ weight, value, tolerance: Math.abs(tolerance) });
    }
    const best = [...read].sort((a, b) => b.weight - a.weight)[0];
    if (!best || best.weight <= 0) return { title: name, broken: "it has no right numerical answer" };
    const others = read.filter((r) => r !== best && r.weight > 0);
    if (others.length)
      warn(
        `${nameOf(0, name)}: only the fully right answer ${numberText(best.value)} ± ${numberText(best.tolerance)} is kept; ${others.map((o) => `${numberText(o.value)} (${pct(o.weight)}%)`).join(", ")} gave partial credit in the file`,
      );
    if (best.weight < 1) warn(`${nameOf(0, name)}: its best answer was worth ${pct(best.weight)}% in the file; it is kept as the right answer`);
    return q({ type: "numerical", value: best.value, tolerance: best.tolerance });
  }
  if (answertext.includes("~")) {
    const single = answertext.includes("=");
    const answers = splitAnswers(answertext.replace(/=/g, "~="), "~");
    if (answers.length < 2) return { title: name, broken: "a multiple-choice question needs at least two answers" };
    const read = answers.map((a) => {
      let weight = 0;
      if (a[0] === "=") {
        weight = 1;
        a = a.slice(1);
      } else if (WEIGHT.test(a)) ({ weight, rest: a } = weightOf(a));
      return { text: answerText(a, fmt), weight };
    });
    const options = read.map((r) => r.text);
    if (options.length > 5) return { title: name, unsupported: "multiple choice", what: `has ${options.length} options (Adesua takes 2 to 5)` };
    if (options.some((o) => o === "")) return { title: name, broken: "one of its options is empty" };
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return { title: name, broken: "two of its options are the same" };
    const right = read.filter((r) => r.weight > 0);
    if (single) {
      const full = read.filter((r) => near(r.weight, 1));
      if (full.length > 1) warn(`${nameOf(0, name)}: ${full.length} answers are fully right in the file; only "${full[0].text}" is kept as the key`);
      const partial = right.filter((r) => !near(r.weight, 1));
      if (partial.length) warn(`${nameOf(0, name)}: partial credit for ${partial.map((r) => `"${r.text}" (${pct(r.weight)}%)`).join(", ")} is not kept`);
      return q({ options, answer: full[0]?.text ?? "" });
    }
    if (right.length === 0) {
      warn(`${nameOf(0, name)}: no answer is marked right; set its key before using it`);
      return q({ options, answer: "" });
    }
    if (!right.every((r) => near(r.weight, 1 / right.length)))
      warn(`${nameOf(0, name)}: its right answers' weights (${right.map((r) => `${pct(r.weight)}%`).join(", ")}) become equal shares`);
    return q({ type: "multiple", options, answers: right.map((r) => r.text), scoring: allOrNothing ? "all_or_nothing" : "partial" });
  }
  if (answertext.includes("=") && answertext.includes("->")) return { title: name, unsupported: "matching" };
  const hash = answertext.indexOf("#");
  const tf = hash > 0 ? answertext.slice(0, hash).trim() : answertext;
  if (["T", "TRUE", "F", "FALSE"].includes(tf)) return q({ type: "true_false", options: ["True", "False"], answer: tf[0] === "T" ? "True" : "False" });
  // Short answer.
  const accepted: { text: string; fraction: number }[] = [];
  for (let a of splitAnswers(answertext, "=")) {
    let weight = 1;
    if (WEIGHT.test(a)) ({ weight, rest: a } = weightOf(a));
    const t = answerText(a, fmt);
    if (t === "" || weight <= 0) continue;
    accepted.push({ text: t, fraction: Math.min(100, Math.round(weight * 100)) });
  }
  if (!accepted.length) return { title: name, broken: "it has no accepted answer worth marks" };
  return q({ type: "short", ...containsForm(accepted) });
}

/**
 * Moodle has no "contains" rule: Adesua writes it as `*answer*` around every accepted answer, and reads a list where
 * every answer is so wrapped (with no other `*`) back as "contains".
 */
export function containsForm(accepted: { text: string; fraction: number }[]): { accepted: { text: string; fraction: number }[]; contains: boolean } {
  const wrapped = accepted.every((a) => /^\*[^*]+\*$/.test(a.text));
  return wrapped ? { accepted: accepted.map((a) => ({ text: a.text.slice(1, -1), fraction: a.fraction })), contains: true } : { accepted, contains: false };
}

export function wrapContains(accepted: { text: string; fraction: number }[], contains: boolean | undefined) {
  return contains ? accepted.map((a) => ({ text: `*${a.text}*`, fraction: a.fraction })) : accepted;
}

export function importGift(src: string): ExchangeImport {
  const questions: TypedExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  const unsupported: ExchangeImport["unsupported"] = [];
  // Moodle's readquestions: trimmed lines, a blank line ends a question.
  const blocks: string[][] = [];
  let cur: string[] = [];
  for (const raw of src.replace(/^\ufeff/, "").split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === "") {
      if (cur.length) blocks.push(cur);
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) blocks.push(cur);
  let number = 0;
  for (const lines of blocks) {
    const allOrNothing = lines.some((l) => l.toLowerCase() === ALL_OR_NOTHING.toLowerCase());
    const text = pre(
      lines
        .map((l) => (l.startsWith("//") ? " " : l))
        .join("\n")
        .trim(),
    );
    if (!text || /^\$CATEGORY:/.test(text)) continue;
    number++;
    const pending: string[] = [];
    const out = readQuestion(text, "moodle", allOrNothing, (m) => pending.push(m));
    const title = out.title ?? `question ${number}`;
    for (const m of pending) warnings.push({ message: m.replace(/^Q0 /, `Q${number} `) });
    if ("question" in out) {
      out.question.source = { number, title };
      questions.push(out.question);
      for (let i = warnings.length - pending.length; i < warnings.length; i++) warnings[i].question = questions.length;
    } else if ("unsupported" in out) unsupported.push(unsupportedQuestion(number, title, out.unsupported, out.what));
    else warnings.push({ message: `${nameOf(number, title)}: ${out.broken}: not imported` });
  }
  return { questions, warnings, unsupported };
}

// ---------- export ----------

/** Moodle's repchar: `\` and `~ = # { } :` escaped, line breaks written as `\n`. */
export function escapeGift(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, "\\n");
}

/**
 * A text as GIFT holds it: escaped, and marked `[plain]` where Moodle would otherwise misread it — text that starts with
 * "[" (it would be taken for a format) or holds "<" or "&" (Moodle's default format would show them as HTML).
 */
function giftText(s: string): string {
  return `${s.startsWith("[") || /[<&]/.test(s) ? "[plain]" : ""}${escapeGift(s)}`;
}

/** A weight as Moodle writes it: 33.33333, -50, 100. */
const weightText = (w: number) => numberText(Math.round(w * 100000) / 100000);

function answerBlock(q: TypedExchangeQuestion): string | null {
  const type = q.type ?? "single";
  switch (type) {
    case "single":
      // A leading "%…%" in a wrong option would be read as its weight: an explicit %0% goes before it.
      return `{\n${q.options.map((o) => `\t${o === q.answer ? "=" : o.startsWith("%") ? "~%0%" : "~"}${giftText(o)}`).join("\n")}\n}`;
    case "multiple": {
      const right = q.options.filter((o) => (q.answers ?? []).includes(o));
      const wrongCount = q.options.length - right.length;
      const wrongWeight = q.scoring === "all_or_nothing" ? -100 : wrongCount ? -100 / wrongCount : 0;
      return `{\n${q.options.map((o) => `\t~%${weightText(right.includes(o) ? 100 / Math.max(1, right.length) : wrongWeight)}%${giftText(o)}`).join("\n")}\n}`;
    }
    case "true_false":
      return q.answer === "True" ? "{T}" : q.answer === "False" ? "{F}" : null;
    case "short":
      return `{\n${wrapContains(q.accepted ?? [], q.contains)
        .map((a) => `\t=%${a.fraction}%${giftText(a.text)}`)
        .join("\n")}\n}`;
    case "numerical":
      return typeof q.value === "number" ? `{#${numberText(q.value)}:${numberText(q.tolerance ?? 0)}}` : null;
    case "written":
      return "{}";
  }
}

/** The bank as GIFT that Moodle's importer reads (see the header for what GIFT cannot carry). */
export function exportGift(questions: TypedExchangeQuestion[]): string {
  return questions
    .map((q, i) => {
      const block = answerBlock(q);
      const title = `::${escapeGift(titleFrom(q.text))}::`;
      // A true/false or numerical question without its key has no GIFT form: it is named in a comment instead.
      if (block === null) return `// Q${i + 1} '${titleFrom(q.text)}' has no key and is not exported`;
      const lines = [`// question ${i + 1}`];
      if (q.type === "multiple" && q.scoring === "all_or_nothing") lines.push(ALL_OR_NOTHING);
      lines.push(`${title}${giftText(q.text)}${block}`);
      return lines.join("\n");
    })
    .join("\n\n")
    .concat("\n");
}
