import { useState } from "react";
import { Link } from "react-router";
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { Course } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { COURSES_LOAD_FAILED, useCourses, useCourseStats, useDeleteCourse } from "../api/courses";
import { CourseCard } from "../components/course-card";
import { AssignTeacherDialog } from "../forms/assign-teacher-dialog";

const PAGE_SIZE = 12;
export const DELETE_COURSE_FAILED = "Failed to delete course";
export const DELETE_COURSE_CONFIRM = "Are you sure you want to delete this course?";

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={28} width={40} mt={4} />
      ) : (
        <Text fw={800} size="xl" aria-label={`${label}: ${value}`}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** /admin/dashboard/courses: counts, every course, New Course, edit, assign or change teacher, delete. */
export function AdminCoursesPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const courses = useCourses({ page, limit: PAGE_SIZE, search: debounced || undefined });
  const stats = useCourseStats();
  const del = useDeleteCourse();
  const [assigning, setAssigning] = useState<Course | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function doDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await del.mutateAsync(deleting.id);
      notifications.show({ color: "green", message: `Deleted ${deleting.title}` });
      setDeleting(null);
      if (courses.data && courses.data.data.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      setDeleteError(errorText(err, DELETE_COURSE_FAILED));
    }
  }

  return (
    <Stack>
      <PageHeader
        title="Course Management"
        subtitle="Create courses, give each one a teacher, and keep the list tidy."
        actions={
          <Button component={Link} to="/admin/dashboard/course/new">
            New Course
          </Button>
        }
      />
      <SimpleGrid cols={3} spacing="xs" aria-label="Course counts">
        <Stat label="Total" value={stats.data?.total} />
        <Stat label="Assigned" value={stats.data?.assigned} />
        <Stat label="Unassigned" value={stats.data?.unassigned} />
      </SimpleGrid>
      <TextInput
        label="Search courses"
        type="search"
        placeholder="Search by title or description"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={480}
      />
      {courses.isPending && <ListSkeleton />}
      {courses.isError && <ErrorState message={COURSES_LOAD_FAILED} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />}
      {courses.data && courses.data.data.length === 0 && (
        <EmptyState
          title={debounced ? "No courses match your search" : "No courses yet"}
          message={debounced ? "Try another word." : "Create the first course of your school."}
          action={
            !debounced && (
              <Button component={Link} to="/admin/dashboard/course/new" size="xs">
                New Course
              </Button>
            )
          }
        />
      )}
      {courses.data && courses.data.data.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={courses.isPlaceholderData}>
            {courses.data.data.map((c) => {
              const canEdit = isAdmin || c.teacherId === user?.id;
              return (
                <CourseCard
                  key={c.id}
                  course={c}
                  actions={
                    <>
                      {canEdit && (
                        <Button component={Link} to={`/admin/dashboard/course/${c.id}/edit`} size="xs" variant="light" aria-label={`Edit ${c.title}`}>
                          Edit
                        </Button>
                      )}
                      {isAdmin && (
                        <Button
                          size="xs"
                          variant="light"
                          color="blue"
                          onClick={() => setAssigning(c)}
                          aria-label={`${c.teacherId ? "Change teacher of" : "Assign teacher to"} ${c.title}`}
                        >
                          {c.teacherId ? "Change teacher" : "Assign teacher"}
                        </Button>
                      )}
                      {isAdmin && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(c);
                          }}
                          aria-label={`Delete ${c.title}`}
                        >
                          Delete
                        </Button>
                      )}
                    </>
                  }
                />
              );
            })}
          </SimpleGrid>
          <PaginationFooter total={courses.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Course pages" />
        </>
      )}
      <AssignTeacherDialog course={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete course"
        message={DELETE_COURSE_CONFIRM}
        details={deleting && <>{deleting.title}, its quizzes and the students' attempts at them will be removed. This cannot be undone.</>}
        loading={del.isPending}
        error={deleteError}
        onConfirm={() => void doDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
