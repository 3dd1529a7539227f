import type { ExchangeImport, TypedExchangeQuestion } from "./exchange-types.ts";
import { marksFrom, nameOf, numberText, pictureType, titleFrom, unsupportedQuestion } from "./exchange-types.ts";
import { containsForm } from "./gift.ts";
import { formattedToText, type TextFormat } from "./html-text.ts";
import { ALL_OR_NOTHING_TAG } from "./moodle-xml-write.ts";
import type { ImagePart, ParseWarning } from "./types.ts";
import { childElements, findAll, firstChild, parseXml, textOf, type XmlElement } from "./xml.ts";

export { exportMoodleXml, partsAsSchemeText } from "./moodle-xml-write.ts";

/**
 * Moodle XML, read and written by Moodle's rules (question/format/xml/format.php):
 *
 *   multichoice  <single>true</single>: single answer; false: multiple answers (fractions > 0 are right, partial credit)
 *   truefalse    answers "true" / "false", the one with fraction 100 is right
 *   shortanswer  answers with fractions (0 % ones dropped); Adesua always ignores case (a warning when usecase = 1)
 *   numerical    the fully right answer and its <tolerance>; the first unit with multiplier 1 is the unit
 *   essay        written; <graderinfo> is the marking scheme
 *   every type   <defaultgrade> is the marks; <category> entries are skipped; HTML becomes plain text
 *
 * Pictures (<file encoding="base64"> PNG, JPEG, GIF, WebP in the question text, and the old <image_base64>) come with
 * the question (the server stores them); any other file (sound, video, a picture in an option or feedback) is named in a
 * warning. Matching, drag and drop, ordering, calculated, cloze, descriptions, random… are named in `unsupported`.
 *
 * Export (moodle-xml-write.ts) writes every type with <defaultgrade> = marks; a written question's parts go into <graderinfo>
 * after its scheme, one line each — "(a) [2 marks] what the marker looks for" — and are read back as parts when their
 * marks add up to the question's. Adesua's "all or nothing" scoring (Moodle has none) is written as right options sharing
 * 100 %, wrong ones -100 %, and the tag "all-or-nothing", read back as such.
 */

const KINDS: Record<string, string> = {
  match: "matching",
  matching: "matching",
  ddmatch: "drag-and-drop matching",
  ordering: "ordering",
  calculated: "calculated",
  calculatedsimple: "calculated",
  calculatedmulti: "calculated multiple-choice",
  cloze: "cloze (embedded answers)",
  multianswer: "cloze (embedded answers)",
  random: "random",
  randomsamatch: "random short-answer matching",
  ddwtos: "drag-and-drop into text",
  gapselect: "select missing words",
  ddimageortext: "drag-and-drop onto image",
  ddmarker: "drag-and-drop markers",
};

/** Moodle's trans_format; an unknown name is HTML, as Moodle assumes. */
function formatOf(name: string | undefined, def: TextFormat): TextFormat {
  switch ((name ?? "").trim()) {
    case "":
      return def;
    case "html":
      return "html";
    case "moodle_auto_format":
    case "wiki_like":
      return "moodle";
    case "plain_text":
      return "plain";
    case "markdown":
      return "markdown";
    default:
      return "html";
  }
}

const textIn = (el: XmlElement | undefined) => textOf(firstChild(el, "text"));
const childText = (el: XmlElement | undefined, name: string) => textOf(firstChild(el, name)).trim();

/** Moodle's trans_single: "false", "0" or nothing is false. */
const isTrue = (s: string) => !(s === "false" || s === "" || s === "0");

const near = (a: number, b: number) => Math.abs(a - b) < 0.0001;
const pct = (w: number) => Math.round(w * 10000) / 100;

function base64Bytes(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s.replace(/\s+/g, ""), "base64"));
}

const AUDIO = /\.(mp3|wav|ogg|oga|m4a|aac|flac|wma)$/i;
const VIDEO = /\.(mp4|webm|ogv|mov|avi|mkv|m4v|flv|wmv)$/i;
const kindOfFile = (name: string) => (AUDIO.test(name) ? "the sound file" : VIDEO.test(name) ? "the video" : "the file");

const PART = /^\(([^\n]{1,20}?)\) \[(\d+(?:\.\d+)?) marks?\](?: (.*))?$/;

/** A written question's marking scheme and, when written as Adesua writes them, its parts (their marks must add up). */
export function schemeAndParts(info: string, marks: number | null): { scheme: string | null; parts?: { label: string; marks: number; scheme: string }[] } {
  const lines = info.split("\n");
  const first = lines.findIndex((l) => PART.test(l));
  if (first === -1) return { scheme: info.trim() || null };
  const parts: { label: string; marks: number; scheme: string }[] = [];
  for (const l of lines.slice(first)) {
    const m = PART.exec(l);
    if (m) parts.push({ label: m[1], marks: Number(m[2]), scheme: m[3] ?? "" });
    else parts[parts.length - 1].scheme += `\n${l}`;
  }
  for (const p of parts) p.scheme = p.scheme.trim();
  const sum = Math.round(parts.reduce((s, p) => s + p.marks, 0) * 100) / 100;
  const labels = new Set(parts.map((p) => p.label.toLowerCase()));
  if (labels.size !== parts.length || parts.some((p) => !(p.marks > 0)) || (marks !== null && Math.abs(sum - marks) > 0.001) || parts.length > 10)
    return { scheme: info.trim() || null };
  return { scheme: lines.slice(0, first).join("\n").trim() || null, parts };
}

type Outcome = { question: TypedExchangeQuestion } | { unsupported: string; what?: string } | { broken: string };

function readQuestion(q: XmlElement, type: string, name: string, warn: (m: string) => void): Outcome {
  const qtEl = firstChild(q, "questiontext");
  const format = formatOf(qtEl?.attrs.format, "html");
  const rawText = textIn(qtEl);
  const text = formattedToText(rawText, format);
  const kind = KINDS[type];
  if (type === "description") return { unsupported: "description", what: "is a description, not a question" };
  if (kind) return { unsupported: kind };
  if (!["multichoice", "truefalse", "shortanswer", "numerical", "essay"].includes(type)) return { unsupported: type || "untyped" };
  if (!text) return { broken: "it has no text" };

  const base: TypedExchangeQuestion = { text, options: [], answer: "" };
  const grade = firstChild(q, "defaultgrade");
  if (grade) {
    const marks = marksFrom(textOf(grade));
    if (marks === null) warn(`its mark "${textOf(grade).trim()}" is not 0.01 to 100 marks; it is worth 1 mark`);
    else base.marks = marks;
  }
  const answers = childElements(q, "answer").map((a) => ({
    el: a,
    fraction: Number(a.attrs.fraction ?? childText(a, "fraction") ?? 0) / 100 || 0,
  }));

  switch (type) {
    case "multichoice": {
      const read = answers.map((a) => ({ text: formattedToText(textIn(a.el), formatOf(a.el.attrs.format, format)), weight: a.fraction }));
      const options = read.map((r) => r.text);
      if (options.length < 2) return { broken: "a multiple-choice question needs at least two answers" };
      if (options.length > 5) return { unsupported: "multiple choice", what: `has ${options.length} options (Adesua takes 2 to 5)` };
      if (options.some((o) => o === "")) return { broken: "one of its options is empty (a picture only?)" };
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return { broken: "two of its options are the same" };
      const right = read.filter((r) => r.weight > 0);
      if (isTrue(childText(q, "single") || "true")) {
        const full = read.filter((r) => near(r.weight, 1));
        if (full.length > 1) warn(`${full.length} answers are fully right in the file; only "${full[0].text}" is kept as the key`);
        if (!full.length) warn("no answer is marked fully right; set its key before using it");
        const partial = right.filter((r) => !near(r.weight, 1));
        if (partial.length) warn(`partial credit for ${partial.map((r) => `"${r.text}" (${pct(r.weight)}%)`).join(", ")} is not kept`);
        return { question: { ...base, options, answer: full[0]?.text ?? "" } };
      }
      if (!right.length) {
        warn("no answer is marked right; set its key before using it");
        return { question: { ...base, options, answer: "" } };
      }
      if (!right.every((r) => near(r.weight, 1 / right.length)))
        warn(`its right answers' weights (${right.map((r) => `${pct(r.weight)}%`).join(", ")}) become equal shares`);
      const tags = findAll(firstChild(q, "tags") ?? { name: "", attrs: {}, children: [] }, "text").map((t) => textOf(t).trim());
      return {
        question: {
          ...base,
          type: "multiple",
          options,
          answers: right.map((r) => r.text),
          scoring: tags.includes(ALL_OR_NOTHING_TAG) ? "all_or_nothing" : "partial",
        },
      };
    }
    case "truefalse": {
      let correct: boolean | null = null;
      answers.forEach((a, i) => {
        let t = textIn(a.el).trim();
        if (t !== "true" && t !== "false") t = i === 0 ? "true" : "false";
        const full = near(a.fraction, 1);
        if (t === "true") correct = full;
        else if (correct === null) correct = !full;
      });
      if (correct === null) return { broken: "it has no answers" };
      return { question: { ...base, type: "true_false", options: ["True", "False"], answer: correct ? "True" : "False" } };
    }
    case "shortanswer": {
      if (childText(q, "usecase") === "1") warn("the file asks for case to matter; Adesua ignores case, spacing and accents in short answers");
      const accepted = answers
        .map((a) => ({ text: textIn(a.el).trim(), fraction: Math.min(100, Math.round(a.fraction * 100)) }))
        .filter((a) => a.text !== "" && a.fraction > 0);
      if (!accepted.length) return { broken: "it has no accepted answer worth marks" };
      if (accepted.length > 20) return { broken: "it has more than 20 accepted answers" };
      return { question: { ...base, type: "short", ...containsForm(accepted) } };
    }
    case "numerical": {
      const read = answers
        .map((a) => ({ t: textIn(a.el).trim(), weight: a.fraction, tolerance: Math.abs(Number(childText(a.el, "tolerance") || 0)) }))
        .filter((a) => a.t !== "*" && a.t !== "");
      for (const r of read) if (!Number.isFinite(Number(r.t)) || !Number.isFinite(r.tolerance)) return { broken: `"${r.t}" is not a number` };
      const best = [...read].sort((a, b) => b.weight - a.weight)[0];
      if (!best || best.weight <= 0) return { broken: "it has no right numerical answer" };
      const others = read.filter((r) => r !== best && r.weight > 0);
      if (others.length)
        warn(
          `only the fully right answer ${best.t} ± ${numberText(best.tolerance)} is kept; ${others.map((o) => `${o.t} (${pct(o.weight)}%)`).join(", ")} gave partial credit in the file`,
        );
      const units = childElements(firstChild(q, "units") ?? { name: "", attrs: {}, children: [] }, "unit").map((u) => ({
        name: childText(u, "unit_name"),
        multiplier: Number(childText(u, "multiplier") || 1),
      }));
      const unit = units.find((u) => u.multiplier === 1 && u.name) ?? null;
      if (units.length > 1)
        warn(
          `only the unit "${unit?.name ?? ""}" is kept; ${units
            .filter((u) => u !== unit)
            .map((u) => `"${u.name}"`)
            .join(", ")} are not`,
        );
      if (unit && unit.name.length > 20) return { broken: "its unit is longer than 20 characters" };
      return { question: { ...base, type: "numerical", value: Number(best.t), tolerance: best.tolerance, ...(unit ? { unit: unit.name } : {}) } };
    }
    case "essay": {
      const gi = firstChild(q, "graderinfo");
      const info = gi ? formattedToText(textIn(gi), formatOf(gi.attrs.format, format)) : "";
      const { scheme, parts } = schemeAndParts(info, base.marks ?? null);
      return { question: { ...base, type: "written", ...(scheme ? { scheme } : {}), ...(parts?.length ? { parts } : {}) } };
    }
  }
  return { unsupported: type };
}

/** The question text's pictures, and a warning for every other file the question holds. */
function picturesOf(q: XmlElement, warn: (m: string) => void): ImagePart[] {
  const images: ImagePart[] = [];
  const qt = firstChild(q, "questiontext");
  const taken = new Set<XmlElement>();
  for (const f of qt ? childElements(qt, "file") : []) {
    const name = f.attrs.name ?? "file";
    const bytes = (f.attrs.encoding ?? "base64") === "base64" ? base64Bytes(textOf(f)) : new Uint8Array();
    const type = pictureType(bytes);
    if (!type) continue;
    taken.add(f);
    if (images.length < 20) images.push({ bytes, contentType: type, name });
    else warn(`the picture ${name} is not imported (at most 20 pictures a question)`);
  }
  const oldName = childText(q, "image");
  const oldData = childText(q, "image_base64");
  if (oldName && oldData) {
    const bytes = base64Bytes(oldData);
    const type = pictureType(bytes);
    if (type && images.length < 20) images.push({ bytes, contentType: type, name: oldName.replace(/\//g, "_") });
    else warn(`the file ${oldName} is not a picture Adesua keeps: not imported`);
  }
  // Where a file left out sits: feedback of any kind, an option, the marking scheme.
  const place = new Map<XmlElement, string>();
  const walk = (el: XmlElement, where: string) => {
    for (const c of childElements(el)) {
      if (c.name === "file") place.set(c, where);
      else
        walk(
          c,
          /feedback$/.test(c.name) ? " in the feedback" : c.name === "answer" ? " in an option" : c.name === "graderinfo" ? " in the marking scheme" : where,
        );
    }
  };
  walk(q, "");
  const where = (f: XmlElement) => place.get(f) ?? "";
  for (const f of findAll(q, "file")) {
    if (taken.has(f)) continue;
    const name = f.attrs.name ?? "file";
    const pic = pictureType(base64Bytes(textOf(f))) !== null;
    warn(`${pic ? "the picture" : kindOfFile(name)} ${name}${where(f)} is not imported`);
  }
  return images;
}

export function importMoodleXml(src: string): ExchangeImport {
  const questions: TypedExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  const unsupported: ExchangeImport["unsupported"] = [];
  const root = parseXml(src.replace(/^\ufeff/, ""));
  const quiz = findAll(root, "quiz")[0];
  if (!quiz) return { questions, warnings: [{ message: "This is not a Moodle XML file (no <quiz> element)." }], unsupported };
  let number = 0;
  for (const q of childElements(quiz, "question")) {
    const type = (q.attrs.type ?? "").trim();
    if (type === "category") continue;
    number++;
    const name = textIn(firstChild(q, "name")).trim();
    const title = name || titleFrom(formattedToText(textIn(firstChild(q, "questiontext")), "html")) || `question ${number}`;
    const pending: string[] = [];
    const warn = (m: string) => pending.push(`${nameOf(number, title)}: ${m}`);
    const out = readQuestion(q, type, title, warn);
    if ("question" in out) {
      const images = picturesOf(q, warn);
      if (images.length) out.question.images = images;
      out.question.source = { number, title };
      questions.push(out.question);
      for (const m of pending) warnings.push({ question: questions.length, message: m });
    } else if ("unsupported" in out) unsupported.push(unsupportedQuestion(number, title, out.unsupported, out.what));
    else {
      for (const m of pending) warnings.push({ message: m });
      warnings.push({ message: `${nameOf(number, title)}: ${out.broken}: not imported` });
    }
  }
  return { questions, warnings, unsupported };
}
