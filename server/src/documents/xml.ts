/**
 * A small, non-validating XML reader for the parts of Office files and Moodle XML we need.
 * It never expands DTD entities (no XXE, no billion laughs): only the five predefined ones and numeric references.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e] ?? "";
  });
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Parses a document into a synthetic root element whose children are the top-level nodes. */
export function parseXml(src: string): XmlElement {
  const root: XmlElement = { name: "#root", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let last = 0;
  const pushText = (t: string) => {
    if (t) stack[stack.length - 1].children.push(t);
  };
  for (const m of src.matchAll(TOKEN)) {
    pushText(decodeEntities(src.slice(last, m.index)));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      pushText(m[1]);
      continue;
    }
    const name = m[3];
    if (!name) continue; // comment, processing instruction, doctype
    if (m[2] === "/") {
      // Close the nearest open element of that name; tolerate stray closers.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i].name === name) {
          stack.length = i;
          break;
        }
      }
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[4] ?? "").matchAll(ATTR)) attrs[a[1]] = decodeEntities(a[2] ?? a[3] ?? "");
    const el: XmlElement = { name, attrs, children: [] };
    stack[stack.length - 1].children.push(el);
    if (m[5] !== "/") stack.push(el);
  }
  pushText(decodeEntities(src.slice(last)));
  return root;
}

export const isElement = (n: XmlNode): n is XmlElement => typeof n !== "string";

export function childElements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => isElement(c) && (name === undefined || c.name === name));
}

export function firstChild(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el ? childElements(el, name)[0] : undefined;
}

/** Depth-first search for descendants with this name (not descending into matches). */
export function findAll(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

export function textOf(el: XmlElement | undefined): string {
  if (!el) return "";
  return el.children.map((c) => (isElement(c) ? textOf(c) : c)).join("");
}
