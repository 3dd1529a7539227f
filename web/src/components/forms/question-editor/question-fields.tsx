import type { ReactNode } from "react";
import { Alert, Group, NativeSelect, NumberInput, Stack, Textarea } from "@mantine/core";
import { MARKS_LIMITS, QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionType } from "@adesua/domain/rules";
import { ChoiceFields } from "./choice-fields";
import { EquationPreview } from "./equation-preview";
import { NumericalFields } from "./numerical-fields";
import { bodyMarks, typeOf, withType, type FieldErrors, type QuestionBody } from "./question-body";
import { ShortFields } from "./short-fields";
import { TrueFalseFields } from "./true-false-fields";
import { WrittenFields } from "./written-fields";

const TYPE_DATA = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));

type Props = {
  /** The question's number (from 1), for labels. */
  n: number;
  /** The start of every input's id (the text is `${idBase}-text`). */
  idBase: string;
  value: QuestionBody;
  onChange: (next: QuestionBody) => void;
  /** Problems by field ("marks", "options", "accepted.0.text"; "form": one that names no field). */
  errors?: FieldErrors;
  disabled?: boolean;
  /** Shown under the text (the question's pictures). */
  afterText?: ReactNode;
};

/** The first error of a field or of anything inside it ("accepted" covers "accepted.1.text"). */
function errorOf(errors: FieldErrors | undefined, field: string): string | undefined {
  if (!errors) return undefined;
  if (errors[field]) return errors[field];
  const k = Object.keys(errors).find((x) => x.startsWith(`${field}.`));
  return k ? errors[k] : undefined;
}

/**
 * The one editor of a question's content for every type (issue 27): the quiz editor, the bank's New Questions and the
 * parse review use it. Type, text, marks, then what the type needs: options with the right one (single) or the right
 * ones and the scoring (multiple), True/False, accepted answers with their share (short), value, tolerance and unit
 * (numerical), the marking scheme and parts (written). A question with Word equations shows a preview drawn as MathML.
 */
export function QuestionFields({ n, idBase, value: q, onChange, errors, disabled, afterText }: Props) {
  const type = typeOf(q);
  const set = (patch: Partial<QuestionBody>) => onChange({ ...q, ...patch });
  const err = (field: string) => errorOf(errors, field);
  const partsSum = type === "written" && !!q.parts?.length;

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect
          id={`${idBase}-type`}
          label={`Question ${n} type`}
          data={TYPE_DATA}
          value={type}
          disabled={disabled}
          onChange={(e) => onChange(withType(q, e.currentTarget.value as QuestionType))}
          style={{ flex: "1 1 200px", minWidth: 0 }}
        />
        <NumberInput
          id={`${idBase}-marks`}
          label={`Question ${n} marks`}
          description={partsSum ? "The sum of the parts" : undefined}
          min={MARKS_LIMITS.min}
          max={MARKS_LIMITS.max}
          step={1}
          decimalScale={2}
          allowNegative={false}
          value={bodyMarks(q)}
          readOnly={partsSum}
          variant={partsSum ? "filled" : "default"}
          disabled={disabled}
          onChange={(v) => set({ marks: v })}
          error={err("marks")}
          w={150}
        />
      </Group>
      <Textarea
        id={`${idBase}-text`}
        label={`Question ${n} text`}
        autosize
        minRows={2}
        maxRows={8}
        value={q.text}
        disabled={disabled}
        error={err("text")}
        onChange={(e) => set({ text: e.currentTarget.value })}
      />
      {q.equations?.length ? <EquationPreview q={q} n={n} /> : null}
      {afterText}
      {(type === "single" || type === "multiple") && <ChoiceFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {type === "true_false" && <TrueFalseFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {type === "short" && <ShortFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {type === "numerical" && <NumericalFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {type === "written" && <WrittenFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {errors?.form && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {errors.form}
        </Alert>
      )}
    </Stack>
  );
}
