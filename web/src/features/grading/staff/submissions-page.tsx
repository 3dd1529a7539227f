import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { formatDateTime } from "@/lib/format";
import { staffBase } from "@/lib/staff-area";
import { QuizFilterSelect } from "@/components/quiz-filter-select";
import { CardList, ListBody } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useQuizOptions, useSubmissions } from "../api/grading";
import { useLateAnswersWaiting } from "./late-answers-panel";
import { OnPaperBadge } from "./on-paper-badge";

const PAGE_SIZE = 20;

/**
 * The submissions waiting for a teacher: teachers' quizzes/:quizId/submissions (one quiz), admins'
 * submissions (every quiz, with a quiz filter). Each links to the quiz's Grade Quiz screen.
 */
export function SubmissionsPage() {
  const params = useParams();
  const fixedQuiz = params.quizId ? Number(params.quizId) : null;
  const base = staffBase(useLocation().pathname);
  const [page, setPage] = useState(1);
  const [quizFilter, setQuizFilter] = useState<string | null>(null);
  const quizId = fixedQuiz ?? (quizFilter ? Number(quizFilter) : null);
  const quizzes = useQuizOptions(null);
  const list = useSubmissions({ page, limit: PAGE_SIZE, quizId, status: "ungraded", sortBy: "date", sortOrder: "asc" });
  const lateWaiting = useLateAnswersWaiting(quizId);
  const quizTitle = fixedQuiz ? (quizzes.data?.data.find((q) => q.id === fixedQuiz)?.title ?? list.data?.data[0]?.quiz.title) : null;

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader
        title="Submissions"
        subtitle={quizTitle ? `Waiting for a grade: ${quizTitle}` : "Submissions with answers waiting for a teacher's grade."}
        actions={
          fixedQuiz ? (
            <Button component={Link} to={`${base}/quiz/${fixedQuiz}/grade`}>
              Grade Quiz
            </Button>
          ) : undefined
        }
      />
      {!fixedQuiz && (
        <QuizFilterSelect
          quizzes={quizzes.data?.data}
          value={quizFilter}
          onChange={(v) => {
            setQuizFilter(v);
            setPage(1);
          }}
          maw={360}
        />
      )}
      {quizId !== null && lateWaiting > 0 && (
        <Alert color="orange" variant="light" title="Answers that arrived after the deadline" data-testid="late-answers-flag">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {lateWaiting} {lateWaiting === 1 ? "answer reached" : "answers reached"} the school after the time was up and{" "}
              {lateWaiting === 1 ? "waits" : "wait"} for your decision.
            </Text>
            <Button size="xs" component={Link} to={`${base}/quiz/${quizId}/grade`}>
              Review late answers
            </Button>
          </Group>
        </Alert>
      )}
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage={M.gradesLoadFailed}
        empty={{ title: M.noSubmissions }}
        pager={{ total: list.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Submissions pages" }}
      >
        {(rows) => (
          <CardList rows={rows}>
            {(s) => (
              <Paper key={s.id} withBorder p="md" radius="md" component="li" aria-label={`${s.user.name}, ${s.quiz.title}`} data-testid="submission-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700}>{s.user.name}</Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {s.quiz.title} · {s.course.title} · {formatDateTime(s.createdAt)}
                    </Text>
                    <Group gap="xs">
                      <OnPaperBadge row={s} />
                      <Badge color="yellow" variant="light">
                        {s.ungradedCount} {s.ungradedCount === 1 ? "answer" : "answers"} to mark
                      </Badge>
                      <Text size="sm">
                        Automatic part: {s.correct} of {s.total}
                      </Text>
                    </Group>
                  </Stack>
                  <Button size="xs" component={Link} to={`${base}/quiz/${s.quizId}/grade`} aria-label={`Grade ${s.user.name}'s ${s.quiz.title}`}>
                    Grade
                  </Button>
                </Group>
              </Paper>
            )}
          </CardList>
        )}
      </ListBody>
    </Stack>
  );
}
