import type { ReactNode } from "react";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { QUIZ_LIMITS } from "@adesua/domain/constants";
import { MARKS_LIMITS, QUESTION_TYPE_LABELS, QUESTION_TYPES, TRUE_FALSE_OPTIONS, type QuestionType } from "@adesua/domain/rules";
import { MathText } from "@/components/math-text";
import { bodyMarks, typeOf, withType, type FieldErrors, type QuestionBody } from "./question-body";

const LETTERS = "ABCDE";
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
      {type === "true_false" && (
        <Radio.Group
          label="The right answer"
          value={q.answerIndex === null ? null : String(q.answerIndex)}
          onChange={(v) => set({ answerIndex: v === "" ? null : Number(v) })}
          error={err("answer")}
        >
          <Group gap="lg" mt={6}>
            {TRUE_FALSE_OPTIONS.map((o, i) => (
              <Radio key={o} value={String(i)} label={o} disabled={disabled} aria-label={`Question ${n}: ${o} is right`} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {type === "short" && <ShortFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {type === "numerical" && (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <NumberInput
            label="Right value"
            value={q.value ?? ""}
            decimalScale={6}
            disabled={disabled}
            onChange={(v) => set({ value: v })}
            error={err("value")}
            style={{ flex: "1 1 120px" }}
          />
          <NumberInput
            label="Tolerance (±)"
            min={0}
            allowNegative={false}
            decimalScale={6}
            value={q.tolerance ?? 0}
            disabled={disabled}
            onChange={(v) => set({ tolerance: v })}
            error={err("tolerance")}
            style={{ flex: "1 1 100px" }}
          />
          <TextInput
            label="Unit (optional)"
            placeholder="cm"
            value={q.unit ?? ""}
            disabled={disabled}
            onChange={(e) => set({ unit: e.currentTarget.value })}
            error={err("unit")}
            style={{ flex: "1 1 90px" }}
          />
        </Group>
      )}
      {type === "written" && <WrittenFields n={n} q={q} set={set} err={err} disabled={disabled} />}
      {errors?.form && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {errors.form}
        </Alert>
      )}
    </Stack>
  );
}

type PartProps = {
  n: number;
  q: QuestionBody;
  set: (patch: Partial<QuestionBody>) => void;
  err: (field: string) => string | undefined;
  disabled?: boolean;
};

/** How the question reads with its equations drawn (the text keeps their linear form while it is edited). */
function EquationPreview({ q, n }: { q: QuestionBody; n: number }) {
  const type = typeOf(q);
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)" aria-label={`Question ${n} preview`} component="section">
      <Text size="xs" c="dimmed" mb={4}>
        Preview with equations
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        <MathText text={q.text} equations={q.equations} />
      </Text>
      {(type === "single" || type === "multiple") &&
        q.options.map((o, k) =>
          o.trim() ? (
            <Text key={k} size="sm" style={{ overflowWrap: "anywhere" }}>
              {LETTERS[k]}. <MathText text={o} equations={q.equations} />
            </Text>
          ) : null,
        )}
    </Paper>
  );
}

function ChoiceFields({ n, q, set, err, disabled }: PartProps) {
  const multiple = typeOf(q) === "multiple";
  const right = new Set(q.answerIndexes ?? []);
  const removeOption = (j: number) => {
    const options = q.options.filter((_, k) => k !== j);
    const a = q.answerIndex;
    const shift = (i: number) => (i > j ? i - 1 : i);
    set({
      options,
      answerIndex: a === null || a === j ? null : shift(a),
      answerIndexes: (q.answerIndexes ?? []).filter((i) => i !== j).map(shift),
    });
  };
  const rows = (
    <Stack gap={6} mt={6}>
      {q.options.map((o, j) => {
        const letter = LETTERS[j];
        return (
          <Group key={j} gap={6} wrap="nowrap" align="center">
            {multiple ? (
              <Checkbox
                checked={right.has(j)}
                disabled={disabled}
                aria-label={`Question ${n}: option ${letter} is right`}
                onChange={(e) =>
                  set({
                    answerIndexes: e.currentTarget.checked ? [...right, j].sort((a, b) => a - b) : [...right].filter((i) => i !== j),
                  })
                }
              />
            ) : (
              <Radio value={String(j)} disabled={disabled} aria-label={`Question ${n}: option ${letter} is correct`} />
            )}
            <TextInput
              aria-label={`Question ${n} option ${letter}`}
              placeholder={`Option ${letter}`}
              leftSection={
                <Text size="xs" fw={700}>
                  {letter}
                </Text>
              }
              value={o}
              disabled={disabled}
              error={!!err(`options.${j}`)}
              onChange={(e) => set({ options: q.options.map((x, k) => (k === j ? e.currentTarget.value : x)) })}
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled || q.options.length <= QUIZ_LIMITS.options.min}
              onClick={() => removeOption(j)}
              aria-label={`Remove option ${letter} of question ${n}`}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
  const optionsError = err("options") ?? err(multiple ? "answers" : "answer");
  const count = multiple ? right.size : q.answerIndex === null ? 0 : 1;
  return (
    <>
      {multiple ? (
        <Input.Wrapper label="Options" description="Tick every right option" error={optionsError}>
          {rows}
        </Input.Wrapper>
      ) : (
        <Radio.Group
          label="Options"
          description="Choose the correct option with its round button"
          value={q.answerIndex === null ? null : String(q.answerIndex)}
          onChange={(v) => set({ answerIndex: v === null || v === "" ? null : Number(v) })}
          error={optionsError}
        >
          {rows}
        </Radio.Group>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled || q.options.length >= QUIZ_LIMITS.options.max}
          onClick={() => set({ options: [...q.options, ""] })}
          aria-label={`Add option to question ${n}`}
        >
          Add option
        </Button>
        {count === 0 ? (
          <Text size="xs" c="orange.8">
            No correct option marked: graded by hand
          </Text>
        ) : multiple ? (
          <Text size="xs" c="green.8">
            Right: {[...right].map((i) => LETTERS[i]).join(", ")}
          </Text>
        ) : (
          <Text size="xs" c="green.8">
            Correct: option {LETTERS[q.answerIndex!]}
          </Text>
        )}
      </Group>
      {multiple && (
        <Radio.Group
          label="Scoring"
          value={q.scoring ?? "all_or_nothing"}
          onChange={(v) => set({ scoring: v as QuestionBody["scoring"] })}
          error={err("scoring")}
        >
          <Stack gap={4} mt={4}>
            <Radio value="all_or_nothing" disabled={disabled} label="All or nothing: full marks only for exactly the right options" />
            <Radio value="partial" disabled={disabled} label="Partial credit: a share for each right option, less for each wrong one" />
          </Stack>
        </Radio.Group>
      )}
    </>
  );
}

function ShortFields({ n, q, set, err, disabled }: PartProps) {
  const accepted = q.accepted ?? [];
  const put = (k: number, patch: Partial<(typeof accepted)[number]>) => set({ accepted: accepted.map((a, j) => (j === k ? { ...a, ...patch } : a)) });
  return (
    <Stack gap={6}>
      <Input.Wrapper
        label="Accepted answers"
        description="Case, spaces and accents are ignored; * stands for any text. Each earns its share of the marks."
        error={err("accepted")}
      >
        <Stack gap={6} mt={6}>
          {accepted.map((a, k) => (
            <Group key={k} gap={6} wrap="nowrap" align="flex-end">
              <TextInput
                label={`Answer ${k + 1}`}
                value={a.text}
                disabled={disabled}
                error={!!err(`accepted.${k}.text`)}
                onChange={(e) => put(k, { text: e.currentTarget.value })}
                style={{ flex: 1, minWidth: 0 }}
              />
              <NumberInput
                label="Share %"
                aria-label={`Answer ${k + 1} share (percent of the marks)`}
                min={0}
                max={100}
                step={10}
                allowDecimal={false}
                allowNegative={false}
                value={a.fraction}
                disabled={disabled}
                error={!!err(`accepted.${k}.fraction`)}
                onChange={(v) => put(k, { fraction: v })}
                w={84}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mb={4}
                disabled={disabled || accepted.length <= 1}
                onClick={() => set({ accepted: accepted.filter((_, j) => j !== k) })}
                aria-label={`Remove answer ${k + 1} of question ${n}`}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Input.Wrapper>
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled || accepted.length >= 20}
          onClick={() => set({ accepted: [...accepted, { text: "", fraction: 100 }] })}
          aria-label={`Add accepted answer to question ${n}`}
        >
          Add accepted answer
        </Button>
      </Group>
      <Switch
        label="Accept answers that contain it"
        checked={q.contains ?? false}
        disabled={disabled}
        onChange={(e) => set({ contains: e.currentTarget.checked })}
      />
    </Stack>
  );
}

function WrittenFields({ n, q, set, err, disabled }: PartProps) {
  const parts = q.parts ?? [];
  const put = (k: number, patch: Partial<(typeof parts)[number]>) => set({ parts: parts.map((p, j) => (j === k ? { ...p, ...patch } : p)) });
  const nextLabel = "abcdefghij"[parts.length] ?? String(parts.length + 1);
  return (
    <Stack gap={6}>
      <Textarea
        label="Marking scheme"
        description="What the marker looks for: shown beside each student's answer when marking"
        autosize
        minRows={2}
        maxRows={8}
        value={q.scheme ?? ""}
        disabled={disabled}
        error={err("scheme")}
        onChange={(e) => set({ scheme: e.currentTarget.value })}
      />
      <Input.Wrapper
        label={`Parts (${parts.length})`}
        description={parts.length ? "The question's marks are the sum of its parts" : "Optional: a structured question answered in parts (a), (b)…"}
        error={err("parts")}
      >
        <Stack gap={6} mt={parts.length ? 6 : 0}>
          {parts.map((p, k) => (
            <Paper key={k} withBorder p="xs" component="fieldset" aria-label={`Part ${k + 1}`} style={{ margin: 0, minWidth: 0 }}>
              <Stack gap={6}>
                <Group gap={6} wrap="nowrap" align="flex-end">
                  <TextInput
                    label={`Part ${k + 1} label`}
                    value={p.label}
                    disabled={disabled}
                    error={!!err(`parts.${k}.label`)}
                    onChange={(e) => put(k, { label: e.currentTarget.value })}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <NumberInput
                    label={`Part ${k + 1} marks`}
                    min={MARKS_LIMITS.min}
                    max={MARKS_LIMITS.max}
                    decimalScale={2}
                    allowNegative={false}
                    value={p.marks}
                    disabled={disabled}
                    error={!!err(`parts.${k}.marks`)}
                    onChange={(v) => put(k, { marks: v })}
                    w={110}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mb={4}
                    disabled={disabled}
                    onClick={() => set({ parts: parts.filter((_, j) => j !== k) })}
                    aria-label={`Remove part ${k + 1} of question ${n}`}
                  >
                    ✕
                  </ActionIcon>
                </Group>
                <Textarea
                  label={`Part ${k + 1} marking scheme`}
                  autosize
                  minRows={1}
                  maxRows={6}
                  value={p.scheme}
                  disabled={disabled}
                  error={err(`parts.${k}.scheme`)}
                  onChange={(e) => put(k, { scheme: e.currentTarget.value })}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Input.Wrapper>
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled || parts.length >= 10}
          onClick={() => set({ parts: [...parts, { label: nextLabel, marks: 1, scheme: "" }] })}
          aria-label={`Add part to question ${n}`}
        >
          Add part
        </Button>
      </Group>
    </Stack>
  );
}
