import { useEffect, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Button, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { COURSES_LOAD_FAILED, useCourses } from "../api/courses";
import { CourseCard } from "../components/course-card";

export const STUDENT_COURSES_PAGE_SIZE = 12;

/** /students/dashboard/courses: every course, searchable, 12 a page; page and search live in the address. */
export function StudentCoursesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
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
      {courses.isPending && <ListSkeleton />}
      {courses.isError && <ErrorState message={COURSES_LOAD_FAILED} onRetry={() => void courses.refetch()} retrying={courses.isFetching} />}
      {courses.data && courses.data.data.length === 0 && (
        <EmptyState
          title={query ? "No courses match your search" : "No courses yet"}
          message={query ? `Nothing found for "${query}". Try another word.` : "Your teachers have not added any courses yet."}
          action={
            query ? (
              <Button variant="light" size="xs" onClick={() => setSearch("")}>
                Clear search
              </Button>
            ) : undefined
          }
        />
      )}
      {courses.data && courses.data.data.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={courses.isPlaceholderData}>
            {courses.data.data.map((c) => (
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
          <PaginationFooter total={courses.data.pagination.total} page={page} pageSize={STUDENT_COURSES_PAGE_SIZE} onChange={setPage} label="Course pages" />
        </>
      )}
    </Stack>
  );
}
