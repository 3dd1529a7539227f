/**
 * MathML that is safe to draw (issue 27): only MathML Core presentation elements and a few harmless attributes, text
 * re-escaped. Used on the server when an equation is stored and again in the browser before it is drawn, so a stored
 * value never becomes HTML, a script or a link. Pure (no DOM): a small tokenizer, not a general XML parser.
 */

const ELEMENTS = new Set([
  "math",
  "mi",
  "mn",
  "mo",
  "ms",
  "mtext",
  "mspace",
  "mrow",
  "mfrac",
  "msqrt",
  "mroot",
  "msub",
  "msup",
  "msubsup",
  "munder",
  "mover",
  "munderover",
  "mmultiscripts",
  "mprescripts",
  "none",
  "mtable",
  "mtr",
  "mtd",
  "mstyle",
  "mpadded",
  "mphantom",
  "menclose",
  "merror",
  "semantics",
]);
const VOID = new Set(["mspace", "mprescripts", "none"]);
const ATTRIBUTES = new Set([
  "display",
  "mathvariant",
  "stretchy",
  "fence",
  "separator",
  "accent",
  "accentunder",
  "linethickness",
  "notation",
  "columnalign",
  "rowalign",
  "columnspan",
  "rowspan",
  "width",
  "height",
  "depth",
  "lspace",
  "rspace",
  "form",
  "largeop",
  "movablelimits",
  "scriptlevel",
  "displaystyle",
]);

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  minus: "\u2212",
  times: "\u00d7",
  divide: "\u00f7",
};
export function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}
export const escapeXmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The MathML with everything outside the allowed set dropped (unknown elements lose their tags, keep their text;
 * scripts, comments and processing instructions go entirely), or null when it is not a `<math>` element at all.
 */
export function sanitizeMathml(input: string): string | null {
  const src = input
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\?[\s\S]*?\?>/g, "")
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, t: string) => escapeXmlText(t));
  const out: string[] = [];
  const stack: string[] = [];
  let skipping: string | null = null; // inside <script>, <style> and the like: drop everything
  const re = /<\s*(\/)?\s*([a-zA-Z][\w:.-]*)([^>]*?)(\/)?\s*>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    const [, closing, rawName, attrs, selfClosing, text] = m;
    if (text !== undefined || m[6] !== undefined) {
      if (!skipping && stack.length) out.push(escapeXmlText(decodeXmlText(text ?? "<")));
      continue;
    }
    const name = rawName.toLowerCase().replace(/^m(ml)?:/, "");
    if (skipping) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (["script", "style", "annotation", "annotation-xml", "iframe", "object", "foreignobject", "svg"].includes(name)) {
      if (!closing && !selfClosing) skipping = name;
      continue;
    }
    if (!ELEMENTS.has(name)) continue;
    if (closing) {
      const at = stack.lastIndexOf(name);
      if (at < 0) continue;
      while (stack.length > at) out.push(`</${stack.pop()}>`);
      continue;
    }
    if (name === "math" ? stack.length > 0 : stack.length === 0) continue;
    const kept: string[] = [];
    const attrRe = /([a-zA-Z][\w:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
    let a: RegExpExecArray | null;
    while ((a = attrRe.exec(attrs ?? ""))) {
      const an = a[1].toLowerCase();
      const value = decodeXmlText(a[3] ?? a[4] ?? "");
      if (ATTRIBUTES.has(an) && /^[\w\s.%#+-]*$/.test(value)) kept.push(` ${an}="${escapeXmlText(value)}"`);
    }
    if (selfClosing || VOID.has(name)) {
      out.push(`<${name}${kept.join("")}/>`);
      continue;
    }
    out.push(`<${name}${kept.join("")}>`);
    stack.push(name);
  }
  while (stack.length) out.push(`</${stack.pop()}>`);
  const result = out.join("");
  return result.startsWith("<math") ? result : null;
}
