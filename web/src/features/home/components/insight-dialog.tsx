import { useState } from "react";
import { Link } from "react-router";
import { Anchor, Badge, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import type { InsightKind, TeacherInsightStudent } from "@adesua/domain";
import { STUDENT_TYPE_LABELS } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PaginationFooter } from "@/components/pagination-footer";
import { useInsightStudents } from "../api/teacher-home";

const PAGE_SIZE = 20;
const pct = (n: number | null) => (n === null ? "—" : `${n.toFixed(1)}%`);

function StudentLine({ s }: { s: TeacherInsightStudent }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="insight-student">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* The student's own performance page: their history, chart and table. */}
          <Anchor component={Link} to={`/teachers/dashboard/performance/${s.studentId}`} fw={600} style={{ overflowWrap: "anywhere" }}>
            {s.name}
          </Anchor>
          <Text size="sm" fw={600}>
            {pct(s.averageScore)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {s.studentType ? STUDENT_TYPE_LABELS[s.studentType] : "No level"} · {s.quizCount === 1 ? "1 quiz" : `${s.quizCount} quizzes`} · last active{" "}
          {formatDateTime(s.lastActivity, "never")}
        </Text>
        {(s.belowPassMark || s.falling) && (
          <Group gap={6}>
            {s.belowPassMark && (
              <Badge color="red" variant="light">
                Below pass mark {pct(s.passMark)}
              </Badge>
            )}
            {s.falling && (
              <Badge color="orange" variant="light">
                Falling: {s.recentScores.map((x) => x.toFixed(0)).join(" → ")}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The students behind one of the teacher home's insight figures, by name, each linking to their performance. */
export function InsightDialog({ kind, title, onClose }: { kind: InsightKind | null; title: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useInsightStudents(kind, page, PAGE_SIZE);
  return (
    <Modal
      opened={kind !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={title}
      size="lg"
    >
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, "Failed to load the students")} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No students here yet." />
      ) : (
        <Stack gap="sm" aria-busy={list.isFetching}>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.data.data.map((s) => (
              <StudentLine key={s.studentId} s={s} />
            ))}
          </Stack>
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Students pages" />
        </Stack>
      )}
    </Modal>
  );
}
