import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { AdminRecord } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { recordColor, recordStatus } from "@adesua/domain/rules";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { staffBase } from "@/lib/staff-area";
import { QuizFilterSelect } from "@/components/quiz-filter-select";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { useAllRecords, useDeleteRecord, useQuizChoices } from "../api/records-admin";

const PAGE_SIZE = 20;

/** records: every quiz record the viewer keeps (teachers: of their courses), newest first, with New Record, Edit and Delete. */
export function RecordsAdminPage() {
  const base = staffBase(useLocation().pathname);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [quizId, setQuizId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminRecord | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const quizzes = useQuizChoices();
  const list = useAllRecords({ page, limit: PAGE_SIZE, search: debounced || undefined, quizId: quizId ? Number(quizId) : null });
  const del = useDeleteRecord();

  async function doDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await del.mutateAsync(deleting.id);
      notifications.show({ color: "green", message: `Deleted the record of ${deleting.user.name}` });
      setDeleting(null);
    } catch (err) {
      setDeleteError(errorText(err, "Delete failed"));
    }
  }

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader
        title="Records"
        subtitle="Quiz records of your students: passed and personal best follow every change."
        actions={
          <Button component={Link} to={`${base}/record/new`}>
            New Record
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search students"
          placeholder="Student name"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          miw={200}
        />
        <QuizFilterSelect
          quizzes={quizzes.data?.data}
          value={quizId}
          onChange={(v) => {
            setQuizId(v);
            setPage(1);
          }}
          miw={200}
        />
      </Group>
      {list.isPending ? (
        <ListSkeleton count={3} />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, "Failed to load records")} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title="No records found."
          message={debounced || quizId ? "No record matches these filters." : "Records appear when students submit quizzes, or add one by hand."}
        />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.data.data.map((r) => (
              <Paper key={r.id} component="li" withBorder p="sm" radius="md" aria-label={`${r.user.name}, ${r.quiz.title}`} data-testid="record-row">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={700}>
                      {r.user.name}
                      {r.user.className ? (
                        <Text span c="dimmed" fw={400} size="sm" data-testid="record-class">
                          {` · ${r.user.className}`}
                        </Text>
                      ) : null}
                    </Text>
                    <Group gap={6}>
                      {r.isPersonalBest && (
                        <Badge color="blue" variant="light">
                          Personal best
                        </Badge>
                      )}
                      <Badge color={recordColor(r)} variant="light">
                        {recordStatus(r)}
                      </Badge>
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {r.quiz.title} · {r.quiz.course.title} · attempt {r.userAttempts} · {formatDateTime(r.createdAt)}
                  </Text>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm">
                      Score: <strong>{r.score === null ? "—" : `${r.score.toFixed(2)}%`}</strong>
                      {r.submissionId === null ? " · entered by hand" : ""}
                    </Text>
                    <Group gap={6}>
                      <Button
                        size="compact-sm"
                        variant="light"
                        component={Link}
                        to={`${base}/record/${r.id}/edit`}
                        aria-label={`Edit record of ${r.user.name}, ${r.quiz.title}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(r)}
                        aria-label={`Delete record of ${r.user.name}, ${r.quiz.title}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Records pages" />
        </Stack>
      )}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete record"
        message={M.confirmDeleteRecord}
        details={
          deleting
            ? `${deleting.user.name} · ${deleting.quiz.title}${deleting.submissionId !== null ? ": this record came from a submission, whose grade is deleted with it." : ""}`
            : undefined
        }
        loading={del.isPending}
        error={deleteError}
        onConfirm={() => void doDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </Stack>
  );
}
