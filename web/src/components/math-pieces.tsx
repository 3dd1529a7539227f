import { Fragment } from "react";
import { sanitizeMathml } from "@adesua/domain/rules";
import type { MathPiece } from "./math-text";

/**
 * The pieces of a text with equations (math-text's `mathPieces`): text as text, each equation as its sanitised MathML
 * (`sanitizeMathml`: only MathML Core elements and harmless attributes), or its linear text when nothing drawable is
 * left. Loaded by <MathText> only for a text that has an equation.
 */
export default function MathPieces({ pieces }: { pieces: readonly MathPiece[] }) {
  return (
    <>
      {pieces.map((p, i) => {
        if (p.kind === "text") return <Fragment key={i}>{p.text}</Fragment>;
        const clean = sanitizeMathml(p.mathml);
        if (!clean) return <Fragment key={i}>{p.linear}</Fragment>;
        return <span key={i} className="math" role="math" aria-label={p.linear} dangerouslySetInnerHTML={{ __html: clean }} />;
      })}
    </>
  );
}
