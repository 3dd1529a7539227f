import type { TypedExchangeQuestion } from "./exchange-types.ts";
import { numberText, titleFrom } from "./exchange-types.ts";
import { wrapContains } from "./gift.ts";
import { escapeXml } from "./xml.ts";

/*
 * Moodle XML export (reading is in moodle-xml.ts, which re-exports this). Every type is written with <defaultgrade> =
 * marks; a written question's parts go into <graderinfo> after its scheme, one line each — "(a) [2 marks] what the
 * marker looks for" — and are read back as parts when their marks add up to the question's. Adesua's "all or nothing"
 * scoring (Moodle has none) is written as right options sharing 100 %, wrong ones -100 %, and the tag "all-or-nothing".
 * A question with pictures is written as HTML with an <img> and a base64 <file> per picture.
 */

export const ALL_OR_NOTHING_TAG = "all-or-nothing";

export function partsAsSchemeText(scheme: string | null | undefined, parts: { label: string; marks: number; scheme: string }[] | undefined): string {
  const partLines = (parts ?? []).map((p) => `(${p.label}) [${numberText(p.marks)} mark${p.marks === 1 ? "" : "s"}]${p.scheme ? ` ${p.scheme}` : ""}`);
  return [scheme?.trim() ?? "", partLines.join("\n")].filter((s) => s !== "").join("\n\n");
}

const t = (s: string) => `<text>${escapeXml(s)}</text>`;
const weightText = (w: number) => numberText(Math.round(w * 100000) / 100000);

function answer(fraction: number, text: string, extra = ""): string {
  return `    <answer fraction="${weightText(fraction)}" format="plain_text">\n      ${t(text)}${extra}\n      <feedback format="plain_text"><text></text></feedback>\n    </answer>`;
}

function body(q: TypedExchangeQuestion): { type: string; lines: string[] } | null {
  const type = q.type ?? "single";
  switch (type) {
    case "single":
      return {
        type: "multichoice",
        lines: [
          "    <single>true</single>",
          "    <shuffleanswers>false</shuffleanswers>",
          "    <answernumbering>ABCD</answernumbering>",
          ...q.options.map((o) => answer(o === q.answer ? 100 : 0, o)),
        ],
      };
    case "multiple": {
      const right = q.options.filter((o) => (q.answers ?? []).includes(o));
      const wrongCount = q.options.length - right.length;
      const wrong = q.scoring === "all_or_nothing" ? -100 : wrongCount ? -100 / wrongCount : 0;
      return {
        type: "multichoice",
        lines: [
          "    <single>false</single>",
          "    <shuffleanswers>false</shuffleanswers>",
          "    <answernumbering>ABCD</answernumbering>",
          ...q.options.map((o) => answer(right.includes(o) ? 100 / Math.max(1, right.length) : wrong, o)),
          ...(q.scoring === "all_or_nothing" ? [`    <tags><tag>${t(ALL_OR_NOTHING_TAG)}</tag></tags>`] : []),
        ],
      };
    }
    case "true_false":
      if (q.answer !== "True" && q.answer !== "False") return null;
      return { type: "truefalse", lines: [answer(q.answer === "True" ? 100 : 0, "true"), answer(q.answer === "False" ? 100 : 0, "false")] };
    case "short":
      return {
        type: "shortanswer",
        lines: ["    <usecase>0</usecase>", ...wrapContains(q.accepted ?? [], q.contains).map((a) => answer(a.fraction, a.text))],
      };
    case "numerical":
      if (typeof q.value !== "number") return null;
      return {
        type: "numerical",
        lines: [
          answer(100, numberText(q.value), `\n      <tolerance>${numberText(q.tolerance ?? 0)}</tolerance>`),
          ...(q.unit
            ? [
                `    <units>\n      <unit>\n        <multiplier>1</multiplier>\n        <unit_name>${escapeXml(q.unit)}</unit_name>\n      </unit>\n    </units>`,
              ]
            : []),
          "    <unitgradingtype>0</unitgradingtype>",
          "    <unitpenalty>0.1000000</unitpenalty>",
          `    <showunits>${q.unit ? 0 : 3}</showunits>`,
          "    <unitsleft>0</unitsleft>",
        ],
      };
    case "written":
      return {
        type: "essay",
        lines: [
          "    <responseformat>editor</responseformat>",
          "    <responserequired>1</responserequired>",
          "    <responsefieldlines>15</responsefieldlines>",
          "    <attachments>0</attachments>",
          "    <attachmentsrequired>0</attachmentsrequired>",
          `    <graderinfo format="plain_text">${t(partsAsSchemeText(q.scheme, q.parts))}</graderinfo>`,
          `    <responsetemplate format="plain_text"><text></text></responsetemplate>`,
        ],
      };
  }
}

/** Text as HTML that reads back as the same text: escaped, line breaks as <br />, runs of spaces kept with &nbsp;. */
function asHtml(s: string): string {
  return escapeXml(s)
    .replace(/ {2,}/g, (run) => ` ${"&nbsp;".repeat(run.length - 1)}`)
    .replace(/\r?\n/g, "<br />");
}

/**
 * The question text: plain text, or, when the question has pictures, HTML (the only way Moodle shows a picture) with an
 * <img> per picture after the text and the pictures themselves as <file> elements.
 */
function questionText(q: TypedExchangeQuestion): string {
  if (!q.images?.length) return `    <questiontext format="plain_text">${t(q.text)}</questiontext>`;
  const used = new Set<string>();
  const named = q.images.map((img, k) => {
    let name = (img.name || `picture${k + 1}`).replace(/[^\w.-]+/g, "_");
    if (used.has(name)) name = `${k + 1}-${name}`;
    used.add(name);
    return { name, img };
  });
  const html = `<p>${asHtml(q.text)}</p>${named.map((n) => `<p><img src="@@PLUGINFILE@@/${encodeURIComponent(n.name)}" alt="" /></p>`).join("")}`;
  const fileEls = named.map(
    (n) => `\n      <file name="${escapeXml(n.name)}" path="/" encoding="base64">${Buffer.from(n.img.bytes).toString("base64")}</file>`,
  );
  return `    <questiontext format="html">${t(html)}${fileEls.join("")}\n    </questiontext>`;
}

/** The bank as Moodle XML that Moodle's importer reads: every type, marks as <defaultgrade>, the question text's pictures. */
export function exportMoodleXml(questions: TypedExchangeQuestion[]): string {
  const out = questions.map((q, i) => {
    const b = body(q);
    if (!b) return `  <!-- Q${i + 1} has no key and is not exported -->`;
    return [
      ...(q.picturesLeftOut ? [`  <!-- Q${i + 1}: ${q.picturesLeftOut} picture(s) could not be exported -->`] : []),
      `  <question type="${b.type}">`,
      `    <name>${t(titleFrom(q.text))}</name>`,
      questionText(q),
      `    <generalfeedback format="plain_text">${t(q.explanation ?? "")}</generalfeedback>`,
      `    <defaultgrade>${numberText(q.marks ?? 1)}</defaultgrade>`,
      `    <hidden>0</hidden>`,
      ...b.lines,
      `  </question>`,
    ].join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${out.join("\n")}\n</quiz>\n`;
}
