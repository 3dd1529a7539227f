import { useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { recordColor, recordStatus, type RecordStatus } from "@adesua/domain/rules";
import type { QuizRecord } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { CardList, ListBody } from "@/components/list-page";
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
  return (
    <Stack>
      <PageHeader title="My Records" subtitle="Your quiz results, newest first." />
      <ListBody
        query={records}
        rows={records.data?.data}
        loading={4}
        errorMessage="Failed to load records. Please try again later."
        retrying
        empty={{
          title: "No records yet",
          message: "Your results appear here after you submit a quiz.",
          action: (
            <Button component={Link} to="/students/dashboard/quizzes" variant="light">
              Browse quizzes
            </Button>
          ),
        }}
        pager={{ total: records.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Records pages" }}
        gap="md"
      >
        {(rows) => (
          <CardList rows={rows} cols={{ base: 1, sm: 2 }}>
            {(r) => <RecordCard key={r.id} record={r} />}
          </CardList>
        )}
      </ListBody>
    </Stack>
  );
}
