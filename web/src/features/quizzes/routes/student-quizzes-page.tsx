import { Button, SimpleGrid, Stack } from "@mantine/core";
import { PlainSelect } from "@/components/plain-select";
import type { QuizListItem } from "@adesua/domain";
import { quizTimeStatus } from "@adesua/domain/rules";
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

  const list = quizzes.data?.data ?? [];
  const isClosed = (q: QuizListItem) => !q.attemptInfo?.inProgress && quizTimeStatus(q, now) === "closed";
  const current = list.filter((q) => !isClosed(q));
  const closed = list.filter(isClosed);
  const card = (q: QuizListItem) => (
    <AvailabilityCard
      key={q.id}
      quiz={q}
      now={now}
      serverNow={quizzes.data?.serverNow ?? new Date(quizzes.dataUpdatedAt).toISOString()}
      receivedAt={quizzes.dataUpdatedAt}
      detailTo={`/students/dashboard/quizzes/${q.id}`}
      attemptTo={`/students/dashboard/quizzes/${q.id}/attempt`}
    />
  );

  const courseData = (courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));
  if (courseId && !courseData.some((c) => c.value === String(courseId)))
    courseData.unshift({ value: String(courseId), label: courses.isPending ? "Loading..." : `Course ${courseId}` });

  return (
    <Stack>
      <PageHeader title="Quizzes" subtitle="Quizzes for your level. Start one while it is open." />
      {/* A native select: light to download and the phone's own picker. */}
      <PlainSelect
        label="Course"
        options={[{ value: "", label: "All courses" }, ...courseData]}
        value={courseId ? String(courseId) : ""}
        onChange={(v) => update({ courseId: v || null, page: null })}
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
          {/* The server orders them: in progress, open (closing soonest), upcoming, closed; closed ones fold away. */}
          {current.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={quizzes.isPlaceholderData}>
              {current.map(card)}
            </SimpleGrid>
          )}
          {closed.length > 0 && (
            <details open={current.length === 0} data-testid="closed-quizzes">
              <summary style={{ cursor: "pointer", fontWeight: 700, padding: "8px 0" }}>Closed ({closed.length})</summary>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{closed.map(card)}</SimpleGrid>
            </details>
          )}
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
