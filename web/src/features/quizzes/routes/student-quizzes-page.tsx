import { Button, NativeSelect, SimpleGrid, Stack } from "@mantine/core";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { useNow } from "@/lib/use-now";
import { QUIZZES_LOAD_FAILED, useCourseOptions, useQuizzes } from "../api/quizzes";
import { AvailabilityCard } from "../components/availability-card";
import { useQueryParams } from "@/lib/use-query-params";

export const STUDENT_QUIZZES_PAGE_SIZE = 12;

/** /students/dashboard/quizzes[?courseId=]: the quizzes of the student's level, 12 a page, with live countdowns. */
export function StudentQuizzesPage() {
  const [params, update] = useQueryParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const courseId = Number(params.get("courseId")) || undefined;
  const quizzes = useQuizzes({ page, limit: STUDENT_QUIZZES_PAGE_SIZE, courseId });
  const courses = useCourseOptions();
  const now = useNow(30_000);

  const courseData = (courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));
  if (courseId && !courseData.some((c) => c.value === String(courseId)))
    courseData.unshift({ value: String(courseId), label: courses.isPending ? "Loading..." : `Course ${courseId}` });

  return (
    <Stack>
      <PageHeader title="Quizzes" subtitle="Quizzes for your level. Start one while it is open." />
      {/* A native select: light to download and the phone's own picker. */}
      <NativeSelect
        label="Course"
        data={[{ value: "", label: "All courses" }, ...courseData]}
        value={courseId ? String(courseId) : ""}
        onChange={(e) => update({ courseId: e.currentTarget.value || null, page: null })}
        maw={420}
      />
      {quizzes.isPending && <ListSkeleton />}
      {quizzes.isError && <ErrorState message={QUIZZES_LOAD_FAILED} onRetry={() => void quizzes.refetch()} retrying={quizzes.isFetching} />}
      {quizzes.data && quizzes.data.data.length === 0 && (
        <EmptyState
          title={courseId ? "No quizzes in this course yet" : "No quizzes for your level yet"}
          message="New quizzes appear here as soon as your teachers add them."
          action={
            courseId ? (
              <Button size="xs" variant="light" onClick={() => update({ courseId: null, page: null })}>
                Show all courses
              </Button>
            ) : undefined
          }
        />
      )}
      {quizzes.data && quizzes.data.data.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: quizzes.isPlaceholderData ? 0.6 : 1 }}>
            {quizzes.data.data.map((q) => (
              <AvailabilityCard
                key={q.id}
                quiz={q}
                now={now}
                detailTo={`/students/dashboard/quizzes/${q.id}`}
                attemptTo={`/students/dashboard/quizzes/${q.id}/attempt`}
              />
            ))}
          </SimpleGrid>
          <PaginationFooter
            total={quizzes.data.meta.total}
            page={page}
            pageSize={STUDENT_QUIZZES_PAGE_SIZE}
            onChange={(p) => update({ page: String(p) })}
            label="Quiz pages"
          />
        </>
      )}
    </Stack>
  );
}
