import { lazy, memo, Suspense, type ReactNode } from "react";
import { optionLetter } from "@adesua/domain/rules";
import type { AnswerMode, RunnerQuestion } from "../engine";
import { hasAnswer } from "../lib/unanswered";
import classes from "./quiz-runner.module.css";

/**
 * "1 mark", "2 marks" — lib/format's marksText, written again here on purpose: importing lib/format brings the shared
 * "student" chunk onto the attempt screen's first load (+3.9 KB brotli, one more file, over the 150 KB budget).
 */
export const marksText = (marks: number) => `${Math.round(marks * 100) / 100} ${marks === 1 ? "mark" : "marks"}`;

// Only questions with pictures need it: it stays out of the attempt screen's first load.
const QuestionFigure = lazy(() => import("./question-figure"));
// Most questions have no equation: the equation drawing (MathText) loads only for one that has, its linear text
// ("2^3") showing meanwhile, so the attempt screen's first load does not carry it.
const MathText = lazy(() => import("@/components/math-text").then((m) => ({ default: m.MathText })));

/** A question's or an option's text: plain, or drawn with its equations (MathText) when it has any. */
export function QuestionText({ text, equations }: { text: string; equations?: Equations }) {
  if (!equations?.length) return text;
  return (
    <Suspense fallback={text}>
      <MathText text={text} equations={equations} />
    </Suspense>
  );
}

/**
 * The inputs of the other types (multiple answers, short, numerical, written), with the domain's answer forms: loaded
 * only when such a question is on the page (and fetched once the page is idle), so single-choice quizzes never load them.
 */
export const loadTypedAnswer = () => import("./typed-answer");
const TypedAnswer = lazy(loadTypedAnswer);

export type QuestionCardProps = {
  question: RunnerQuestion;
  answer: string | undefined;
  /** Read-only: the question's section has ended, or time is up. */
  locked: boolean;
  /** "typing": a key in a text box (kept at once, sent after a pause); "commit": a choice, or leaving a text box. */
  onAnswer: (questionId: number, answer: string, mode?: AnswerMode) => void;
};

/** "1 mark", "2 marks", "1.5 marks". */

type Equations = RunnerQuestion["equations"];

/** A list of options as native radio buttons or checkboxes: arrow keys / Space work, and the whole row is the touch target. */
export function Choices({
  name,
  options,
  equations,
  kind,
  isChecked,
  onToggle,
  wide,
}: {
  name: string;
  options: readonly string[];
  equations: Equations;
  kind: "radio" | "checkbox";
  isChecked: (option: string) => boolean;
  onToggle: (option: string) => void;
  /** True/false: two big buttons side by side, no letters. */
  wide?: boolean;
}) {
  return (
    <div className={wide ? classes.pair : classes.options}>
      {options.map((option, i) => {
        const checked = isChecked(option);
        return (
          <label key={i} className={wide ? `${classes.option} ${classes.big}` : classes.option} data-checked={checked || undefined}>
            <input type={kind} name={name} value={option} checked={checked} onChange={() => onToggle(option)} />
            {!wide && (
              <span className={classes.letter} aria-hidden="true">
                {optionLetter(i) ?? i + 1}.
              </span>
            )}
            <span>
              <QuestionText text={option} equations={equations} />
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * One question, drawn by its type: single choice and true/false as native radio buttons, multiple answers as
 * checkboxes ("Choose all that apply", the answer a JSON list of the chosen options), short and numerical answers as a
 * text box (numerical with a decimal keypad and its unit), written answers as growing text areas (one per part). Text
 * and options draw their equations (MathText). Typed answers are kept at each key and sent after a pause or on leaving.
 */
export const QuestionCard = memo(function QuestionCard({ question, answer, locked, onAnswer }: QuestionCardProps) {
  const name = `q-${question.id}`;
  const type = question.type ?? "single";
  const marks = question.marks ?? 1;
  let body: ReactNode;
  if (type === "single" || type === "true_false") {
    body = (
      <Choices
        name={name}
        kind="radio"
        wide={type === "true_false"}
        options={question.options}
        equations={question.equations}
        isChecked={(o) => answer === o}
        onToggle={(o) => onAnswer(question.id, o)}
      />
    );
  } else {
    body = (
      <Suspense fallback={<div className={classes.typedWait} style={type === "multiple" ? { minHeight: question.options.length * 56 + 28 } : undefined} />}>
        <TypedAnswer question={question} answer={answer} onAnswer={onAnswer} />
      </Suspense>
    );
  }
  return (
    <fieldset className={classes.question} disabled={locked} data-testid={`question-${question.index + 1}`} data-type={type}>
      <legend className={classes.legend}>
        <span className={classes.number}>
          Question {question.index + 1} · {marksText(marks)}
          {hasAnswer(question, answer) ? " · answered" : ""}
        </span>
        <span className={classes.text}>
          <QuestionText text={question.text} equations={question.equations} />
        </span>
      </legend>
      {question.images?.length ? (
        <div className={classes.images}>
          {/* Empty frames of the same size while the picture code loads: nothing moves. */}
          <Suspense
            fallback={question.images.map((path) => (
              <div key={path} className={classes.figure} />
            ))}
          >
            {question.images.map((path, k) => (
              <QuestionFigure key={path} path={path} n={k + 1} question={question.index + 1} />
            ))}
          </Suspense>
        </div>
      ) : null}
      {body}
    </fieldset>
  );
});
