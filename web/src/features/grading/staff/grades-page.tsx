import { useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { Group, Select, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { SubmissionItem } from "@adesua/domain";
import { GRADING_MESSAGES as M, type SubmissionSort } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { QuizFilterSelect } from "@/components/quiz-filter-select";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { useCourseOptions, useDeleteSubmission, useQuizOptions, useSubmissions } from "../api/grading";
import { TablePickerSlot } from "../table-picker-slot";
import { EditGradeDialog } from "./edit-grade-dialog";
import { GradesList, type Sort } from "./grades-list";

const PAGE_SIZE = 20;

/**
 * grade: Grades Management. Search students by name, course and quiz filters, sortable columns, score
 * bars, Edit and Delete (with the spec's confirmation); the server filters, sorts and pages.
 * `tablePicker` is the gradebook's table picker ("Teachers can pick a table"), passed in by the app.
 */
export function GradesPage({ tablePicker }: { tablePicker?: ComponentType | null }) {
  const base = staffBase(useLocation().pathname);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [quizId, setQuizId] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ by: "date", order: "desc" });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SubmissionItem | null>(null);
  const [deleting, setDeleting] = useState<SubmissionItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const courses = useCourseOptions();
  const quizzes = useQuizOptions(courseId ? Number(courseId) : null);
  const del = useDeleteSubmission();
  const list = useSubmissions({
    page,
    limit: PAGE_SIZE,
    search: debounced || undefined,
    courseId: courseId ? Number(courseId) : null,
    quizId: quizId ? Number(quizId) : null,
    sortBy: sort.by,
    sortOrder: sort.order,
  });

  const onSort = (by: SubmissionSort) => {
    setSort((s) => (s.by === by ? { by, order: s.order === "asc" ? "desc" : "asc" } : { by, order: by === "score" || by === "date" ? "desc" : "asc" }));
    setPage(1);
  };

  async function doDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await del.mutateAsync(deleting.id);
      notifications.show({ color: "green", message: `Deleted the grade of ${deleting.user.name}` });
      setDeleting(null);
    } catch (err) {
      setDeleteError(errorText(err, "Delete failed"));
    }
  }

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader title="Grades Management" subtitle="Every grade of your quizzes: search, filter, sort, edit or delete." />
      <TablePickerSlot picker={tablePicker} />
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
        <Select
          label="Course"
          placeholder="All courses"
          clearable
          searchable
          data={(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
          value={courseId}
          onChange={(v) => {
            setCourseId(v);
            setQuizId(null);
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
        <ErrorState message={errorText(list.error, M.gradesLoadFailed)} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title="No grades found."
          message={debounced || courseId || quizId ? "No grade matches these filters." : "Grades appear here once students submit quizzes."}
        />
      ) : (
        <Stack gap="sm">
          <GradesList rows={list.data.data} sort={sort} onSort={onSort} onEdit={setEditing} onDelete={setDeleting} base={base} />
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Grades pages" />
        </Stack>
      )}
      <EditGradeDialog item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete grade"
        message={M.confirmDeleteGrade}
        details={deleting ? `${deleting.user.name} · ${deleting.quiz.title}: the grade and its record are removed.` : undefined}
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
