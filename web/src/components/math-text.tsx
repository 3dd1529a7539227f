import { Fragment, useMemo } from "react";
import { sanitizeMathml } from "@adesua/domain/rules";

/** An equation of a question: how it reads in the text and its MathML (issue 27). */
export type MathEquation = { linear: string; mathml: string };

type Piece = { kind: "text"; text: string } | { kind: "math"; linear: string; mathml: string };

/**
 * Splits a text at the places its equations' linear forms appear, first occurrence after the previous one, in the
 * order of `equations`. An equation whose linear form is not found (the teacher edited it away) is simply not drawn.
 */
export function mathPieces(text: string, equations: readonly MathEquation[] | undefined): Piece[] {
  if (!equations?.length) return [{ kind: "text", text }];
  const out: Piece[] = [];
  let from = 0;
  for (const e of equations) {
    if (!e.linear) continue;
    const at = text.indexOf(e.linear, from);
    if (at < 0) continue;
    if (at > from) out.push({ kind: "text", text: text.slice(from, at) });
    out.push({ kind: "math", linear: e.linear, mathml: e.mathml });
    from = at + e.linear.length;
  }
  if (from < text.length) out.push({ kind: "text", text: text.slice(from) });
  return out;
}

/**
 * A question's (or an option's) text with its Word equations drawn as MathML, which Chromium and Android's WebView
 * draw natively (MathML Core). The MathML is sanitised again here (domain `sanitizeMathml`: MathML elements only, no
 * scripts, links or styles) before it reaches the page; the linear text stays for screen readers that lack MathML and
 * as the fallback. Text outside equations is plain text, escaped by React. `white-space: pre-line` keeps line breaks.
 */
export function MathText({ text, equations }: { text: string; equations?: readonly MathEquation[] }) {
  const pieces = useMemo(() => mathPieces(text, equations), [text, equations]);
  return (
    <>
      {pieces.map((p, i) => {
        if (p.kind === "text") return <Fragment key={i}>{p.text}</Fragment>;
        const clean = sanitizeMathml(p.mathml);
        if (!clean) return <Fragment key={i}>{p.linear}</Fragment>;
        return <span key={i} className="math" aria-label={p.linear} dangerouslySetInnerHTML={{ __html: clean }} />;
      })}
    </>
  );
}
