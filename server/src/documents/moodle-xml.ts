import type { ExchangeQuestion, ParseWarning } from "./types.ts";
import { childElements, decodeEntities, escapeXml, findAll, firstChild, parseXml, textOf } from "./xml.ts";

/** Moodle XML, multiple-choice questions only (`<question type="multichoice">`). */

export function exportMoodleXml(questions: ExchangeQuestion[]): string {
  const t = (s: string) => `<text>${escapeXml(s)}</text>`;
  const body = questions.map((q, i) => {
    const answers = q.options.map(
      (o) =>
        `    <answer fraction="${o === q.answer ? 100 : 0}" format="plain_text">\n      ${t(o)}\n      <feedback format="plain_text"><text></text></feedback>\n    </answer>`,
    );
    return [
      `  <question type="multichoice">`,
      `    <name>${t(`Q${i + 1}`)}</name>`,
      `    <questiontext format="plain_text">${t(q.text)}</questiontext>`,
      `    <generalfeedback format="plain_text">${t(q.explanation ?? "")}</generalfeedback>`,
      `    <defaultgrade>1</defaultgrade>`,
      `    <single>true</single>`,
      `    <shuffleanswers>false</shuffleanswers>`,
      `    <answernumbering>ABCD</answernumbering>`,
      ...answers,
      `  </question>`,
    ].join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body.join("\n")}\n</quiz>\n`;
}

/** Moodle stores most text as HTML: paragraphs and breaks become line breaks, other tags are dropped. */
function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/p>\s*<p[^>]*>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  ).trim();
}

function formattedText(el: ReturnType<typeof firstChild>): string {
  const raw = textOf(firstChild(el, "text"));
  return el?.attrs.format === "html" || el?.attrs.format === undefined ? htmlToText(raw) : raw;
}

export function importMoodleXml(src: string): { questions: ExchangeQuestion[]; warnings: ParseWarning[] } {
  const questions: ExchangeQuestion[] = [];
  const warnings: ParseWarning[] = [];
  const root = parseXml(src.replace(/^\ufeff/, ""));
  const quiz = findAll(root, "quiz")[0];
  if (!quiz) return { questions, warnings: [{ message: "This is not a Moodle XML file (no <quiz> element)." }] };
  childElements(quiz, "question").forEach((q, k) => {
    const type = q.attrs.type;
    if (type === "category") return;
    const name = textOf(firstChild(firstChild(q, "name"), "text")) || `question ${k + 1}`;
    if (type !== "multichoice") {
      warnings.push({ message: `"${name}" is a ${type ?? "untyped"} question; only multiple-choice questions are imported.` });
      return;
    }
    const answers = childElements(q, "answer").map((a) => ({ text: formattedText(a), fraction: Number(a.attrs.fraction ?? 0) }));
    const best = Math.max(...answers.map((a) => a.fraction));
    const right = answers.filter((a) => a.fraction === best && best > 0);
    if (answers.length < 2 || right.length !== 1) {
      warnings.push({ message: `"${name}" needs at least two answers and exactly one fully right answer; skipped.` });
      return;
    }
    const out: ExchangeQuestion = { text: formattedText(firstChild(q, "questiontext")), options: answers.map((a) => a.text), answer: right[0].text };
    const explanation = formattedText(firstChild(q, "generalfeedback"));
    if (explanation) out.explanation = explanation;
    questions.push(out);
  });
  return { questions, warnings };
}
