import { useId, useLayoutEffect, useRef } from "react";
import { decodeChoices, decodeParts, encodeChoices, encodeParts } from "@adesua/domain/rules";
import type { AnswerMode } from "../engine";
import { Choices, marksText, type QuestionCardProps } from "./question-card";
import classes from "./typed-answer.module.css";

/** The server's longest answer (contracts/attempts ANSWER_MAX_LENGTH; that module brings zod, so it is not imported here). */
const ANSWER_MAX_LENGTH = 20_000;

/** A textarea that grows with its text (no inner scrollbar on a phone), at least three lines high. */
function GrowingText({
  id,
  value,
  onType,
  onLeave,
  label,
  maxLength = ANSWER_MAX_LENGTH,
}: {
  id: string;
  value: string;
  onType: (v: string) => void;
  onLeave: (v: string) => void;
  label?: string;
  maxLength?: number;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      id={id}
      className={classes.textarea}
      rows={3}
      value={value}
      aria-label={label}
      maxLength={maxLength}
      onChange={(e) => onType(e.currentTarget.value)}
      onBlur={(e) => onLeave(e.currentTarget.value)}
    />
  );
}

/**
 * The inputs of the rarer types: multiple answers (checkboxes, "Choose all that apply", the answer a JSON list of the
 * chosen options: `encodeChoices`), short and numerical answers (a text box; numerical with a decimal keypad and its
 * unit after it) and written answers (a growing text area, or one per part: `encodeParts`).
 */
export default function TypedAnswer({ question, answer, onAnswer }: Pick<QuestionCardProps, "question" | "answer" | "onAnswer">) {
  const id = useId();
  const type = question.type ?? "single";
  const given = answer ?? "";
  const send = (mode: AnswerMode) => (v: string) => onAnswer(question.id, v, mode);
  if (type === "multiple") {
    const chosen = decodeChoices(answer, question.options);
    return (
      <>
        <p className={classes.hint}>Choose all that apply.</p>
        <Choices
          name={`q-${question.id}`}
          kind="checkbox"
          options={question.options}
          equations={question.equations}
          isChecked={(o) => chosen.includes(o)}
          onToggle={(o) => {
            const next = chosen.includes(o) ? chosen.filter((c) => c !== o) : [...chosen, o];
            onAnswer(question.id, encodeChoices(question.options.filter((x) => next.includes(x))));
          }}
        />
      </>
    );
  }
  if (type === "written") {
    const parts = question.parts ?? [];
    if (parts.length < 2) {
      return (
        <div className={classes.field}>
          <label htmlFor={id} className={classes.fieldLabel}>
            Your answer
          </label>
          <GrowingText id={id} value={given} onType={send("typing")} onLeave={send("commit")} />
        </div>
      );
    }
    const texts = decodeParts(given, parts.length);
    // The parts travel as one JSON list within the server's limit, their escapes (a new line is two characters) included.
    const partMax = Math.floor(ANSWER_MAX_LENGTH / parts.length / 2) - 4;
    const partSend = (i: number, mode: AnswerMode) => (v: string) => onAnswer(question.id, encodeParts(texts.map((t, k) => (k === i ? v : t))), mode);
    return (
      <div className={classes.parts}>
        {parts.map((p, i) => (
          <div key={p.label} className={classes.field}>
            <label htmlFor={`${id}-${i}`} className={classes.fieldLabel}>
              ({p.label}) <span className={classes.partMarks}>[{marksText(p.marks)}]</span>
            </label>
            <GrowingText id={`${id}-${i}`} value={texts[i]} onType={partSend(i, "typing")} onLeave={partSend(i, "commit")} maxLength={partMax} />
          </div>
        ))}
      </div>
    );
  }
  const numerical = type === "numerical";
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {numerical ? "Your answer (a number)" : "Your answer"}
      </label>
      <div className={classes.inline}>
        <input
          id={id}
          className={classes.input}
          type="text"
          inputMode={numerical ? "decimal" : "text"}
          autoComplete="off"
          autoCapitalize={numerical ? "off" : "sentences"}
          spellCheck={false}
          maxLength={numerical ? 100 : 2000}
          value={given}
          onChange={(e) => onAnswer(question.id, e.currentTarget.value, "typing")}
          onBlur={(e) => onAnswer(question.id, e.currentTarget.value, "commit")}
        />
        {numerical && question.unit && <span className={classes.unit}>{question.unit}</span>}
      </div>
    </div>
  );
}
