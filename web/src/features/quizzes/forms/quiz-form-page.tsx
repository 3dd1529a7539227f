import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { STUDENT_TYPES, STUDENT_TYPE_LABELS, type StudentType } from "@adesua/domain/constants";
import type { Quiz } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { startsLikePdf } from "@/lib/pdf";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { DateTimeField, TimeZoneNote } from "@/components/date-time-field";
import { NO_COURSE_HINT, QUIZ_LOAD_ERROR_TITLE, QUIZ_SAVE_FAILED, useCourseOptions, useQuiz } from "../api/quizzes";
import { useSaveQuiz } from "../api/quiz-mutations";
import { QuestionEditor, questionAnchor } from "./question-editor";
import {
  emptyQuizValues,
  hasErrors,
  newKey,
  PDF_LABEL,
  questionsFromQuiz,
  quizFormData,
  validateQuestions,
  validateQuizForm,
  valuesFromQuiz,
  type QuestionDraft,
  type QuizFormErrors,
  type QuizFormValues,
  type SectionDraft,
} from "./quiz-form-model";

type Problem = { key: string; label: string; message: string; questionKey?: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The spec's pause on the success banner before going back to the list. */
export const QUIZ_SAVE_REDIRECT_MS = 1500;

function Part({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** New quiz (no :id) or edit: every setting, the PDF, timed sections and the questions, saved together. */
export function QuizFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const creating = id === undefined;
  const { user } = useAuth();
  const navigate = useNavigate();
  const isTeacher = user?.role === "teacher";
  const listPath = user?.role === "admin" ? "/admin/dashboard/quizzes" : "/teachers/dashboard/quizzes";

  const existing = useQuiz(id ?? NaN);
  const courses = useCourseOptions(isTeacher ? user?.id : undefined, !!user);
  const save = useSaveQuiz();

  const [values, setValues] = useState<QuizFormValues>(emptyQuizValues);
  const [questions, setQuestions] = useState<QuestionDraft[]>([]);
  const [questionsDirty, setQuestionsDirty] = useState(false);
  const [errors, setErrors] = useState<QuizFormErrors>({});
  const [questionErrors, setQuestionErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  /** The "correct the fields" banner: shown after a refused submit, gone once the user edits again. */
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  /** Open questions by key: a loaded quiz starts with every question on one line; new ones open. */
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  /** Question problems found while typing, for the bar's count and jump list. */
  const liveProblems = useMemo(() => validateQuestions(questions), [questions]);

  useEffect(() => () => clearTimeout(redirect.current), []);
  useEffect(() => {
    const q = existing.data as Quiz | undefined;
    if (id && q && loadedId !== q.id && "questions" in q) {
      setValues(valuesFromQuiz(q));
      setQuestions(questionsFromQuiz(q));
      setLoadedId(q.id);
    }
  }, [id, existing.data, loadedId]);

  const noCourse = isTeacher && courses.data?.pagination.total === 0;
  const locked = noCourse || saved;

  const set = <K extends keyof QuizFormValues>(k: K, v: QuizFormValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
    setInvalid(false);
  };
  const setSection = (key: string, patch: Partial<SectionDraft>) => {
    setValues((s) => ({ ...s, timedSections: s.timedSections.map((x) => (x.key === key ? { ...x, ...patch } : x)) }));
    setErrors((e) => ({ ...e, sections: e.sections && { ...e.sections, [key]: {} } }));
    setInvalid(false);
  };

  function focusFirstError() {
    setTimeout(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
      el?.scrollIntoView({ block: "center" });
      if (el && "focus" in el) el.focus();
    }, 0);
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (locked) return;
    const next = validateQuizForm(values, { creating, questionCount: questions.length });
    if (!next.pdf && values.pdf && !(await startsLikePdf(values.pdf))) next.pdf = `${PDF_LABEL} must be a PDF file`;
    const qErrors = validateQuestions(questions);
    setErrors(next);
    setQuestionErrors(qErrors);
    setError(null);
    if (hasErrors(next) || Object.keys(qErrors).length) {
      setInvalid(true);
      setExpanded((e) => new Set([...e, ...Object.keys(qErrors)]));
      focusFirstError();
      return;
    }
    const sendQuestions = creating ? questions.length > 0 : questionsDirty;
    try {
      await save.mutateAsync({ id, form: quizFormData(values, sendQuestions ? questions : undefined) });
      setSaved(true);
      setQuestionsDirty(false);
      redirect.current = setTimeout(() => navigate(listPath), QUIZ_SAVE_REDIRECT_MS);
    } catch (err) {
      setError(errorText(err, QUIZ_SAVE_FAILED));
      focusFirstError();
    }
  }

  if (id && existing.isPending) {
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="40%" />
        <Skeleton height={260} />
      </Stack>
    );
  }
  if (id && existing.isError) {
    return (
      <Stack>
        <ErrorState
          title={QUIZ_LOAD_ERROR_TITLE}
          message={errorText(existing.error, (existing.error as Error).message)}
          onRetry={() => void existing.refetch()}
          retrying={existing.isFetching}
        />
        <Group>
          <Button component={Link} to={listPath} variant="default">
            Back to quizzes
          </Button>
        </Group>
      </Stack>
    );
  }

  const current = existing.data as Quiz | undefined;
  /** What the bar lists: settings refused at the last save, then each question with a problem. */
  const fieldProblems = Object.entries(errors).filter(([k, v]) => k !== "sections" && typeof v === "string" && v);
  const problemList: Problem[] = [
    ...fieldProblems.map(([k, v]) => ({ key: `field-${k}`, label: "Settings", message: v as string })),
    ...questions.flatMap((q, i) => {
      const message = questionErrors[q.key] ?? liveProblems[q.key];
      return message ? [{ key: q.key, label: `Question ${i + 1}`, message, questionKey: q.key }] : [];
    }),
  ];
  function jumpTo(p: Problem) {
    if (p.questionKey) {
      const key = p.questionKey;
      setExpanded((e) => new Set(e).add(key));
      setTimeout(() => {
        const card = document.getElementById(questionAnchor(key));
        card?.scrollIntoView({ block: "start" });
        document.getElementById(`q-${key}-text`)?.focus({ preventScroll: true });
      }, 0);
    } else focusFirstError();
  }
  const courseData = (courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));
  if (current && !courseData.some((c) => c.value === String(current.courseId)))
    courseData.unshift({ value: String(current.courseId), label: current.course.title });

  return (
    <Stack maw={860}>
      <PageHeader
        title={creating ? "New quiz" : "Edit quiz"}
        subtitle={creating ? "Set up the quiz, attach its PDF and add questions now or later." : current?.title}
        actions={
          current && (
            <Button component={Link} to={listPath.replace(/quizzes$/, `quizzes/${current.id}`)} variant="default" size="sm">
              View quiz
            </Button>
          )
        }
      />
      {noCourse && (
        <Alert color="orange" role="alert">
          {NO_COURSE_HINT}
        </Alert>
      )}
      {courses.isError && (
        <ErrorState
          message={errorText(courses.error, "Failed to load courses. Please try again later.")}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      )}
      {saved && (
        <Alert color="green" role="status" title={creating ? "Quiz created" : "Quiz saved"}>
          Taking you back to your quizzes...
        </Alert>
      )}
      {invalid && (
        <Alert color="red" role="alert">
          Please correct the fields marked in red.
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="Could not save the quiz">
          {error}
        </Alert>
      )}
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack>
          <Part title="Quiz details">
            <TextInput
              label="Title"
              required
              value={values.title}
              onChange={(e) => set("title", e.currentTarget.value)}
              error={errors.title}
              disabled={locked}
              maxLength={250}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Course"
                required
                searchable
                placeholder={courses.isPending ? "Loading courses..." : "Choose a course"}
                nothingFoundMessage="No course found"
                data={courseData}
                value={values.courseId}
                onChange={(v) => set("courseId", v)}
                error={errors.courseId}
                disabled={locked}
              />
              <Select
                label="Student type"
                description="The level that takes this quiz"
                required
                placeholder="Choose a level"
                data={STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))}
                value={values.studentType}
                onChange={(v) => set("studentType", v as StudentType | null)}
                error={errors.studentType}
                disabled={locked}
              />
            </SimpleGrid>
            {current?.pdf && (
              <Text size="sm">
                Current file: <b>{current.pdf.name}</b> ({formatBytes(current.pdf.size)})
              </Text>
            )}
            <FileInput
              label={creating ? "Question paper (PDF)" : "Replace the PDF"}
              description={creating ? "Optional when you add the questions below. A PDF file, up to 10 MB" : "A PDF file, up to 10 MB"}
              placeholder="Choose a PDF file"
              accept="application/pdf,.pdf"
              name="pdf"
              clearable
              value={values.pdf}
              onChange={(f) => set("pdf", f)}
              error={errors.pdf}
              disabled={locked}
            />
          </Part>

          <Part title="Schedule" description="Leave a time empty to keep the quiz open on that side.">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimeField label="Open time" value={values.openTime} onChange={(v) => set("openTime", v)} error={errors.openTime} disabled={locked} />
              <DateTimeField label="Close time" value={values.closeTime} onChange={(v) => set("closeTime", v)} error={errors.closeTime} disabled={locked} />
            </SimpleGrid>
            <TimeZoneNote />
          </Part>

          <Part title="Rules">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Time limit (minutes)"
                description="1 to 600; empty means no time limit"
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.timeLimit}
                onChange={(v) => set("timeLimit", v)}
                error={errors.timeLimit}
                disabled={locked}
              />
              <NumberInput
                label="Max attempts"
                description="1 to 10; empty means unlimited"
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.maxAttempts}
                onChange={(v) => set("maxAttempts", v)}
                error={errors.maxAttempts}
                disabled={locked}
              />
              <NumberInput
                label="Questions per page"
                description="1 to 50"
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.questionsPerPage}
                onChange={(v) => set("questionsPerPage", v)}
                error={errors.questionsPerPage}
                disabled={locked}
              />
              <NumberInput
                label="Passing score (%)"
                description="0 to 100"
                allowNegative={false}
                clampBehavior="none"
                value={values.passingScore}
                onChange={(v) => set("passingScore", v)}
                error={errors.passingScore}
                disabled={locked}
              />
            </SimpleGrid>
            <Checkbox
              label="Reset the timer on each new attempt"
              description="When off, later attempts continue the time left from the first"
              checked={values.resetTimerOnAttempt}
              onChange={(e) => set("resetTimerOnAttempt", e.currentTarget.checked)}
              disabled={locked}
            />
          </Part>

          <Part title="Timed sections" description="Optional: give groups of questions their own time limit. Questions are numbered from 1.">
            {values.timedSections.map((s, i) => {
              const se = errors.sections?.[s.key] ?? {};
              return (
                <Paper key={s.key} withBorder p="sm" bg="gray.0" component="section" aria-label={`Timed section ${i + 1}`}>
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                    <TextInput
                      label="Section name"
                      value={s.name}
                      onChange={(e) => setSection(s.key, { name: e.currentTarget.value })}
                      error={se.name}
                      disabled={locked}
                    />
                    <NumberInput
                      label="From question"
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      value={s.start}
                      onChange={(v) => setSection(s.key, { start: v })}
                      error={se.start}
                      disabled={locked}
                    />
                    <NumberInput
                      label="To question"
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      value={s.end}
                      onChange={(v) => setSection(s.key, { end: v })}
                      error={se.end}
                      disabled={locked}
                    />
                    <NumberInput
                      label="Minutes"
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      value={s.timeLimit}
                      onChange={(v) => setSection(s.key, { timeLimit: v })}
                      error={se.timeLimit}
                      disabled={locked}
                    />
                  </SimpleGrid>
                  <Group justify="flex-end" mt="xs">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={locked}
                      onClick={() =>
                        set(
                          "timedSections",
                          values.timedSections.filter((x) => x.key !== s.key),
                        )
                      }
                      aria-label={`Remove section ${i + 1}`}
                    >
                      Remove section
                    </Button>
                  </Group>
                </Paper>
              );
            })}
            <Group>
              <Button
                variant="light"
                size="sm"
                disabled={locked}
                onClick={() => {
                  const last = values.timedSections.at(-1);
                  const start = last && Number(last.end) > 0 ? Number(last.end) + 1 : 1;
                  set("timedSections", [
                    ...values.timedSections,
                    { key: newKey(), name: `Section ${String.fromCharCode(65 + values.timedSections.length)}`, start, end: "", timeLimit: "" },
                  ]);
                }}
              >
                Add timed section
              </Button>
            </Group>
          </Part>

          <Part
            title={`Questions (${questions.length})`}
            description="Each question needs 2 to 5 different options. Mark the correct one so the quiz is graded automatically."
          >
            <QuestionEditor
              questions={questions}
              onChange={(next) => {
                setQuestions(next);
                setQuestionsDirty(true);
                setQuestionErrors({});
                setInvalid(false);
              }}
              errors={questionErrors}
              problems={liveProblems}
              expanded={expanded}
              onExpandedChange={setExpanded}
              disabled={locked}
            />
          </Part>

          {/* Save stays in reach on a long quiz: the bar sticks to the bottom of the screen. */}
          <Paper withBorder shadow="sm" p="xs" role="region" aria-label="Save bar" style={{ position: "sticky", bottom: 0, zIndex: 5 }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} data-testid="question-count">
                  {plural(questions.length, "question")}
                </Text>
                {problemList.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="problem-count">
                    No problems
                  </Text>
                ) : (
                  <Menu position="top-start" withinPortal>
                    <Menu.Target>
                      <Button size="compact-sm" variant="light" color="red" data-testid="problem-count">
                        {plural(problemList.length, "problem")} ▾
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown mah={300} style={{ overflowY: "auto" }}>
                      <Menu.Label>Go to</Menu.Label>
                      {problemList.map((p) => (
                        <Menu.Item key={p.key} onClick={() => jumpTo(p)}>
                          {p.label}: {p.message}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button component={Link} to={listPath} variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending} disabled={locked}>
                  {creating ? "Create quiz" : "Save quiz"}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
