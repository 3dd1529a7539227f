import { useState } from "react";
import { ActionIcon, Alert, Badge, Button, Card, Group, Radio, Stack, Text, TextInput, Textarea, UnstyledButton } from "@mantine/core";
import { QUIZ_LIMITS } from "@adesua/domain/constants";
import { emptyQuestion, type QuestionDraft } from "./quiz-form-model";
import { QuestionPictures } from "./question-pictures";

const LETTERS = "ABCDE";

type Props = {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** First problem per question key. */
  errors: Record<string, string>;
  /** Problems found while typing (by key): marked on the collapsed line. */
  problems?: Record<string, string>;
  disabled?: boolean;
  /** Which questions are open (by key); the page holds it so its problem list can open one. Without it the editor keeps its own. */
  expanded?: ReadonlySet<string>;
  onExpandedChange?: (next: Set<string>) => void;
};

/** The element id of a question's card, for the page's jump list. */
export const questionAnchor = (key: string) => `q-${key}`;

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}

/** Add, edit, remove and reorder questions; 2–5 options each; the radio marks the correct option. */
export function QuestionEditor({ questions, onChange, errors, problems = {}, disabled, expanded: controlled, onExpandedChange }: Props) {
  const [own, setOwn] = useState<Set<string>>(() => new Set());
  const expanded = controlled ?? own;
  const setExpanded = (next: Set<string>) => (onExpandedChange ? onExpandedChange(next) : setOwn(next));
  const toggle = (key: string) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpanded(next);
  };
  const update = (i: number, patch: Partial<QuestionDraft>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  function addQuestion() {
    const q = emptyQuestion();
    setExpanded(new Set(expanded).add(q.key));
    onChange([...questions, q]);
    // Put the cursor in the new question so the keyboard flow continues.
    setTimeout(() => document.getElementById(`q-${q.key}-text`)?.focus(), 0);
  }

  return (
    <Stack gap="sm">
      {questions.length > 1 && (
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setExpanded(new Set(questions.map((q) => q.key)))}>
            Expand all
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setExpanded(new Set())}>
            Collapse all
          </Button>
        </Group>
      )}
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          No questions yet. Students answer these in the quiz; mark the correct option so the quiz grades itself.
        </Text>
      )}
      {questions.map((q, i) => {
        const n = i + 1;
        const err = errors[q.key];
        const problem = err ?? problems[q.key];
        const open = expanded.has(q.key);
        return (
          <Card
            key={q.key}
            id={questionAnchor(q.key)}
            withBorder
            padding="sm"
            component="section"
            aria-label={`Question ${n}`}
            style={{ scrollMarginTop: 120 }}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" gap={4}>
                {/* One line per question when collapsed: number, the start of its text, and whether it needs attention. */}
                <UnstyledButton
                  onClick={() => toggle(q.key)}
                  aria-expanded={open}
                  aria-controls={open ? `${questionAnchor(q.key)}-body` : undefined}
                  title={open ? "Collapse" : "Expand"}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} style={{ flexShrink: 0 }}>
                      <span aria-hidden>{open ? "▾ " : "▸ "}</span>Question {n}
                    </Text>
                    {!open && (
                      <Text size="sm" truncate style={{ minWidth: 0 }}>
                        {q.text.trim() || "(no text yet)"}
                      </Text>
                    )}
                    {problem && (
                      <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
                        Problem
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
                {/* Small icon buttons so the collapsed line stays one line on a 360 px phone. */}
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {(
                    [
                      ["up", i - 1, i === 0, "↑"],
                      ["down", i + 1, i === questions.length - 1, "↓"],
                    ] as const
                  ).map(([dir, to, atEnd, arrow]) => (
                    <ActionIcon
                      key={dir}
                      size="md"
                      variant="default"
                      disabled={disabled || atEnd}
                      onClick={() => onChange(move(questions, i, to))}
                      aria-label={`Move question ${n} ${dir}`}
                      title={`Move ${dir}`}
                    >
                      {arrow}
                    </ActionIcon>
                  ))}
                  <ActionIcon
                    size="md"
                    variant="light"
                    color="red"
                    disabled={disabled}
                    onClick={() => onChange(questions.filter((_, j) => j !== i))}
                    aria-label={`Remove question ${n}`}
                    title="Remove question"
                  >
                    ✕
                  </ActionIcon>
                </Group>
              </Group>
              {open && (
                <Stack gap="xs" id={`${questionAnchor(q.key)}-body`}>
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
                  <QuestionPictures n={n} images={q.images ?? []} disabled={disabled} onChange={(images) => update(i, { images })} />
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
                      aria-label={`Add option to question ${n}`}
                    >
                      Add option
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
                </Stack>
              )}
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
