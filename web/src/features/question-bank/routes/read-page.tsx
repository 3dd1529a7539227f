import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Anchor, Badge, Button, Checkbox, Group, List, Paper, Stack, Text } from "@mantine/core";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { errorText } from "@/lib/api";
import { useQueryParams } from "@/lib/use-query-params";
import { FETCH_FAILED, groupId, parseGroupId, useGroupQuestions, type BankQuestion } from "../api/bank";
import { areaOf } from "../lib/area";
import { QuestionImage } from "@/components/protected-image";
import { MathText } from "@/components/math-text";
import { describeKey, QUESTION_TYPE_LABELS } from "@adesua/domain/rules";
import { marksText } from "@/lib/format";

const LETTERS = "ABCDE";

/** "Multiple answers (choose all that apply) · 2 marks": what kind of answer the question wants. */
function typeLine(q: BankQuestion): string {
  const type = q.type ?? "single";
  const unit = type === "numerical" && q.unit ? ` (in ${q.unit})` : "";
  return `${QUESTION_TYPE_LABELS[type]}${unit} · ${marksText(q.marks ?? 1)}`;
}

// Staff only: students never load the quiz-building panel.
const UseInQuiz = lazy(() => import("../staff/use-in-quiz").then((m) => ({ default: m.UseInQuiz })));

/**
 * /…/questions/read/{group} and /students/dashboard/past-questions/read/{group}: a group read 5 a page
 * (the spec's default). Staff see each answer; the server sends students none.
 */
export function ReadGroupPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const base = areaOf(pathname);
  const isStudent = base === "/students/dashboard";
  const listPath = isStudent ? `${base}/past-questions` : `${base}/questions`;
  const group = parseGroupId(id);
  const [params, update] = useQueryParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limit = Math.min(50, Math.max(1, Number(params.get("perPage")) || 5));
  const questions = useGroupQuestions(group, page, limit);
  // Chosen for "Use in a quiz" (kept across pages, by id).
  const [chosen, setChosen] = useState<Map<number, BankQuestion>>(new Map());
  const toggle = (q: BankQuestion) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });

  const back = (
    <Anchor component={Link} to={listPath}>
      ← Back to the list
    </Anchor>
  );
  if (!group)
    return (
      <Stack>
        {back}
        <ErrorState message="This question group does not exist." />
      </Stack>
    );

  const attempt = isStudent
    ? `${base}/past-questions/attempt/${groupId(group)}`
    : base === "/admin/dashboard"
      ? `${base}/questions/attempt/${groupId(group)}`
      : null;

  return (
    <Stack maw={860}>
      {back}
      <PageHeader
        title={`${group.subject} ${group.year}`}
        subtitle={`Section ${group.section}`}
        actions={
          attempt && (
            <Button component={Link} to={`${attempt}?perPage=${params.get("perPage") ?? 5}&timeLimit=${params.get("timeLimit") ?? 30}`}>
              Take Quiz
            </Button>
          )
        }
      />
      {questions.isPending && <ListSkeleton />}
      {questions.isError && (
        <ErrorState message={errorText(questions.error, FETCH_FAILED)} onRetry={() => void questions.refetch()} retrying={questions.isFetching} />
      )}
      {questions.data && questions.data.questions.length === 0 && <EmptyState title="No questions in this group" />}
      {questions.data?.questions.map((q, i) => (
        <Paper key={q.id} withBorder p="sm" component="article" aria-label={`Question ${(page - 1) * limit + i + 1}`}>
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {!isStudent && (
                <Checkbox aria-label={`Choose question ${(page - 1) * limit + i + 1}`} checked={chosen.has(q.id)} onChange={() => toggle(q)} mt={3} />
              )}
              <Text fw={600} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {(page - 1) * limit + i + 1}. <MathText text={q.text} equations={q.equations} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {typeLine(q)}
            </Text>
            {Array.from({ length: q.imageCount ?? 0 }, (_, k) => (
              <QuestionImage key={k} questionId={q.id} n={k + 1} />
            ))}
            <List listStyleType="none" spacing={2}>
              {q.options.map((o, k) => (
                <List.Item key={k}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Text component="span" fw={q.answer === o ? 700 : 400} style={{ overflowWrap: "anywhere" }}>
                      {q.type === "true_false" ? "" : `${LETTERS[k]}. `}
                      <MathText text={o} equations={q.equations} />
                    </Text>
                    {q.answer === o && (
                      <Badge size="xs" color="green">
                        Answer
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
            {q.type === "written" && q.parts && q.parts.length > 1 && (
              <List listStyleType="none" spacing={2}>
                {q.parts.map((p) => (
                  <List.Item key={p.label}>
                    <Text component="span" size="sm">
                      ({p.label}) [{marksText(p.marks)}]
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
            {!isStudent && <StaffKey q={q} />}
            {q.topic && (
              <Text size="xs" c="dimmed">
                Topic: {q.topic}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
      {!isStudent && chosen.size > 0 && (
        <Suspense fallback={null}>
          <UseInQuiz selected={[...chosen.values()]} base={base} />
        </Suspense>
      )}
      {questions.data && (
        <PaginationFooter
          page={page}
          pageSize={limit}
          total={questions.data.pagination.total}
          label="questions"
          onChange={(p) => update({ page: p > 1 ? String(p) : null })}
        />
      )}
    </Stack>
  );
}

/**
 * Staff: the key of a question whose options do not show it (multiple answers, short, numerical, written) as a person
 * reads it (describeKey). Students get no key from the server at all.
 */
function StaffKey({ q }: { q: BankQuestion }) {
  const type = q.type ?? "single";
  if (type === "single" || type === "true_false") return null;
  const s = q as BankQuestion & Parameters<typeof describeKey>[0]["details"];
  const key = describeKey({ type, options: q.options, answer: q.answer, details: s });
  return (
    <Text size="sm" c={key ? "green.9" : "orange.8"} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
      {key ? `${type === "written" ? "Marking scheme" : "Answer"}: ${key}` : type === "written" ? "Marked by the teacher" : "No answer: graded by hand"}
      {type === "multiple" && key ? ` (${s.scoring === "partial" ? "partial credit" : "all or nothing"})` : ""}
    </Text>
  );
}
