import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { Course, QuizListItem, StudentSubjectAverage } from "@adesua/domain";
import { scoreColor } from "@adesua/domain/rules";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useNow } from "@/lib/use-now";
import { Greeting } from "@/components/greeting";
import { useHomeCourses, useHomeLibrary, useHomeQuizzes, useStudentSummary } from "../api/student-home";
import { downloadStoredFile } from "@/lib/download";
import { availableQuizzes, homeStats } from "../lib/stats";
import { QuizAttemptAction } from "@/components/quiz-attempt-action";

const BASE = "/students/dashboard";

function StatCard({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {loading ? (
        // As tall as the figure (26 px × line height 1.3), so nothing moves when it arrives.
        <Skeleton height={26 * 1.3} width="60%" />
      ) : (
        <Text fz={26} fw={700} lh={1.3} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function QuizRow({ quiz, now, serverNow, receivedAt }: { quiz: QuizListItem; now: Date; serverNow: string; receivedAt: number }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="li" py={6} style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {quiz.title}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {quiz.course.title}
        </Text>
        <Text size="xs" c="dimmed">
          {quiz.closeTime ? `Due ${formatDateTime(quiz.closeTime)}` : "No due date"}
        </Text>
      </Stack>
      <div style={{ flex: "none", maxWidth: "60%" }}>
        {/* Start leads to the pre-start screen (the quiz detail); an attempt in progress shows its time left and Resume. */}
        <QuizAttemptAction
          quiz={quiz}
          now={now}
          serverNow={serverNow}
          receivedAt={receivedAt}
          startTo={`${BASE}/quizzes/${quiz.id}`}
          attemptTo={`${BASE}/quizzes/${quiz.id}/attempt`}
        />
      </div>
    </Group>
  );
}

function CourseRow({ course }: { course: Course }) {
  return (
    <Paper
      component={Link}
      to={`${BASE}/courses/${course.id}`}
      withBorder
      p="sm"
      radius="md"
      style={{ textDecoration: "none", color: "inherit", display: "block" }}
    >
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {course.title}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {course.teacher ? `Teacher: ${course.teacher.name}` : course.description || "No teacher assigned yet"}
      </Text>
    </Paper>
  );
}

/** One subject's average: the figure, and a bar in the records screens' colours (the figure is what is read). */
function SubjectRow({ s }: { s: StudentSubjectAverage }) {
  const color = scoreColor(s.averageScore);
  return (
    <li aria-label={`${s.subject}: average ${s.averageScore.toFixed(2)}% over ${s.records} ${s.records === 1 ? "result" : "results"}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline">
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          {s.subject}
        </Text>
        <Text size="sm" fw={700} style={{ flex: "none" }}>
          {s.averageScore.toFixed(2)}%
        </Text>
      </Group>
      <div aria-hidden="true" style={{ height: 6, borderRadius: 3, background: "var(--mantine-color-gray-2)", marginTop: 4 }}>
        <div
          style={{
            height: "100%",
            width: `${Math.min(100, Math.max(0, s.averageScore))}%`,
            borderRadius: 3,
            background: `var(--mantine-color-${color}-6)`,
          }}
        />
      </div>
      <Text size="xs" c="dimmed" mt={2}>
        {s.records} {s.records === 1 ? "result" : "results"}
      </Text>
    </li>
  );
}

/** The spec's student performance section: the student's own average per subject, from the server's summary. */
function Performance({ subjects, loading, failed }: { subjects: StudentSubjectAverage[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <Section title="My Performance">
      {loading ? (
        <Stack gap="xs" role="status" aria-label="Loading your performance">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : failed || !subjects ? (
        <Text size="sm" c="dimmed">
          Your averages could not be loaded.
        </Text>
      ) : subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scores yet. Your average in each subject appears here once a quiz is scored.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Your average score in each subject.
          </Text>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="subject-averages">
            {subjects.map((s) => (
              <SubjectRow key={s.courseId} s={s} />
            ))}
          </Stack>
        </>
      )}
    </Section>
  );
}

/** The library's latest titles (spec: the student home's library list), each downloadable; says so when there are none. */
function LibraryList() {
  const library = useHomeLibrary();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Section title="Library">
      {library.isPending ? (
        <Skeleton height={20} role="status" aria-label="Loading the library" />
      ) : library.isError ? (
        <Text size="sm" c="dimmed">
          The library could not be loaded.
        </Text>
      ) : library.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="library-empty">
          No library items yet. Your courses&apos; materials and the papers of closed quizzes appear here.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {library.data.data.map((item) => (
            <li key={item.id}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setFailed(null);
                  downloadStoredFile(item.downloadPath, item.fileName).catch((err) => setFailed(errorText(err, "Could not download the file")));
                }}
              >
                {item.title}
              </Anchor>{" "}
              <Text span size="xs" c="dimmed">
                {item.course.title}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {failed}
        </Text>
      )}
    </Section>
  );
}

/** /students/dashboard: greeting, stat cards, quizzes open now, quick actions, the first courses, the average per subject and the library. */
export function StudentHomePage() {
  const { user } = useAuth();
  const now = useNow(60_000);
  const quizzes = useHomeQuizzes();
  const summary = useStudentSummary();
  const courses = useHomeCourses();

  const quizList = quizzes.data?.data ?? [];
  // Spec: dashboard failures show zeros or empty lists (with a way to try again).
  const stats = homeStats(summary.data);
  const open = availableQuizzes(quizList, now);
  const serverNow = quizzes.data?.serverNow ?? new Date(quizzes.dataUpdatedAt).toISOString();

  return (
    <Stack gap="md">
      <Greeting name={user?.name ?? ""} subtitle="Ready to learn today?" />

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="Total Quizzes" value={String(stats.total)} loading={summary.isPending} />
        <StatCard label="Completed" value={String(stats.completed)} loading={summary.isPending} />
        <StatCard label="Pending" value={String(stats.pending)} loading={summary.isPending} />
        <StatCard label="Average Score" value={stats.averageScore === null ? "—" : `${stats.averageScore.toFixed(2)}%`} loading={summary.isPending} />
      </SimpleGrid>
      {(quizzes.isError || summary.isError) && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorText(quizzes.error ?? summary.error, "Some of your results could not be loaded.")}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => {
                void quizzes.refetch();
                void summary.refetch();
              }}
            >
              Try Again
            </Button>
          </Group>
        </Alert>
      )}

      <Section
        title="Available Quizzes"
        action={
          quizzes.data && (
            <Anchor component={Link} to={`${BASE}/quizzes`} size="sm">
              View all {quizzes.data.meta.total} quizzes
            </Anchor>
          )
        }
      >
        {quizzes.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading quizzes">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : open.length === 0 ? (
          <Text size="sm" c="dimmed">
            No quizzes are open right now.
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {open.map((q) => (
              <QuizRow key={q.id} quiz={q} now={now} serverNow={serverNow} receivedAt={quizzes.dataUpdatedAt} />
            ))}
          </Stack>
        )}
      </Section>

      <SimpleGrid cols={2} spacing="sm">
        <Button component={Link} to={`${BASE}/courses`} size="md" px={8} variant="light" fullWidth>
          My Courses
        </Button>
        <Button component={Link} to={`${BASE}/records`} size="md" px={8} variant="light" fullWidth>
          View Records
        </Button>
      </SimpleGrid>

      <Section title="My Courses">
        {courses.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="status" aria-label="Loading courses">
            <Skeleton height={64} />
            <Skeleton height={64} />
          </SimpleGrid>
        ) : courses.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {errorText(courses.error, "Failed to load courses. Please try again later.")}
          </Text>
        ) : courses.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No courses yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {courses.data.data.slice(0, 4).map((c) => (
              <CourseRow key={c.id} course={c} />
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Performance subjects={summary.data?.subjects} loading={summary.isPending} failed={summary.isError} />

      <LibraryList />
    </Stack>
  );
}
