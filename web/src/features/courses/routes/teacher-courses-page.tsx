import { useState } from "react";
import { Link } from "react-router";
import { Button, SimpleGrid, Stack } from "@mantine/core";
import { useAuth } from "@/lib/auth";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { COURSES_LOAD_FAILED, useCourses } from "../api/courses";
import { CourseCard } from "../components/course-card";

const PAGE_SIZE = 12;

/** /teachers/dashboard/courses: the courses this teacher teaches, with New Course and Edit. */
export function TeacherCoursesPage() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const courses = useCourses({ page, limit: PAGE_SIZE, teacherId: user?.id }, !!user);
  const newCourse = (
    <Button component={Link} to="/teachers/dashboard/courses/new">
      New Course
    </Button>
  );

  return (
    <Stack>
      <PageHeader title="My Courses" subtitle="The courses you teach. Quizzes go into one of these." actions={newCourse} />
      {courses.isPending && <ListSkeleton />}
      {courses.isError && <ErrorState message={COURSES_LOAD_FAILED} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />}
      {courses.data && courses.data.data.length === 0 && (
        <EmptyState
          title="You are not teaching any course yet"
          message="Create a course here, or ask your administrator to assign you to one. You need a course before you can create quizzes."
          action={newCourse}
        />
      )}
      {courses.data && courses.data.data.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {courses.data.data.map((c) => (
              <CourseCard
                key={c.id}
                course={c}
                showTeacher={false}
                actions={
                  <>
                    <Button component={Link} to={`/teachers/dashboard/courses/${c.id}/edit`} size="xs" variant="light" aria-label={`Edit ${c.title}`}>
                      Edit
                    </Button>
                    <Button
                      component={Link}
                      to={`/teachers/dashboard/quizzes?courseId=${c.id}`}
                      size="xs"
                      variant="default"
                      aria-label={`Quizzes of ${c.title}`}
                    >
                      Quizzes
                    </Button>
                  </>
                }
              />
            ))}
          </SimpleGrid>
          <PaginationFooter total={courses.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Course pages" />
        </>
      )}
    </Stack>
  );
}
