import { Fragment, lazy, Suspense, useMemo } from "react";

/** An equation of a question: how it reads in the text and its MathML (issue 27). */
export type MathEquation = { linear: string; mathml: string };

export type MathPiece = { kind: "text"; text: string } | { kind: "math"; linear: string; mathml: string };

/**
 * Splits a text at the places its equations' linear forms appear, first occurrence after the previous one, in the
 * order of `equations`. An equation whose linear form is not found (the teacher edited it away) is simply not drawn.
 */
export function mathPieces(text: string, equations: readonly MathEquation[] | undefined): MathPiece[] {
  if (!equations?.length) return [{ kind: "text", text }];
  const out: MathPiece[] = [];
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

// The sanitiser and the MathML drawing load only for a text that has an equation: most questions have none, and the
// student screens' first load stays small. Until they arrive the equation shows as its linear text ("2^3").
const MathPieces = lazy(() => import("./math-pieces"));

/**
 * A question's (or an option's) text with its Word equations drawn as MathML, which Chromium and Android's WebView
 * draw natively (MathML Core). The MathML is sanitised again before it reaches the page (math-pieces: domain
 * `sanitizeMathml`, MathML elements only, no scripts, links or styles); the linear text stays for screen readers that
 * lack MathML and as the fallback. Text outside equations is plain text, escaped by React.
 */
export function MathText({ text, equations }: { text: string; equations?: readonly MathEquation[] }) {
  const pieces = useMemo(() => mathPieces(text, equations), [text, equations]);
  if (!pieces.some((p) => p.kind === "math")) return <Fragment>{text}</Fragment>;
  return (
    <Suspense fallback={<Fragment>{text}</Fragment>}>
      <MathPieces pieces={pieces} />
    </Suspense>
  );
}
