import { ActionIcon, Alert, Button, Card, Group, Radio, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { QUIZ_LIMITS } from "@adesua/domain/constants";
import { emptyQuestion, type QuestionDraft } from "./quiz-form-model";

const LETTERS = "ABCDE";

type Props = {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** First problem per question key. */
  errors: Record<string, string>;
  disabled?: boolean;
};

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}

/** Add, edit, remove and reorder questions; 2–5 options each; the radio marks the correct option. */
export function QuestionEditor({ questions, onChange, errors, disabled }: Props) {
  const update = (i: number, patch: Partial<QuestionDraft>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  function addQuestion() {
    const q = emptyQuestion();
    onChange([...questions, q]);
    // Put the cursor in the new question so the keyboard flow continues.
    setTimeout(() => document.getElementById(`q-${q.key}-text`)?.focus(), 0);
  }

  return (
    <Stack gap="sm">
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          No questions yet. Students answer these in the quiz; mark the correct option so the quiz grades itself.
        </Text>
      )}
      {questions.map((q, i) => {
        const n = i + 1;
        const err = errors[q.key];
        return (
          <Card key={q.key} withBorder padding="sm" component="section" aria-label={`Question ${n}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap={4}>
                <Text fw={700}>Question {n}</Text>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={disabled || i === 0}
                    onClick={() => onChange(move(questions, i, i - 1))}
                    aria-label={`Move question ${n} up`}
                  >
                    Up
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={disabled || i === questions.length - 1}
                    onClick={() => onChange(move(questions, i, i + 1))}
                    aria-label={`Move question ${n} down`}
                  >
                    Down
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    disabled={disabled}
                    onClick={() => onChange(questions.filter((_, j) => j !== i))}
                    aria-label={`Remove question ${n}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
              <Textarea
                id={`q-${q.key}-text`}
                label={`Question ${n} text`}
                autosize
                minRows={2}
                maxRows={8}
                value={q.text}
                disabled={disabled}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
              />
              <Radio.Group
                label="Options"
                description="Choose the correct option with its round button"
                value={q.answerIndex === null ? null : String(q.answerIndex)}
                onChange={(v) => update(i, { answerIndex: v === null || v === "" ? null : Number(v) })}
              >
                <Stack gap={6} mt={6}>
                  {q.options.map((o, j) => {
                    const letter = LETTERS[j];
                    return (
                      <Group key={j} gap={6} wrap="nowrap" align="center">
                        <Radio value={String(j)} disabled={disabled} aria-label={`Question ${n}: option ${letter} is correct`} />
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
                          onChange={(e) => update(i, { options: q.options.map((x, k) => (k === j ? e.currentTarget.value : x)) })}
                          style={{ flex: 1, minWidth: 0 }}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          disabled={disabled || q.options.length <= QUIZ_LIMITS.options.min}
                          onClick={() => {
                            const options = q.options.filter((_, k) => k !== j);
                            const a = q.answerIndex;
                            update(i, { options, answerIndex: a === null || a === j ? null : a > j ? a - 1 : a });
                          }}
                          aria-label={`Remove option ${letter} of question ${n}`}
                        >
                          ✕
                        </ActionIcon>
                      </Group>
                    );
                  })}
                </Stack>
              </Radio.Group>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  disabled={disabled || q.options.length >= QUIZ_LIMITS.options.max}
                  onClick={() => update(i, { options: [...q.options, ""] })}
                  aria-label={`Add an option to question ${n}`}
                >
                  + Add option
                </Button>
                {q.answerIndex === null ? (
                  <Text size="xs" c="orange.8">
                    No correct option marked: graded by hand
                  </Text>
                ) : (
                  <Text size="xs" c="green.8">
                    Correct: option {LETTERS[q.answerIndex]}
                  </Text>
                )}
              </Group>
              {err && (
                <Alert color="red" variant="light" p="xs" role="alert">
                  {err}
                </Alert>
              )}
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button variant="light" onClick={addQuestion} disabled={disabled || questions.length >= 500}>
          Add question
        </Button>
      </Group>
    </Stack>
  );
}
