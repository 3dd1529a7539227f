import { Fragment, type ReactNode } from "react";
import { Anchor } from "@mantine/core";

/**
 * Announcement text with simple formatting, rendered as React elements (never as HTML): line
 * breaks, `**bold**`, and http/https links. Anything else an author types — `<script>`, HTML
 * entities, `javascript:` addresses — stays plain text, escaped by React.
 */
export type RichPiece = { kind: "text"; text: string } | { kind: "bold"; text: string } | { kind: "link"; href: string } | { kind: "break" };

const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Trailing punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]'"]+$/;

function linkPieces(text: string, bold: boolean): RichPiece[] {
  const out: RichPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    let href = m[0];
    const trail = href.match(TRAILING)?.[0] ?? "";
    if (trail) href = href.slice(0, -trail.length);
    const start = m.index;
    if (start > last) out.push({ kind: bold ? "bold" : "text", text: text.slice(last, start) });
    out.push(safeHref(href) ? { kind: "link", href } : { kind: bold ? "bold" : "text", text: href });
    last = start + href.length;
  }
  if (last < text.length) out.push({ kind: bold ? "bold" : "text", text: text.slice(last) });
  return out;
}

/** Only absolute http(s) addresses become links. */
export function safeHref(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Splits announcement text into pieces; pure, so the unit tests read the structure directly. */
export function parseRichText(source: string): RichPiece[] {
  const out: RichPiece[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((line, i) => {
    if (i > 0) out.push({ kind: "break" });
    // `**…**` pairs on one line; an unpaired `**` stays as typed.
    const parts = line.split(/\*\*(.+?)\*\*/g);
    parts.forEach((part, j) => {
      if (part) out.push(...linkPieces(part, j % 2 === 1));
    });
  });
  return out;
}

export function RichText({ text }: { text: string }) {
  const nodes: ReactNode[] = parseRichText(text).map((p, i) => {
    switch (p.kind) {
      case "break":
        return <br key={i} />;
      case "bold":
        return <strong key={i}>{p.text}</strong>;
      case "link":
        return (
          <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }}>
            {p.href}
          </Anchor>
        );
      default:
        return <Fragment key={i}>{p.text}</Fragment>;
    }
  });
  return <>{nodes}</>;
}
