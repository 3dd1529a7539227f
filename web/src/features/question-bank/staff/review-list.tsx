import { useMemo, useState } from "react";
import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { BankQuestionContentSchema } from "@adesua/domain";
import { QuestionFields } from "@/components/forms/question-editor/question-fields";
import { QuestionTypeBadge } from "@/components/forms/question-editor/question-type-badge";
import {
  bodyMarks,
  bodyOfDraft,
  checkBody,
  draftOfBody,
  keyGiven,
  questionOfServerError,
  serverFieldError,
  typeOf,
  type QuestionBody,
} from "@/components/forms/question-editor/question-body";
import type { PaperFacts } from "../api/staff";
import { ScanNote } from "../components/scan-note";
import { spreadWarnings, type DraftQuestion } from "../lib/answers";

export type { PaperFacts };

type Props = {
  questions: DraftQuestion[];
  onChange: (questions: DraftQuestion[]) => void;
  /** The parse call's warnings: those that name a question are shown on it. */
  warnings?: string[];
  /** The paper's heading and instructions (shown as such, never as questions) and what was not imported. */
  paper?: PaperFacts;
  /** The server's refusal of a save ("Question 3: …"): shown beside that question's field. */
  serverError?: string | null;
};

const LETTERS = "ABCDE";

/** The key as the question's badge says it: "Answer B", "Key set", "Teacher marks" (written), "No answer". */
function keyBadge(b: QuestionBody) {
  const type = typeOf(b);
  if (type === "written") return <Badge color="grape">Teacher marks</Badge>;
  if (!keyGiven(b)) return <Badge color="gray">No answer</Badge>;
  if (type === "single") return <Badge color="green">Answer {LETTERS[b.answerIndex!]}</Badge>;
  if (type === "true_false") return <Badge color="green">Answer {b.answerIndex === 0 ? "True" : "False"}</Badge>;
  return <Badge color="green">Key set</Badge>;
}

/**
 * The review step of Upload Quiz, Bulk Upload and New Questions: the paper's heading and instructions, the questions
 * not imported, then each parsed question in the one question editor (QuestionFields: every type, marks, the key), its
 * warnings and, for a scan, its "check it" note and page crop; Remove, and "answered N of M" above the list.
 */
export function ReviewList({ questions, onChange, warnings = [], paper, serverError }: Props) {
  const { perQuestion, general } = spreadWarnings(questions.length, warnings);
  const bodies = useMemo(() => questions.map(bodyOfDraft), [questions]);
  // The server's refusal stays beside its field until the questions are edited.
  const [seen, setSeen] = useState({ message: serverError, questions });
  if (seen.message !== serverError) setSeen({ message: serverError, questions });
  const refusal = seen.questions === questions ? serverError : null;
  const problems = useMemo(() => {
    const list = bodies.map((b) => checkBody(b, BankQuestionContentSchema));
    const named = questionOfServerError(refusal);
    if (named && list[named.index]) list[named.index] = { ...serverFieldError(named.message), ...list[named.index] };
    return list;
  }, [bodies, refusal]);
  const set = (i: number, q: DraftQuestion) => onChange(questions.map((x, j) => (j === i ? q : x)));
  const answered = bodies.filter(keyGiven).length;
  const unsupported = paper?.unsupported ?? [];

  return (
    <Stack gap="sm">
      {(paper?.heading || paper?.instructions) && (
        <Paper withBorder p="sm" component="section" aria-label="The paper's heading and instructions">
          <Stack gap={4}>
            {paper.heading && (
              <>
                <Text size="xs" c="dimmed">
                  Paper heading (not a question)
                </Text>
                <Text fw={600} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {paper.heading}
                </Text>
              </>
            )}
            {paper.instructions && (
              <>
                <Text size="xs" c="dimmed">
                  Instructions (not a question)
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {paper.instructions}
                </Text>
              </>
            )}
          </Stack>
        </Paper>
      )}
      {unsupported.length > 0 && (
        <Alert color="orange" title={unsupported.length === 1 ? "1 question not imported" : `${unsupported.length} questions not imported`}>
          <List size="sm">
            {unsupported.map((u, i) => (
              <List.Item key={i}>{u.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Text fw={600} aria-live="polite">
        Answered {answered} of {questions.length}
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
        const body = bodies[i];
        return (
          <Paper key={i} withBorder p="sm" component="section" aria-label={`Question ${i + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap={6}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600}>Question {i + 1}</Text>
                  <QuestionTypeBadge type={typeOf(body)} marks={bodyMarks(body)} />
                </Group>
                <Group gap={6} wrap="nowrap">
                  {keyBadge(body)}
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
              {q.scan && <ScanNote scan={q.scan} />}
              <QuestionFields
                n={i + 1}
                idBase={`review-${i}`}
                value={body}
                onChange={(b) => set(i, draftOfBody(q, b))}
                errors={problems[i]}
                afterText={
                  q.imageIds?.length ? (
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
                  ) : null
                }
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
