import { useState } from "react";
import { Link } from "react-router";
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import type { Course } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListBody, useListFilters } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
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
  const f = useListFilters({});
  const courses = useCourses({ page: f.page, limit: PAGE_SIZE, search: f.query || undefined });
  const stats = useCourseStats();
  const del = useDeleteCourse();
  const [assigning, setAssigning] = useState<Course | null>(null);
  const deleting = useConfirmDelete<Course>(del, {
    done: (c) => `Deleted ${c.title}`,
    failed: DELETE_COURSE_FAILED,
    // The last one on a later page: step back a page.
    after: () => courses.data && courses.data.data.length === 1 && f.page > 1 && f.setPage(f.page - 1),
  });

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
      <TextInput label="Search courses" type="search" placeholder="Search by title or description" {...f.searchInput} maw={480} />
      <ListBody
        query={courses}
        rows={courses.data?.data}
        errorMessage={COURSES_LOAD_FAILED}
        serverError={false}
        retrying
        empty={{
          title: "No courses yet",
          message: "Create the first course of your school.",
          action: (
            <Button component={Link} to="/admin/dashboard/course/new" size="xs">
              New Course
            </Button>
          ),
        }}
        filtered={f.filtered && { title: "No courses match your search", message: "Try another word." }}
        pager={{ total: courses.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Course pages" }}
        gap="md"
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={courses.isPlaceholderData}>
            {rows.map((c) => {
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
                        <Button size="xs" variant="light" color="red" onClick={() => deleting.ask(c)} aria-label={`Delete ${c.title}`}>
                          Delete
                        </Button>
                      )}
                    </>
                  }
                />
              );
            })}
          </SimpleGrid>
        )}
      </ListBody>
      <AssignTeacherDialog course={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete course"
        message={DELETE_COURSE_CONFIRM}
        details={deleting.target && <>{deleting.target.title}, its quizzes and the students' attempts at them will be removed. This cannot be undone.</>}
      />
    </Stack>
  );
}
