/**
 * Moodle keeps most text as HTML (or "Moodle auto-format", or Markdown); Adesua keeps plain text. These turn such text
 * into safe plain text by hand (no HTML parser package): tags are dropped, never interpreted, so nothing of the markup
 * can reach a screen; paragraphs and breaks become line breaks, entities are decoded, <sup>/<sub> become ^ and _ (the
 * linear text the equations use: "x<sup>2</sup>" → "x^2").
 */

/** The named entities Moodle's editors write (the rest are numeric). */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  times: "×",
  divide: "÷",
  minus: "−",
  plusmn: "±",
  deg: "°",
  micro: "µ",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  euro: "€",
  pound: "£",
  cent: "¢",
  sup1: "¹",
  sup2: "²",
  sup3: "³",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  le: "≤",
  ge: "≥",
  ne: "≠",
  asymp: "≈",
  infin: "∞",
  radic: "√",
  pi: "π",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  theta: "θ",
  lambda: "λ",
  mu: "μ",
  sigma: "σ",
  omega: "ω",
  Delta: "Δ",
  Omega: "Ω",
  larr: "←",
  rarr: "→",
  harr: "↔",
  shy: "",
  zwnj: "",
  zwj: "",
};

/** Decodes named (the common ones above) and numeric character references; unknown ones stay as written. */
export function decodeHtmlEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{1,8});/g, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code === 0xa0 ? 0x20 : code) : "";
    }
    return NAMED[e] ?? whole;
  });
}

/** Tags that end a line of text when they open or close. */
const BLOCK = "p|div|h[1-6]|li|ul|ol|tr|table|blockquote|pre|section|article|header|footer|dt|dd|figure|figcaption|hr";

const HIDDEN = /<(script|style|head|title|object|embed|iframe|audio|video)\b/gi;

/** Drops the elements whose content is not text to read (scripts, styles, media), in one pass: an unclosed one ends the text. */
function dropElements(html: string): string {
  let out = "";
  let from = 0;
  const lower = html.toLowerCase();
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(html); m; m = HIDDEN.exec(html)) {
    if (m.index < from) continue;
    out += html.slice(from, m.index);
    const close = lower.indexOf(`</${m[1].toLowerCase()}`, m.index);
    if (close === -1) return out;
    const end = html.indexOf(">", close);
    from = end === -1 ? html.length : end + 1;
    HIDDEN.lastIndex = from;
  }
  return out + html.slice(from);
}

/** HTML as plain text: line breaks where the page would break lines, no tags, entities decoded. */
export function htmlToText(html: string): string {
  let s = dropElements(html.replace(/<!--[\s\S]*?(?:-->|$)/g, ""))
    // Whitespace in HTML source is one space wherever it is.
    .replace(/\s+/g, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^<>]*>/gi, "\n- ")
    .replace(/<(td|th)\b[^<>]*>/gi, " ")
    .replace(/<sup\b[^<>]*>([^<]*)<\/sup\s*>/gi, (_, t: string) => (/^[\w.+-]$/.test(t.trim()) ? `^${t.trim()}` : `^(${t.trim()})`))
    .replace(/<sub\b[^<>]*>([^<]*)<\/sub\s*>/gi, (_, t: string) => (/^[\w.+-]$/.test(t.trim()) ? `_${t.trim()}` : `_(${t.trim()})`))
    // Block edges mark a line break; a paragraph's closing and the next one's opening make one break, not two.
    .replace(new RegExp(`</?(?:${BLOCK})\\b[^<>]*>`, "gi"), "\u0001")
    // Anything else that looks like a tag goes; a lone "<" (as in "x < 3") stays.
    .replace(/<\/?[A-Za-z][^<>]*>/g, "")
    .replace(/<![^<>]*>/g, "");
  // A no-break space is a space the author meant: kept inside a line (so "a &nbsp;b" keeps its two spaces), not at its ends.
  s = s.replace(/&(?:nbsp|#160|#x[aA]0);/g, "\u00a0");
  s = decodeHtmlEntities(s.replace(/[ \t]*\u0001[\u0001 \t]*/g, "\u0001").replace(/\n?\u0001+\n?/g, "\n"));
  return s
    .split("\n")
    .map((l) =>
      l
        .replace(/[ \t]+/g, " ")
        .replace(/^[ \u00a0]+|[ \u00a0]+$/g, "")
        .replace(/\u00a0/g, " "),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Whether text holds HTML markup (a known tag or an entity), as Moodle's auto-format text often does. */
export function looksLikeHtml(s: string): boolean {
  return (
    /<\/?(?:p|br|b|i|u|em|strong|span|div|img|a|sup|sub|ul|ol|li|table|tr|td|th|h[1-6]|font|pre|code|blockquote|hr)\b[^<>]*>/i.test(s) ||
    /&(?:#\d+|#x[0-9a-f]+|[a-z]+\d?);/i.test(s)
  );
}

/** Markdown, lightly: emphasis, code, links, headings and list bullets lose their marks. */
export function markdownToText(md: string): string {
  return (
    md
      // Bounded, without nesting: a line of "[[[[…](" must not cost time squared.
      .replace(/!\[([^[\]\n]{0,500})\]\([^()\s]{0,2000}\)/g, "$1")
      .replace(/\[([^[\]\n]{1,500})\]\([^()\s]{0,2000}\)/g, "$1")
      .replace(/\*\*([^*\n]+)\*\*/g, "$1")
      .replace(/__([^_\n]+)__/g, "$1")
      .replace(/(^|[\s(])\*([^*\s][^*\n]*?)\*(?=$|[\s).,;:!?])/gm, "$1$2")
      .replace(/`([^`\n]+)`/g, "$1")
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, "")
      .replace(/^[ \t]*[*+][ \t]+/gm, "- ")
      .trim()
  );
}

export type TextFormat = "html" | "moodle" | "plain" | "markdown";

/** Text in one of Moodle's formats as Adesua's plain text. Moodle's auto-format is plain text unless it holds markup. */
export function formattedToText(text: string, format: TextFormat): string {
  if (format === "html") return htmlToText(text);
  if (format === "markdown") return markdownToText(text);
  if (format === "moodle") return looksLikeHtml(text) ? htmlToText(text) : text.trim();
  return text.trim();
}
