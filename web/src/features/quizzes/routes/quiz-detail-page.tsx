import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { AVAILABILITY_LABEL, countdownText, describeKey, quizTimeStatus, studentAvailability } from "@adesua/domain/rules";
import { STUDENT_TYPE_LABELS } from "@adesua/domain/constants";
import type { Quiz, StudentQuiz } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { downloadStoredFile } from "@/lib/download";
import { formatBytes, formatDateTime, marksText } from "@/lib/format";
import { useNow } from "@/lib/use-now";
import { ErrorState } from "@/components/error-state";
import { QUIZ_LOAD_ERROR_TITLE, useQuiz } from "../api/quizzes";
import { AVAILABILITY_COLOR, attemptsText } from "../components/availability-card";
import { QuizStatusBadge } from "../components/quiz-status-badge";
import { DRAFT_NOTE, DraftBadge, PublicationButton } from "../components/publication";
import { QuizAttemptAction } from "@/components/quiz-attempt-action";
import { MathText } from "@/components/math-text";
import { QuestionTypeBadge } from "@/components/forms/question-editor/question-type-badge";

const LETTERS = "ABCDE";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Group>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

const isStaffQuiz = (q: Quiz | StudentQuiz): q is Quiz => !("attemptInfo" in q);

function attemptsLeftText(info: StudentQuiz["attemptInfo"]): string {
  if (info.maxAttempts === null) return "Unlimited";
  const left = Math.max(0, info.maxAttempts - info.currentAttempts);
  return `${left} of ${info.maxAttempts}`;
}

/**
 * Quiz detail for every area: status, course, level, settings, timed sections, schedule, quick stats.
 * For a student it is also the pre-start screen (time limit, sections, attempts left, the timer
 * warning, then Start, or Resume for an attempt in progress) and never shows the questions; teachers
 * and admins get Publish (or Unpublish), Take Quiz (the spec's label; a try-out), Edit and the questions with the correct option marked.
 */
export function QuizDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  /** What the screen that created the quiz had to say (a draft's creation: issue 24 §3). */
  const created = typeof (state as { created?: unknown } | null)?.created === "string" ? (state as { created: string }).created : null;
  const { user } = useAuth();
  const quiz = useQuiz(id);
  const now = useNow(30_000);
  const [downloading, setDownloading] = useState(false);
  const student = user?.role === "student";
  const base = student ? "/students/dashboard" : pathname.startsWith("/admin/") ? "/admin/dashboard" : "/teachers/dashboard";
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(`${base}/quizzes`));

  if (quiz.isPending) {
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="60%" />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (quiz.isError) {
    return (
      <Stack>
        <ErrorState
          title={QUIZ_LOAD_ERROR_TITLE}
          message={errorText(quiz.error, (quiz.error as Error).message)}
          onRetry={() => void quiz.refetch()}
          retrying={quiz.isFetching}
        />
        <Group>
          <Button variant="default" onClick={goBack}>
            Go Back
          </Button>
        </Group>
      </Stack>
    );
  }

  const q = quiz.data;
  const staff = isStaffQuiz(q);
  const status = quizTimeStatus(q, now);
  const availability = staff ? null : studentAvailability(q, q.attemptInfo, now);
  const takeTo = `${base}/quizzes/${q.id}/attempt`;

  async function download() {
    setDownloading(true);
    try {
      await downloadStoredFile(`/quizzes/${q.id}/pdf`, q.pdf?.name ?? "quiz.pdf");
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not download the quiz file") });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {availability && !staff ? (
            <Badge color={q.attemptInfo.inProgress ? "blue" : AVAILABILITY_COLOR[availability]} variant="filled">
              {q.attemptInfo.inProgress ? "In progress" : AVAILABILITY_LABEL[availability]}
            </Badge>
          ) : q.publication === "draft" ? null : (
            <QuizStatusBadge status={status} />
          )}
          {staff && <DraftBadge quiz={q} />}
          <Badge variant="outline" color="gray">
            {STUDENT_TYPE_LABELS[q.studentType]}
          </Badge>
        </Group>
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {q.title}
        </Title>
        <Text c="dimmed">{q.course.title}</Text>
      </Stack>

      {staff && created && (
        <Alert color="green" role="status" title="Quiz created">
          {created}
        </Alert>
      )}
      {staff && q.publication === "draft" && !created && (
        <Alert color="orange" role="note">
          {DRAFT_NOTE}
        </Alert>
      )}

      {!staff && (
        <Paper withBorder p="md" component="section" aria-label="Before you start" data-testid="pre-start">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {q.attemptInfo.inProgress ? "Your attempt is running" : "Before you start"}
            </Title>
            <Row label="Time limit" value={q.timeLimit ? `${q.timeLimit} minutes` : "No time limit"} />
            {q.timedSections.map((s, i) => (
              <Row key={i} label={s.name} value={`Questions ${s.startIndex + 1}–${s.endIndex + 1}, ${s.timeLimit} min`} />
            ))}
            <Row label="Questions" value={q.questionCount} />
            <Row label="Attempts left" value={attemptsLeftText(q.attemptInfo)} />
            <Text size="sm" fw={600}>
              The timer starts when you press Start and keeps running if you leave.
            </Text>
            <QuizAttemptAction
              quiz={q}
              now={now}
              serverNow={q.serverNow}
              receivedAt={quiz.dataUpdatedAt}
              startTo={`${takeTo}?start=1`}
              attemptTo={takeTo}
              size="md"
            />
          </Stack>
        </Paper>
      )}

      <Group gap="xs" wrap="wrap">
        {staff && <PublicationButton quiz={q} />}
        {staff && (
          <Button component={Link} to={`${takeTo}?start=1`} variant={q.publication === "draft" ? "light" : "filled"}>
            Take Quiz
          </Button>
        )}
        {staff && (
          <Button component={Link} to={`${base}/quiz/${q.id}/edit`} variant="light">
            Edit
          </Button>
        )}
        {staff && (
          <Button component={Link} to={`${base}/quiz/${q.id}/grade`} variant="light">
            Grade
          </Button>
        )}
        {/* Issue 29: the quiz printed with answer sheets, scanned back by a phone (the sittings feature's page). */}
        {staff && (
          <Button component={Link} to={`${base}/quizzes/${q.id}/paper`} variant="light">
            Print as paper
          </Button>
        )}
        {/* The spec's teacher route for one quiz's submissions waiting for a grade (the admin's Submissions page filters by quiz). */}
        {staff && base === "/teachers/dashboard" && (
          <Button component={Link} to={`${base}/quizzes/${q.id}/submissions`} variant="light">
            Submissions
          </Button>
        )}
        {/* A student gets the paper only inside a running attempt of theirs, or once the quiz has closed (decision 043). */}
        {q.pdf && (staff || q.attemptInfo.inProgress || status === "closed") && (
          <Button variant="default" onClick={() => void download()} loading={downloading}>
            Download PDF
          </Button>
        )}
        <Button variant="default" onClick={goBack}>
          Back
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label="Quick stats">
        <Stat label="Questions" value={q.questionCount} />
        <Stat label="Time limit" value={q.timeLimit ? `${q.timeLimit} min` : "None"} />
        <Stat label="Max attempts" value={q.maxAttempts ?? "Unlimited"} />
        {staff ? <Stat label="Pass mark" value={`${q.passingScore}%`} /> : <Stat label="Your attempts" value={q.attemptInfo.currentAttempts} />}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Schedule">
          <Row label="Opens" value={formatDateTime(q.openTime, "Open now")} />
          <Row label="Closes" value={formatDateTime(q.closeTime, "Never")} />
          <Row label="Time left" value={countdownText(q, now)} />
        </Section>
        <Section title="Quiz info">
          <Row label="Course" value={q.course.title} />
          <Row label="Level" value={STUDENT_TYPE_LABELS[q.studentType]} />
          <Row label="Questions per page" value={q.questionsPerPage} />
          <Row label="Pass mark" value={`${q.passingScore}%`} />
          <Row label="Timer on a new attempt" value={q.resetTimerOnAttempt ? "Starts again" : "Continues"} />
          <Row label="Score shown" value={q.showScore === "after_close" ? "When the quiz closes" : "As soon as an attempt is submitted"} />
          {!staff && <Row label="Attempts" value={attemptsText(q.attemptInfo, q.maxAttempts)} />}
          {q.pdf && <Row label="Quiz file" value={`${q.pdf.name} (${formatBytes(q.pdf.size)})`} />}
        </Section>
      </SimpleGrid>

      {q.timedSections.length > 0 && (
        <Section title="Timed sections">
          <List spacing={4} size="sm">
            {q.timedSections.map((s, i) => (
              <List.Item key={i}>
                <b>{s.name}</b>: questions {s.startIndex + 1}–{s.endIndex + 1}, {s.timeLimit} min
              </List.Item>
            ))}
          </List>
        </Section>
      )}

      {/* Students never see the questions here: they come only with an attempt, once the clock runs (spec README item 3). */}
      {staff && (
        <Section title={`Questions (${q.questions.length})`}>
          {q.questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No questions yet. <Link to={`${base}/quiz/${q.id}/edit`}>Add questions</Link>
            </Text>
          ) : (
            <Stack gap="md" component="ol" style={{ paddingLeft: 0, listStyle: "none", margin: 0 }}>
              {q.questions.map((question, i) => (
                <Stack key={question.id} gap={4} component="li">
                  {question.section && (
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      {question.section}
                    </Text>
                  )}
                  <Text fw={600} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {i + 1}. <MathText text={question.text} equations={question.equations} />
                  </Text>
                  <QuestionTypeBadge type={question.type} marks={question.marks} />
                  <Stack gap={2} pl="sm">
                    {question.options.map((o, j) => {
                      const correct = question.type === "multiple" ? !!question.answers?.includes(o) : question.answer !== null && o === question.answer;
                      return (
                        <Group key={j} gap={6} wrap="nowrap" align="flex-start">
                          <ThemeIcon size="sm" radius="xl" color={correct ? "green" : "gray"} variant={correct ? "filled" : "light"} aria-hidden>
                            <Text size="xs" fw={700}>
                              {LETTERS[j]}
                            </Text>
                          </ThemeIcon>
                          <Text size="sm" fw={correct ? 700 : 400} c={correct ? "green.9" : undefined} style={{ overflowWrap: "anywhere" }}>
                            <MathText text={o} equations={question.equations} />
                            {correct && " ✓ (correct answer)"}
                          </Text>
                        </Group>
                      );
                    })}
                    {question.options.length === 0 && <StaffKey question={question} />}
                    {question.type === "multiple" && (
                      <Text size="xs" c="dimmed">
                        {question.scoring === "partial" ? "Partial credit" : "All or nothing"}
                      </Text>
                    )}
                    {question.answer === null && question.options.length > 0 && (
                      <Text size="xs" c="orange.8">
                        No answer marked: graded by hand.
                      </Text>
                    )}
                  </Stack>
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
      )}
    </Stack>
  );
}

/** The key of a question without options as a person reads it (describeKey): accepted answers, a value, a marking scheme. */
function StaffKey({ question }: { question: Quiz["questions"][number] }) {
  const written = question.type === "written";
  const d = {
    answers: question.answers,
    accepted: question.accepted,
    value: question.value,
    tolerance: question.tolerance,
    unit: question.unit,
    parts: question.parts,
    scheme: question.scheme,
  };
  // A written question's parts are listed with their schemes above; the key line says the whole question's scheme.
  const key = describeKey({ type: question.type, options: question.options, answer: question.answer, details: written ? { scheme: question.scheme } : d });
  return (
    <>
      {written &&
        question.parts?.map((p) => (
          <Text key={p.label} size="sm" style={{ overflowWrap: "anywhere" }}>
            ({p.label}) {marksText(p.marks)}
            {p.scheme ? `: ${p.scheme}` : ""}
          </Text>
        ))}
      {(key || !question.parts?.some((p) => p.scheme)) && (
        <Text size="sm" c={key ? "green.9" : "orange.8"} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {key ? `${written ? "Marking scheme" : "Answer"}: ${key}` : written ? "Marked by the teacher (no marking scheme)" : "No answer: graded by hand."}
        </Text>
      )}
    </>
  );
}
