import { Alert, Badge, Button, Group, List, Paper, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { answerLetter, answeredCount, resolveAnswer, spreadWarnings, type DraftQuestion } from "../lib/answers";

type Props = {
  questions: DraftQuestion[];
  onChange: (questions: DraftQuestion[]) => void;
  /** The parse call's warnings: those that name a question are shown on it. */
  warnings?: string[];
};

const LETTERS = "ABCDE";

/**
 * The review step of Upload Quiz and Bulk Upload: each parsed question with its text, options and
 * answer editable, its warnings on it, Remove, and "answered N of M" above the list.
 */
export function ReviewList({ questions, onChange, warnings = [] }: Props) {
  const { perQuestion, general } = spreadWarnings(questions.length, warnings);
  const set = (i: number, q: DraftQuestion) => onChange(questions.map((x, j) => (j === i ? q : x)));

  return (
    <Stack gap="sm">
      <Text fw={600} aria-live="polite">
        Answered {answeredCount(questions)} of {questions.length}
      </Text>
      {general.length > 0 && (
        <Alert color="yellow" title="Warnings">
          <List size="sm">
            {general.map((w, i) => (
              <List.Item key={i}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {questions.map((q, i) => {
        const own = [...perQuestion[i], ...(q.warnings ?? [])];
        const letter = answerLetter(q.answer, q.options);
        return (
          <Paper key={i} withBorder p="sm" component="section" aria-label={`Question ${i + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>Question {i + 1}</Text>
                <Group gap={6}>
                  {letter ? <Badge color="green">Answer {letter}</Badge> : <Badge color="gray">No answer</Badge>}
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    aria-label={`Remove question ${i + 1}`}
                    onClick={() => onChange(questions.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
              {own.map((w, k) => (
                <Alert key={k} color="yellow" p="xs">
                  {w}
                </Alert>
              ))}
              <Textarea label={`Question ${i + 1} text`} autosize minRows={2} value={q.text} onChange={(e) => set(i, { ...q, text: e.currentTarget.value })} />
              {q.imageIds?.length ? (
                <Group gap="xs">
                  <Text size="sm">{q.imageIds.length === 1 ? "1 picture" : `${q.imageIds.length} pictures`} from the file, kept with the question</Text>
                  {q.imageIds.map((id, k) => (
                    <Button
                      key={id}
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove figure ${k + 1} of question ${i + 1}`}
                      onClick={() => set(i, { ...q, imageIds: q.imageIds!.filter((x) => x !== id) })}
                    >
                      Remove figure {k + 1}
                    </Button>
                  ))}
                </Group>
              ) : null}
              {q.options.map((o, k) => (
                <TextInput
                  key={k}
                  label={`Question ${i + 1} option ${LETTERS[k] ?? k + 1}`}
                  value={o}
                  onChange={(e) => {
                    const options = q.options.map((x, m) => (m === k ? e.currentTarget.value : x));
                    // The answer follows its option when the option's text is corrected.
                    set(i, { ...q, options, answer: q.answer === o ? options[k] : q.answer });
                  }}
                />
              ))}
              <Group gap="xs">
                {q.options.length < 5 && (
                  <Button size="xs" variant="default" onClick={() => set(i, { ...q, options: [...q.options, ""] })}>
                    Add option
                  </Button>
                )}
                {q.options.length > 2 && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => set(i, { ...q, options: q.options.slice(0, -1), answer: q.answer === q.options.at(-1) ? "" : q.answer })}
                  >
                    Remove last option
                  </Button>
                )}
              </Group>
              <TextInput
                label={`Question ${i + 1} answer`}
                description="A letter (A–E) or the option's text"
                defaultValue={letter || q.answer}
                key={`${i}-${q.answer}`}
                onBlur={(e) => set(i, { ...q, answer: resolveAnswer(e.currentTarget.value, q.options) })}
                error={!letter && q.answer ? "This answer is not one of the options" : undefined}
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
