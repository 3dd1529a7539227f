import { useState } from "react";
import { Link } from "react-router";
import { Button, SimpleGrid, Stack } from "@mantine/core";
import { useAuth } from "@/lib/auth";
import { ListBody } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
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
      <ListBody
        query={courses}
        rows={courses.data?.data}
        errorMessage={COURSES_LOAD_FAILED}
        serverError={false}
        retrying
        empty={{
          title: "You are not teaching any course yet",
          message: "Create a course here, or ask your administrator to assign you to one. You need a course before you can create quizzes.",
          action: newCourse,
        }}
        pager={{ total: courses.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Course pages" }}
        gap="md"
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((c) => (
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
        )}
      </ListBody>
    </Stack>
  );
}
