import { Link, useLocation } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { AdminRecord } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { recordColor, recordStatus } from "@adesua/domain/rules";
import { formatDateTime } from "@/lib/format";
import { staffBase } from "@/lib/staff-area";
import { QuizFilterSelect } from "@/components/quiz-filter-select";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CardList, ListBody, useListFilters } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
import { useAllRecords, useDeleteRecord, useQuizChoices } from "../api/records-admin";
import { OnPaperBadge } from "./on-paper-badge";

const PAGE_SIZE = 20;

/** records: every quiz record the viewer keeps (teachers: of their courses), newest first, with New Record, Edit and Delete. */
export function RecordsAdminPage() {
  const base = staffBase(useLocation().pathname);
  const f = useListFilters({ quizId: null as string | null });
  const quizId = f.filters.quizId;
  const quizzes = useQuizChoices();
  const list = useAllRecords({ page: f.page, limit: PAGE_SIZE, search: f.query || undefined, quizId: quizId ? Number(quizId) : null });
  const del = useDeleteRecord();
  const deleting = useConfirmDelete<AdminRecord>(del, { done: (r) => `Deleted the record of ${r.user.name}`, failed: "Delete failed" });

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
        <TextInput label="Search students" placeholder="Student name" {...f.searchInput} miw={200} />
        <QuizFilterSelect quizzes={quizzes.data?.data} value={quizId} onChange={(v) => f.set({ quizId: v })} miw={200} />
      </Group>
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage="Failed to load records"
        empty={{ title: "No records found.", message: "Records appear when students submit quizzes, or add one by hand." }}
        filtered={f.filtered && { message: "No record matches these filters." }}
        pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Records pages" }}
      >
        {(rows) => (
          <CardList rows={rows}>
            {(r) => (
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
                      <OnPaperBadge row={r} />
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
                        onClick={() => deleting.ask(r)}
                        aria-label={`Delete record of ${r.user.name}, ${r.quiz.title}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            )}
          </CardList>
        )}
      </ListBody>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete record"
        message={M.confirmDeleteRecord}
        details={
          deleting.target
            ? `${deleting.target.user.name} · ${deleting.target.quiz.title}${deleting.target.submissionId !== null ? ": this record came from a submission, whose grade is deleted with it." : ""}`
            : undefined
        }
      />
    </Stack>
  );
}
