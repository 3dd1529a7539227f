import type { Equation } from "./types.ts";
import { childElements, firstChild, isElement, type XmlElement } from "./xml.ts";

/**
 * Word equations (Office Math Markup, `m:oMath`) turned into two forms (issue 27):
 * - `linear`: readable text for exports, search, GIFT and CSV: a^b, a_b, a/b (or (a)/(b) when either side is not
 *   a single number or letter), √(x), ∛(x), ∑_(i=1)^n i, sin(x), [a, b; c, d] for a matrix. A base or a script of
 *   more than one token is parenthesised: (x+1)^2, 2^(n+1).
 * - `mathml`: MathML Core (`<math>…</math>`) for the browser, only elements `sanitizeMathml` keeps.
 * Written by hand: OMML is small, and the documents reader must not pull in a converter.
 */

interface Piece {
  lin: string;
  /** MathML of the piece: a sequence of elements (wrapped in <mrow> where one element is needed). */
  ml: string;
  /** How many MathML elements `ml` holds at its top level. */
  count: number;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const EMPTY: Piece = { lin: "", ml: "", count: 0 };

const join = (pieces: Piece[]): Piece => ({
  lin: pieces.map((p) => p.lin).join(""),
  ml: pieces.map((p) => p.ml).join(""),
  count: pieces.reduce((n, p) => n + p.count, 0),
});
/** One MathML element: the piece itself, or an <mrow> around it. */
const one = (p: Piece) => (p.count === 1 ? p.ml : `<mrow>${p.ml}</mrow>`);
const el = (lin: string, ml: string): Piece => ({ lin, ml, count: 1 });

/** A single number or letter (or an already bracketed group) needs no brackets as a base, numerator or script. */
const simple = (s: string) => /^(?:\d+(?:[.,]\d+)?|[\p{L}]|\(.*\)|\[.*\]|\{.*\})$/u.test(s.trim()) && balanced(s.trim());
const balanced = (s: string) => {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if ("([{".includes(s[i])) depth++;
    else if (")]}".includes(s[i])) depth--;
    if (depth === 0 && i < s.length - 1 && /[)\]}]/.test(s[i])) return false; // "(a)+(b)" is two groups
  }
  return depth === 0;
};
const group = (s: string) => (simple(s) ? s.trim() : `(${s.trim()})`);

/** Tokens of a run's text: numbers, letters (a word is one identifier), operators; spaces only in the linear form. */
function runPiece(text: string, normal: boolean): Piece {
  if (!text) return EMPTY;
  if (normal && /\p{L}{2,}/u.test(text)) return el(text, `<mtext>${esc(text)}</mtext>`);
  const parts: Piece[] = [];
  for (const m of text.matchAll(/(\d+(?:[.,]\d+)*)|(\p{L}+)|(\s+)|(.)/gsu)) {
    if (m[1]) parts.push(el(m[1], `<mn>${esc(m[1])}</mn>`));
    else if (m[2]) {
      // "sin", "cos", "log" are one identifier; a product "xy" is two.
      if (m[2].length > 1 && !/^(?:sin|cos|tan|cot|sec|csc|log|ln|lg|exp|lim|max|min|det|mod)$/.test(m[2]))
        for (const c of m[2]) parts.push(el(c, `<mi>${esc(c)}</mi>`));
      else parts.push(el(m[2], `<mi>${esc(m[2])}</mi>`));
    } else if (m[3]) parts.push({ lin: " ", ml: "", count: 0 });
    else parts.push(el(m[4], `<mo>${esc(m[4])}</mo>`));
  }
  return join(parts);
}

const prop = (e: XmlElement | undefined, pr: string, name: string): string | undefined => firstChild(firstChild(e, pr), name)?.attrs["m:val"];
const on = (v: string | undefined) => v !== undefined && !["0", "off", "false"].includes(v);
const textIn = (e: XmlElement): string => e.children.map((c) => (typeof c === "string" ? c : c.name === "m:t" || c.name === "w:t" ? textIn(c) : "")).join("");

function arg(e: XmlElement | undefined): Piece {
  return e ? children(e) : EMPTY;
}

function children(e: XmlElement): Piece {
  return join(childElements(e).map(node));
}

function script(base: Piece, sub: Piece | null, sup: Piece | null): Piece {
  const lin = group(base.lin) + (sub && sub.lin ? `_${group(sub.lin)}` : "") + (sup && sup.lin ? `^${group(sup.lin)}` : "");
  const tag = sub && sup ? "msubsup" : sub ? "msub" : "msup";
  return el(lin, `<${tag}>${one(base)}${sub ? one(sub) : ""}${sup ? one(sup) : ""}</${tag}>`);
}

const INTEGRALS = /[∫∬∭∮∯∰]/;

function node(e: XmlElement): Piece {
  switch (e.name) {
    case "m:r": {
      const t = textIn(e);
      const nor = firstChild(firstChild(e, "m:rPr"), "m:nor");
      return runPiece(t, nor !== undefined && nor.attrs["m:val"] !== "0" && nor.attrs["m:val"] !== "off");
    }
    case "m:t":
      return runPiece(textIn(e), false);
    case "m:sSup":
      return script(arg(firstChild(e, "m:e")), null, arg(firstChild(e, "m:sup")));
    case "m:sSub":
      return script(arg(firstChild(e, "m:e")), arg(firstChild(e, "m:sub")), null);
    case "m:sSubSup":
      return script(arg(firstChild(e, "m:e")), arg(firstChild(e, "m:sub")), arg(firstChild(e, "m:sup")));
    case "m:sPre": {
      const sub = arg(firstChild(e, "m:sub"));
      const sup = arg(firstChild(e, "m:sup"));
      const base = arg(firstChild(e, "m:e"));
      const lin = `${sub.lin ? `_${group(sub.lin)}` : ""}${sup.lin ? `^${group(sup.lin)}` : ""}${base.lin}`;
      return el(lin, `<mmultiscripts>${one(base)}<mprescripts/>${sub.count ? one(sub) : "<none/>"}${sup.count ? one(sup) : "<none/>"}</mmultiscripts>`);
    }
    case "m:f": {
      const num = arg(firstChild(e, "m:num"));
      const den = arg(firstChild(e, "m:den"));
      const both = simple(num.lin) && simple(den.lin);
      const lin = both ? `${num.lin.trim()}/${den.lin.trim()}` : `(${num.lin.trim()})/(${den.lin.trim()})`;
      const noBar = prop(e, "m:fPr", "m:type") === "noBar";
      return el(lin, `<mfrac${noBar ? ' linethickness="0"' : ""}>${one(num)}${one(den)}</mfrac>`);
    }
    case "m:rad": {
      const deg = arg(firstChild(e, "m:deg"));
      const body = arg(firstChild(e, "m:e"));
      const d = on(prop(e, "m:radPr", "m:degHide")) ? "" : deg.lin.trim();
      if (!d || d === "2") return el(`√(${body.lin.trim()})`, `<msqrt>${body.ml}</msqrt>`);
      const sign = d === "3" ? "∛" : d === "4" ? "∜" : `root(${d})`;
      return el(`${sign}(${body.lin.trim()})`, `<mroot>${one(body)}${one(deg)}</mroot>`);
    }
    case "m:d": {
      const beg = prop(e, "m:dPr", "m:begChr") ?? "(";
      const end = prop(e, "m:dPr", "m:endChr") ?? ")";
      const sep = prop(e, "m:dPr", "m:sepChr") ?? "|";
      const items = childElements(e, "m:e").map(children);
      const lin = beg + items.map((i) => i.lin.trim()).join(sep === "|" && items.length > 1 ? ", " : sep) + end;
      const ml: string[] = [];
      if (beg) ml.push(`<mo fence="true">${esc(beg)}</mo>`);
      items.forEach((it, i) => {
        if (i > 0) ml.push(`<mo separator="true">${esc(sep === "|" ? "," : sep)}</mo>`);
        ml.push(it.ml);
      });
      if (end) ml.push(`<mo fence="true">${esc(end)}</mo>`);
      return el(lin, `<mrow>${ml.join("")}</mrow>`);
    }
    case "m:nary": {
      const chr = prop(e, "m:naryPr", "m:chr") ?? "∫";
      const sub = on(prop(e, "m:naryPr", "m:subHide")) ? EMPTY : arg(firstChild(e, "m:sub"));
      const sup = on(prop(e, "m:naryPr", "m:supHide")) ? EMPTY : arg(firstChild(e, "m:sup"));
      const body = arg(firstChild(e, "m:e"));
      const lin = `${chr}${sub.lin ? `_${group(sub.lin)}` : ""}${sup.lin ? `^${group(sup.lin)}` : ""} ${body.lin.trim()}`;
      const op = `<mo largeop="true">${esc(chr)}</mo>`;
      const under = INTEGRALS.test(chr) ? ["msubsup", "msub", "msup"] : ["munderover", "munder", "mover"];
      const tag = sub.count && sup.count ? under[0] : sub.count ? under[1] : sup.count ? under[2] : "";
      const opMl = tag ? `<${tag}>${op}${sub.count ? one(sub) : ""}${sup.count ? one(sup) : ""}</${tag}>` : op;
      return el(lin, `<mrow>${opMl}${one(body)}</mrow>`);
    }
    case "m:func": {
      const name = arg(firstChild(e, "m:fName"));
      const body = arg(firstChild(e, "m:e"));
      const b = body.lin.trim();
      const lin = `${name.lin.trim()}${/^\(.*\)$/.test(b) && balanced(b) ? b : `(${b})`}`;
      return el(lin, `<mrow>${one(name)}<mo>\u2061</mo>${one(body)}</mrow>`);
    }
    case "m:acc": {
      const chr = prop(e, "m:accPr", "m:chr") ?? "\u0302";
      const body = arg(firstChild(e, "m:e"));
      const spacing = ({ "\u0302": "^", "\u0303": "~", "\u0307": "˙", "\u0304": "¯", "\u0305": "¯", "\u20d7": "→" } as Record<string, string>)[chr] ?? chr;
      return el(`${group(body.lin)}${chr}`, `<mover accent="true">${one(body)}<mo>${esc(spacing)}</mo></mover>`);
    }
    case "m:bar": {
      const top = prop(e, "m:barPr", "m:pos") === "top";
      const body = arg(firstChild(e, "m:e"));
      return top
        ? el(`${group(body.lin)}\u0305`, `<mover accent="true">${one(body)}<mo>¯</mo></mover>`)
        : el(`${group(body.lin)}\u0332`, `<munder accentunder="true">${one(body)}<mo>_</mo></munder>`);
    }
    case "m:groupChr": {
      const chr = prop(e, "m:groupChrPr", "m:chr") ?? "\u23df";
      const body = arg(firstChild(e, "m:e"));
      const top = prop(e, "m:groupChrPr", "m:pos") === "top";
      return el(body.lin, `<${top ? "mover" : "munder"}>${one(body)}<mo>${esc(chr)}</mo></${top ? "mover" : "munder"}>`);
    }
    case "m:limLow":
    case "m:limUpp": {
      const body = arg(firstChild(e, "m:e"));
      const lim = arg(firstChild(e, "m:lim"));
      const low = e.name === "m:limLow";
      return el(`${body.lin.trim()}${low ? "_" : "^"}${group(lim.lin)}`, `<${low ? "munder" : "mover"}>${one(body)}${one(lim)}</${low ? "munder" : "mover"}>`);
    }
    case "m:eqArr": {
      const rows = childElements(e, "m:e").map(children);
      return el(rows.map((r) => r.lin.trim()).join("; "), `<mtable>${rows.map((r) => `<mtr><mtd>${r.ml}</mtd></mtr>`).join("")}</mtable>`);
    }
    case "m:m": {
      const rows = childElements(e, "m:mr").map((r) => childElements(r, "m:e").map(children));
      const lin = `[${rows.map((r) => r.map((c) => c.lin.trim()).join(", ")).join("; ")}]`;
      const ml = `<mtable>${rows.map((r) => `<mtr>${r.map((c) => `<mtd>${c.ml}</mtd>`).join("")}</mtr>`).join("")}</mtable>`;
      return el(lin, ml);
    }
    case "m:box":
    case "m:borderBox":
    case "m:phant":
      return arg(firstChild(e, "m:e"));
    case "m:oMath":
    case "m:e":
    case "m:num":
    case "m:den":
    case "m:sup":
    case "m:sub":
    case "m:deg":
    case "m:lim":
    case "m:fName":
      return children(e);
    default:
      // Properties (m:ctrlPr, m:rPr, w:rPr…), bookmarks and revision marks carry no text of the equation.
      if (/Pr$/.test(e.name) || e.name === "w:del" || e.name === "w:bookmarkStart" || e.name === "w:bookmarkEnd") return EMPTY;
      return children(e);
  }
}

/** One `m:oMath` element as an equation; null when it holds nothing. */
export function ommlEquation(oMath: XmlElement): Equation | null {
  const p = children(oMath);
  const linear = p.lin.replace(/\s+/g, " ").trim();
  if (!linear) return null;
  return { linear, mathml: `<math>${p.ml}</math>` };
}

/** The equations of an `m:oMathPara` (a display equation: one or more `m:oMath`). */
export function ommlParagraph(para: XmlElement): Equation[] {
  const out: Equation[] = [];
  for (const c of para.children)
    if (isElement(c) && c.name === "m:oMath") {
      const eq = ommlEquation(c);
      if (eq) out.push(eq);
    }
  return out;
}
