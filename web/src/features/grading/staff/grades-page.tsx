import { useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { Group, Select, Stack, TextInput } from "@mantine/core";
import type { SubmissionItem } from "@adesua/domain";
import { GRADING_MESSAGES as M, type SubmissionSort } from "@adesua/domain/constants";
import { staffBase } from "@/lib/staff-area";
import { QuizFilterSelect } from "@/components/quiz-filter-select";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListBody, useListFilters } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
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
  const f = useListFilters({ courseId: null as string | null, quizId: null as string | null });
  const { courseId, quizId } = f.filters;
  const [sort, setSort] = useState<Sort>({ by: "date", order: "desc" });
  const [editing, setEditing] = useState<SubmissionItem | null>(null);
  const courses = useCourseOptions();
  const quizzes = useQuizOptions(courseId ? Number(courseId) : null);
  const del = useDeleteSubmission();
  const deleting = useConfirmDelete<SubmissionItem>(del, { done: (s) => `Deleted the grade of ${s.user.name}`, failed: "Delete failed" });
  const list = useSubmissions({
    page: f.page,
    limit: PAGE_SIZE,
    search: f.query || undefined,
    courseId: courseId ? Number(courseId) : null,
    quizId: quizId ? Number(quizId) : null,
    sortBy: sort.by,
    sortOrder: sort.order,
  });

  const onSort = (by: SubmissionSort) => {
    setSort((s) => (s.by === by ? { by, order: s.order === "asc" ? "desc" : "asc" } : { by, order: by === "score" || by === "date" ? "desc" : "asc" }));
    f.setPage(1);
  };

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader title="Grades Management" subtitle="Every grade of your quizzes: search, filter, sort, edit or delete." />
      <TablePickerSlot picker={tablePicker} />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput label="Search students" placeholder="Student name" {...f.searchInput} miw={200} />
        <Select
          label="Course"
          placeholder="All courses"
          clearable
          searchable
          data={(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
          value={courseId}
          onChange={(v) => f.set({ courseId: v, quizId: null })}
          miw={200}
        />
        <QuizFilterSelect quizzes={quizzes.data?.data} value={quizId} onChange={(v) => f.set({ quizId: v })} miw={200} />
      </Group>
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage={M.gradesLoadFailed}
        empty={{ title: "No grades found.", message: "Grades appear here once students submit quizzes." }}
        filtered={f.filtered && { message: "No grade matches these filters." }}
        pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Grades pages" }}
      >
        {(rows) => <GradesList rows={rows} sort={sort} onSort={onSort} onEdit={setEditing} onDelete={deleting.ask} base={base} />}
      </ListBody>
      <EditGradeDialog item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete grade"
        message={M.confirmDeleteGrade}
        details={deleting.target ? `${deleting.target.user.name} · ${deleting.target.quiz.title}: the grade and its record are removed.` : undefined}
      />
    </Stack>
  );
}
