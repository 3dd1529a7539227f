import { lazy, memo, Suspense } from "react";
import { optionLetter } from "@adesua/domain/rules";
import type { RunnerQuestion } from "../engine";
import classes from "./quiz-runner.module.css";

// Only questions with pictures need it: it stays out of the attempt screen's first load.
const QuestionFigure = lazy(() => import("./question-figure"));

type Props = {
  question: RunnerQuestion;
  answer: string | undefined;
  /** Read-only: the question's section has ended, or time is up. */
  locked: boolean;
  onAnswer: (questionId: number, answer: string) => void;
};

/**
 * One question as a group of native radio buttons: arrow keys move between options, Space chooses,
 * and the whole option row is the touch target. The chosen option's text is what gets saved.
 */
export const QuestionCard = memo(function QuestionCard({ question, answer, locked, onAnswer }: Props) {
  const name = `q-${question.id}`;
  return (
    <fieldset className={classes.question} disabled={locked} data-testid={`question-${question.index + 1}`}>
      <legend className={classes.legend}>
        <span className={classes.number}>
          Question {question.index + 1}
          {answer ? " · answered" : ""}
        </span>
        <span className={classes.text}>{question.text}</span>
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
      <div className={classes.options}>
        {question.options.map((option, i) => {
          const checked = answer === option;
          return (
            <label key={i} className={classes.option} data-checked={checked || undefined}>
              <input type="radio" name={name} value={option} checked={checked} onChange={() => onAnswer(question.id, option)} />
              <span className={classes.letter} aria-hidden="true">
                {optionLetter(i) ?? i + 1}.
              </span>
              <span>{option}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
});
