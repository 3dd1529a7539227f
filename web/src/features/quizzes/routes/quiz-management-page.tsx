import { Link } from "react-router";
import { Alert, Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { quizTimeStatus } from "@adesua/domain/rules";
import { STUDENT_TYPE_LABELS } from "@adesua/domain/constants";
import type { QuizListItem } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { useNow } from "@/lib/use-now";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListBody, pageParam } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
import { NO_COURSE_HINT, QUIZ_DELETE_FAILED, QUIZZES_LOAD_FAILED, useCourseOptions, useQuizzes } from "../api/quizzes";
import { useDeleteQuiz } from "../api/quiz-mutations";
import { useStaffArea } from "../components/area";
import { QuizStatusBadge } from "../components/quiz-status-badge";
import { DraftBadge, PublicationButton } from "../components/publication";
import { useQueryParams } from "@/lib/use-query-params";

export const MANAGEMENT_PAGE_SIZE = 10;
export const DELETE_QUIZ_CONFIRM = "Are you sure you want to delete this quiz?";

/** /teachers/dashboard/quizzes and /admin/dashboard/quizzes: 10 a page with Publish (or Unpublish), View, Attempt, Edit, Delete, New Quiz and Upload Quiz. */
export function QuizManagementPage() {
  const { user } = useAuth();
  const area = useStaffArea();
  const isTeacher = user?.role === "teacher";
  const [params, update] = useQueryParams();
  const page = pageParam(params);
  const courseId = Number(params.get("courseId")) || undefined;
  const quizzes = useQuizzes({ page, limit: MANAGEMENT_PAGE_SIZE, courseId });
  // A teacher's own courses decide whether they may create quizzes at all.
  const courses = useCourseOptions(isTeacher ? user?.id : undefined, !!user);
  const noCourse = isTeacher && courses.data?.pagination.total === 0;
  const now = useNow(30_000);
  const del = useDeleteQuiz();
  const deleting = useConfirmDelete<QuizListItem>(del, {
    done: (q) => `Deleted ${q.title}`,
    failed: QUIZ_DELETE_FAILED,
    // The last one on a later page: step back a page.
    after: () => quizzes.data?.data.length === 1 && page > 1 && update({ page: String(page - 1) }),
  });

  const creating = (
    <>
      {noCourse ? (
        <Button disabled>New Quiz</Button>
      ) : (
        <Button component={Link} to={area.newQuiz}>
          New Quiz
        </Button>
      )}
      {noCourse ? (
        <Button variant="default" disabled>
          Upload Quiz
        </Button>
      ) : (
        <Button component={Link} to={area.upload} variant="default">
          Upload Quiz
        </Button>
      )}
    </>
  );
  const courseData = (courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));

  return (
    <Stack>
      <PageHeader title="Quizzes" subtitle={isTeacher ? "The quizzes of the courses you teach." : "Every quiz in the school."} actions={creating} />
      {noCourse && (
        <Alert color="orange" role="note">
          {NO_COURSE_HINT}
        </Alert>
      )}
      {courseData.length > 1 && (
        <Select
          label="Course"
          placeholder="All courses"
          clearable
          searchable
          data={courseData}
          value={courseId ? String(courseId) : null}
          onChange={(v) => update({ courseId: v, page: null })}
          maw={420}
        />
      )}
      <ListBody
        query={quizzes}
        rows={quizzes.data?.data}
        loading={4}
        errorMessage={QUIZZES_LOAD_FAILED}
        serverError={false}
        retrying
        empty={{
          title: courseId ? "No quizzes in this course yet" : "No quizzes yet",
          message: noCourse ? "Once you teach a course, its quizzes appear here." : "Create a quiz with a PDF and its questions, or upload a question file.",
          action: !noCourse && <Group justify="center">{creating}</Group>,
        }}
        pager={{
          total: quizzes.data?.meta.total ?? 0,
          page,
          pageSize: MANAGEMENT_PAGE_SIZE,
          onChange: (p) => update({ page: String(p) }),
          label: "Quiz pages",
        }}
        gap="md"
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={quizzes.isPlaceholderData}>
            {rows.map((q) => (
              <Card key={q.id} withBorder padding="md" component="article" aria-label={q.title}>
                <Stack gap={6}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      <Anchor component={Link} to={area.view(q.id)} inherit c="inherit">
                        {q.title}
                      </Anchor>
                    </Text>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <DraftBadge quiz={q} />
                      {/* A draft's window means nothing to students yet: "Active" beside "Draft" would read as live. */}
                      {q.publication !== "draft" && <QuizStatusBadge status={quizTimeStatus(q, now)} />}
                    </Group>
                  </Group>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {q.course.title}
                    </Text>
                    <Badge variant="outline" size="sm" color="gray">
                      {STUDENT_TYPE_LABELS[q.studentType]}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Opens {formatDateTime(q.openTime, "any time")} · Closes {formatDateTime(q.closeTime, "never")}
                  </Text>
                  <Text size="xs" c={q.questionCount === 0 ? "orange.8" : "dimmed"}>
                    {q.questionCount === 0 ? "No questions yet: add them in Edit" : `${q.questionCount} ${q.questionCount === 1 ? "question" : "questions"}`} ·{" "}
                    {q.timeLimit ? `${q.timeLimit} min` : "No time limit"} ·{" "}
                    {q.maxAttempts === null ? "Unlimited attempts" : `${q.maxAttempts} ${q.maxAttempts === 1 ? "attempt" : "attempts"}`}
                  </Text>
                  {q.publication === "draft" && (
                    <Text size="xs" c="orange.9" fw={600}>
                      Students cannot see it until you publish it.
                    </Text>
                  )}
                  <Group gap="xs" wrap="wrap" mt={4}>
                    {q.publication === "draft" && <PublicationButton quiz={q} size="xs" />}
                    <Button component={Link} to={area.view(q.id)} size="xs" variant="light" aria-label={`View ${q.title}`}>
                      View
                    </Button>
                    <Button component={Link} to={area.attempt(q.id)} size="xs" variant="default" aria-label={`Attempt ${q.title}`}>
                      Attempt
                    </Button>
                    <Button component={Link} to={area.edit(q.id)} size="xs" variant="default" aria-label={`Edit ${q.title}`}>
                      Edit
                    </Button>
                    {q.publication !== "draft" && <PublicationButton quiz={q} size="xs" />}
                    <Button size="xs" variant="light" color="red" aria-label={`Delete ${q.title}`} onClick={() => deleting.ask(q)}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </ListBody>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete quiz"
        message={DELETE_QUIZ_CONFIRM}
        details={deleting.target && <>{deleting.target.title}, its questions and the students' attempts at it will be removed. This cannot be undone.</>}
      />
    </Stack>
  );
}
