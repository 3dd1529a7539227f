import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import type { ImagePart, TextLine } from "./types.ts";
import { ommlEquation } from "./omml.ts";
import { childElements, findAll, firstChild, isElement, parseXml, type XmlElement } from "./xml.ts";
import { requireEntry, unzipLimited } from "./zip.ts";

/**
 * Reads a DOCX into lines, straight from word/document.xml (no HTML detour) because recognition needs
 * three things HTML conversion loses or blurs: Word's automatic numbering (the numbers are not in the text,
 * they come from numbering.xml and the paragraph's list level), which characters are bold, and where pictures sit.
 * Automatic numbers are written back in front of the paragraph as Word shows them ("3.", "(b)"), so the
 * recogniser treats typed and automatic numbering alike. A table row becomes one line, its cells joined
 * by wide gaps, so an option grid reads like "A. 12   B. 14" and an answer-key table like "1   D".
 */
export function readDocx(bytes: Uint8Array): TextLine[] {
  const wanted = (n: string) =>
    n === "word/document.xml" || n === "word/numbering.xml" || n === "word/styles.xml" || n === "word/_rels/document.xml.rels" || n.startsWith("word/media/");
  const files = unzipLimited(bytes, wanted);
  const documentXml = requireEntry(files, "word/document.xml");
  const decode = (b: Uint8Array | undefined) => (b ? new TextDecoder("utf-8").decode(b) : "");
  let doc: XmlElement;
  try {
    doc = parseXml(decode(documentXml));
  } catch {
    throw new DocumentError(422, DOCUMENT_MESSAGES.damagedDocx);
  }
  const body = findAll(doc, "w:body")[0];
  if (!body) throw new DocumentError(422, DOCUMENT_MESSAGES.damagedDocx);

  const numbering = readNumbering(decode(files.get("word/numbering.xml")));
  const styleNumbering = readStyleNumbering(decode(files.get("word/styles.xml")));
  const rels = readRelationships(decode(files.get("word/_rels/document.xml.rels")));
  const image = (rid: string | undefined): ImagePart | undefined => {
    const target = rid ? rels.get(rid) : undefined;
    if (!target) return undefined;
    const path = target.startsWith("/") ? target.slice(1) : `word/${target}`;
    const data = files.get(path);
    if (!data) return undefined;
    const name = path.split("/").pop() ?? path;
    return { bytes: data, contentType: contentTypeOf(name), name };
  };
  const counters = new Map<string, number[]>();

  const lines: TextLine[] = [];
  const paragraph = (p: XmlElement): TextLine[] => {
    const out: TextLine[] = [];
    let cur: TextLine = { text: "", bold: [], images: [] };
    const add = (t: string, bold: boolean) => {
      cur.text += t;
      for (let i = 0; i < t.length; i++) cur.bold!.push(bold);
    };
    const walk = (el: XmlElement, bold: boolean) => {
      for (const c of el.children) {
        if (!isElement(c)) continue;
        // Word writes text boxes and pictures twice: a modern form (mc:Choice) and a VML fallback; only one is read.
        switch (c.name) {
          case "w:pPr":
          case "w:rPr":
          case "w:del":
          case "w:instrText":
          case "w:fldChar":
          case "mc:Fallback":
            break;
          case "w:p":
            // A paragraph inside a text box or shape: its own line, not glued onto the anchoring paragraph.
            out.push(cur);
            cur = { text: "", bold: [], images: [] };
            walk(c, false);
            out.push(cur);
            cur = { text: "", bold: [], images: [] };
            break;
          case "w:r": {
            const b = firstChild(firstChild(c, "w:rPr"), "w:b");
            walk(c, b ? !["0", "false", "off"].includes(b.attrs["w:val"] ?? "") : false);
            break;
          }
          case "w:t":
            add(c.children.filter((x): x is string => typeof x === "string").join(""), bold);
            break;
          case "w:tab":
            add("   ", false);
            break;
          case "w:br":
          case "w:cr":
            // A line break inside a paragraph separates lines as a paragraph break does (a page break too).
            out.push(cur);
            cur = { text: "", bold: [], images: [] };
            break;
          case "m:oMathPara":
            walk(c, bold);
            break;
          case "m:oMath": {
            // A Word equation: its linear form goes into the text where it stood ("Evaluate 2^3 × 2"), its MathML
            // with the line, so the question keeps both (issue 27).
            const eq = ommlEquation(c);
            if (eq) {
              const before = cur.text;
              const glue = before && !/\s$/.test(before) && /^[\p{L}\p{N}(]/u.test(eq.linear) && /[\p{L}\p{N})]$/u.test(before) ? " " : "";
              add(glue + eq.linear, bold);
              (cur.equations ??= []).push(eq);
            }
            break;
          }
          case "a:blip":
            pushImage(image(c.attrs["r:embed"]));
            break;
          case "v:imagedata":
            pushImage(image(c.attrs["r:id"]));
            break;
          default:
            walk(c, bold);
        }
      }
    };
    const pushImage = (img: ImagePart | undefined) => {
      if (img) cur.images!.push(img);
    };
    walk(p, false);
    out.push(cur);

    const prefix = autoNumber(p);
    if (prefix) {
      const first = out.find((l) => l.text.trim() !== "") ?? out[0];
      first.text = `${prefix} ${first.text}`;
      first.bold = [...Array(prefix.length + 1).fill(false), ...first.bold!];
    }
    return out;
  };

  const autoNumber = (p: XmlElement): string => {
    const pPr = firstChild(p, "w:pPr");
    const numPr = firstChild(pPr, "w:numPr");
    const styleId = firstChild(pPr, "w:pStyle")?.attrs["w:val"];
    const fromStyle = styleId ? styleNumbering.get(styleId) : undefined;
    const numId = firstChild(numPr, "w:numId")?.attrs["w:val"] ?? fromStyle?.numId;
    const ilvl = Number(firstChild(numPr, "w:ilvl")?.attrs["w:val"] ?? fromStyle?.ilvl ?? 0);
    if (!numId || numId === "0") return "";
    const def = numbering.get(numId);
    if (!def) return "";
    const level = def.levels[ilvl];
    if (!level || level.fmt === "bullet" || level.fmt === "none") return "";
    const counts = counters.get(numId) ?? [];
    for (let l = 0; l <= ilvl; l++) if (counts[l] === undefined) counts[l] = (def.levels[l]?.start ?? 1) - (l === ilvl ? 1 : 0);
    counts[ilvl] += 1;
    counts.length = ilvl + 1; // deeper levels restart
    counters.set(numId, counts);
    return level.text.replace(/%(\d)/g, (_, d: string) => {
      const l = Number(d) - 1;
      return formatNumber(counts[l] ?? def.levels[l]?.start ?? 1, def.levels[l]?.fmt ?? "decimal");
    });
  };

  const table = (tbl: XmlElement) => {
    for (const tr of childElements(tbl, "w:tr")) {
      const row: TextLine = { text: "", bold: [], images: [] };
      for (const tc of childElements(tr, "w:tc")) {
        const cellLines: TextLine[] = [];
        block(tc, cellLines);
        const cell = cellLines.filter((l) => l.text.trim() !== "" || l.images!.length);
        if (!cell.length) continue;
        if (row.text) {
          row.text += "   ";
          row.bold!.push(false, false, false);
        }
        cell.forEach((l, i) => {
          if (i > 0) {
            row.text += " ";
            row.bold!.push(false);
          }
          row.text += l.text;
          row.bold!.push(...l.bold!);
          row.images!.push(...l.images!);
          if (l.equations) (row.equations ??= []).push(...l.equations);
        });
      }
      lines.push(row);
    }
  };

  const block = (container: XmlElement, into: TextLine[]) => {
    for (const c of childElements(container)) {
      if (c.name === "w:p") into.push(...paragraph(c));
      else if (c.name === "w:tbl") {
        if (into === lines) table(c);
        else {
          // A table inside a cell: flatten it to lines of its own.
          const saved = lines.length;
          table(c);
          into.push(...lines.splice(saved));
        }
      } else if (c.name === "w:sdt" || c.name === "w:sdtContent" || c.name === "w:customXml") block(c, into);
    }
  };
  block(body, lines);
  return lines.map((l) => ({
    text: l.text,
    bold: l.bold,
    images: l.images!.length ? l.images : undefined,
    ...(l.equations?.length ? { equations: l.equations } : {}),
  }));
}

interface NumberingLevel {
  fmt: string;
  start: number;
  text: string;
}

function readNumbering(xml: string): Map<string, { levels: NumberingLevel[] }> {
  const out = new Map<string, { levels: NumberingLevel[] }>();
  if (!xml) return out;
  const root = parseXml(xml);
  const abstracts = new Map<string, NumberingLevel[]>();
  for (const a of findAll(root, "w:abstractNum")) {
    const levels: NumberingLevel[] = [];
    for (const lvl of childElements(a, "w:lvl")) {
      levels[Number(lvl.attrs["w:ilvl"] ?? 0)] = {
        fmt: firstChild(lvl, "w:numFmt")?.attrs["w:val"] ?? "decimal",
        start: Number(firstChild(lvl, "w:start")?.attrs["w:val"] ?? 1),
        text: firstChild(lvl, "w:lvlText")?.attrs["w:val"] ?? "",
      };
    }
    abstracts.set(a.attrs["w:abstractNumId"], levels);
  }
  for (const n of findAll(root, "w:num")) {
    const base = abstracts.get(firstChild(n, "w:abstractNumId")?.attrs["w:val"] ?? "") ?? [];
    const levels = base.map((l) => ({ ...l }));
    for (const o of childElements(n, "w:lvlOverride")) {
      const start = firstChild(o, "w:startOverride")?.attrs["w:val"];
      const l = levels[Number(o.attrs["w:ilvl"] ?? 0)];
      if (l && start) l.start = Number(start);
    }
    out.set(n.attrs["w:numId"], { levels });
  }
  return out;
}

function readStyleNumbering(xml: string): Map<string, { numId: string; ilvl: number }> {
  const out = new Map<string, { numId: string; ilvl: number }>();
  if (!xml) return out;
  for (const s of findAll(parseXml(xml), "w:style")) {
    const numPr = firstChild(firstChild(s, "w:pPr"), "w:numPr");
    const numId = firstChild(numPr, "w:numId")?.attrs["w:val"];
    if (numId) out.set(s.attrs["w:styleId"], { numId, ilvl: Number(firstChild(numPr, "w:ilvl")?.attrs["w:val"] ?? 0) });
  }
  return out;
}

function readRelationships(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!xml) return out;
  for (const r of findAll(parseXml(xml), "Relationship")) if (r.attrs.TargetMode !== "External") out.set(r.attrs.Id, r.attrs.Target);
  return out;
}

const letters = (n: number) => {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(97 + ((x - 1) % 26)) + s;
  return s || "a";
};
const roman = (n: number) => {
  const table: [number, string][] = [
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let s = "";
  for (const [v, r] of table) {
    while (n >= v) {
      s += r;
      n -= v;
    }
  }
  return s;
};

function formatNumber(n: number, fmt: string): string {
  switch (fmt) {
    case "lowerLetter":
      return letters(n);
    case "upperLetter":
      return letters(n).toUpperCase();
    case "lowerRoman":
      return roman(n);
    case "upperRoman":
      return roman(n).toUpperCase();
    case "decimalZero":
      return String(n).padStart(2, "0");
    default:
      return String(n);
  }
}

function contentTypeOf(name: string): string {
  const ext = name.split(".").pop()?.toLowerCase();
  const types: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    bmp: "image/bmp",
    tif: "image/tiff",
    tiff: "image/tiff",
    svg: "image/svg+xml",
    emf: "image/emf",
    wmf: "image/wmf",
    webp: "image/webp",
  };
  return types[ext ?? ""] ?? "application/octet-stream";
}
