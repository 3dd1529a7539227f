import { ActionIcon, Button, Checkbox, Group, Input, Radio, Stack, Text, TextInput } from "@mantine/core";
import { QUIZ_LIMITS } from "@adesua/domain/constants";
import { LETTERS, type TypeFieldsProps } from "./field-props";
import { typeOf, type QuestionBody } from "./question-body";

/** Options with the right one (single) or the right ones and the scoring (multiple). */
export function ChoiceFields({ n, q, set, err, disabled }: TypeFieldsProps) {
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
