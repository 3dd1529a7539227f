import { useState } from "react";
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { emptyQuestion, type QuestionDraft } from "./quiz-form-model";
import { QuestionPictures } from "./question-pictures";
import { QuestionFields } from "@/components/forms/question-editor/question-fields";
import { bodyMarks, firstError, typeOf, type FieldErrors } from "@/components/forms/question-editor/question-body";
import { QUESTION_TYPE_BADGES } from "@adesua/domain/rules";
import { marksText } from "@/lib/format";

type Props = {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** Problems per question key, by field (shown beside the field; the first on the collapsed card). */
  errors: Record<string, FieldErrors>;
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

/** Add, edit, remove and reorder questions of every type (QuestionFields edits each one's content). */
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
        const err = firstError(errors[q.key]);
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
                  {/* A question that is not a one-mark single answer says its type and marks on a second line. */}
                  {!open && (typeOf(q) !== "single" || Number(bodyMarks(q)) !== 1) && (
                    <Text size="xs" c="dimmed" truncate>
                      {QUESTION_TYPE_BADGES[typeOf(q)]} · {marksText(Number(bodyMarks(q)))}
                    </Text>
                  )}
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
                <div id={`${questionAnchor(q.key)}-body`}>
                  <QuestionFields
                    n={n}
                    idBase={`q-${q.key}`}
                    value={q}
                    onChange={(body) => update(i, body)}
                    errors={errors[q.key]}
                    disabled={disabled}
                    afterText={<QuestionPictures n={n} images={q.images ?? []} disabled={disabled} onChange={(images) => update(i, { images })} />}
                  />
                </div>
              )}
              {err && !open && (
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
