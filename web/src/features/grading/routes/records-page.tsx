import { useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { recordColor, recordStatus, type RecordStatus } from "@adesua/domain/rules";
import type { QuizRecord } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PaginationFooter } from "@/components/pagination-footer";
import { useRecords } from "../api/records";

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<RecordStatus, string> = { Passed: "green", Failed: "red", Completed: "blue" };

export const formatScore = (score: number | null) => (score === null ? "—" : `${score.toFixed(2)}%`);

function attemptsText(r: QuizRecord): string {
  return r.quiz.maxAttempts === null ? `Attempt ${r.userAttempts} · unlimited` : `Attempt ${r.userAttempts} of ${r.quiz.maxAttempts}`;
}

function RecordCard({ record }: { record: QuizRecord }) {
  // A quiz that shows scores only after it closes: the record says only "Submitted" until then (decision 041).
  const hidden = record.scoreHidden;
  const status = hidden ? null : recordStatus(record);
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="record">
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {record.quiz.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {record.quiz.course.title}
            </Text>
          </Stack>
          <Badge color={status ? STATUS_COLOR[status] : "gray"} variant="light" style={{ flex: "none" }}>
            {status ?? "Submitted"}
          </Badge>
        </Group>
        {hidden ? (
          <Text size="sm">Your score appears here once the quiz has closed.</Text>
        ) : (
          <Group gap="sm" wrap="wrap">
            <Badge color={recordColor(record)} variant="filled" size="lg" autoContrast aria-label={`Score ${formatScore(record.score)}`}>
              {formatScore(record.score)}
            </Badge>
            <Text size="sm">
              {record.correct} / {record.total} correct
            </Text>
            {record.isPersonalBest && (
              <Badge color="grape" variant="light">
                Personal best
              </Badge>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {attemptsText(record)} · {formatDateTime(record.createdAt, "No Date")}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /students/dashboard/records: the student's own records with status and a coloured score. */
export function RecordsPage() {
  const [page, setPage] = useState(1);
  const records = useRecords({ page, limit: PAGE_SIZE });
  const list = records.data?.data ?? [];
  return (
    <Stack>
      <PageHeader title="My Records" subtitle="Your quiz results, newest first." />
      {records.isPending && <ListSkeleton count={4} />}
      {records.isError && (
        <ErrorState
          message={errorText(records.error, "Failed to load records. Please try again later.")}
          onRetry={() => void records.refetch()}
          retrying={records.isFetching}
        />
      )}
      {records.data && list.length === 0 && (
        <EmptyState
          title="No records yet"
          message="Your results appear here after you submit a quiz."
          action={
            <Button component={Link} to="/students/dashboard/quizzes" variant="light">
              Browse quizzes
            </Button>
          }
        />
      )}
      {list.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {list.map((r) => (
            <RecordCard key={r.id} record={r} />
          ))}
        </SimpleGrid>
      )}
      {records.data && <PaginationFooter total={records.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Records pages" />}
    </Stack>
  );
}
