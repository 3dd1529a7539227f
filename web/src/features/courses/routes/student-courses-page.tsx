import { useEffect, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Button, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { ListBody, pageParam } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { COURSES_LOAD_FAILED, useCourses } from "../api/courses";
import { CourseCard } from "../components/course-card";

export const STUDENT_COURSES_PAGE_SIZE = 12;

/** /students/dashboard/courses: every course, searchable, 12 a page; page and search live in the address. */
export function StudentCoursesPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const [search, setSearch] = useState(params.get("search") ?? "");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const navigation = useNavigation();

  useEffect(() => {
    // Never interrupt a navigation the user started (e.g. opening a course while typing).
    if (navigation.state !== "idle") return;
    if ((params.get("search") ?? "") === debounced) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set("search", debounced);
        else next.delete("search");
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams, navigation.state]);

  const query = params.get("search") ?? "";
  const courses = useCourses({ page, limit: STUDENT_COURSES_PAGE_SIZE, search: query || undefined });
  const setPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("page", String(p));
      return next;
    });

  return (
    <Stack>
      <PageHeader title="Courses" subtitle="Browse the courses of your school." />
      <TextInput
        label="Search courses"
        placeholder="Search by title or description"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      <ListBody
        query={courses}
        rows={courses.data?.data}
        errorMessage={COURSES_LOAD_FAILED}
        serverError={false}
        retrying
        empty={{ title: "No courses yet", message: "Your teachers have not added any courses yet." }}
        filtered={
          !!query && {
            title: "No courses match your search",
            message: `Nothing found for "${query}". Try another word.`,
            action: (
              <Button variant="light" size="xs" onClick={() => setSearch("")}>
                Clear search
              </Button>
            ),
          }
        }
        pager={{ total: courses.data?.pagination.total ?? 0, page, pageSize: STUDENT_COURSES_PAGE_SIZE, onChange: setPage, label: "Course pages" }}
        gap="md"
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={courses.isPlaceholderData}>
            {rows.map((c) => (
              <CourseCard
                key={c.id}
                course={c}
                to={`/students/dashboard/courses/${c.id}`}
                actions={
                  <Button component={Link} to={`/students/dashboard/courses/${c.id}`} size="xs" variant="light" aria-label={`Open course: ${c.title}`}>
                    Open course
                  </Button>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListBody>
    </Stack>
  );
}
