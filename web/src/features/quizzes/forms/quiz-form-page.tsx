import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { STUDENT_TYPES, STUDENT_TYPE_LABELS, type StudentType } from "@adesua/domain/constants";
import type { Quiz } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { startsLikePdf } from "@/lib/pdf";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { FormError } from "@/components/form-actions";
import { FormPageLoading } from "@/components/form-page";
import { DateTimeField, TimeZoneNote } from "@/components/date-time-field";
import { NO_COURSE_HINT, QUIZ_LOAD_ERROR_TITLE, QUIZ_SAVE_FAILED, useCourseOptions, useQuiz } from "../api/quizzes";
import { useSaveQuiz } from "../api/quiz-mutations";
import { DRAFT_NOTE } from "../components/publication";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DRAFT_CREATED } from "@/lib/new-quiz";
import { QuestionEditor, questionAnchor } from "./question-editor";
import { firstError, questionOfServerError, serverFieldError, type FieldErrors } from "@/components/forms/question-editor/question-body";
import { Part, RulesPart, SaveBar, TimedSectionsPart, type Problem } from "./quiz-form-parts";
import {
  emptyQuizValues,
  hasErrors,
  PDF_LABEL,
  questionFieldErrors,
  questionsFromQuiz,
  quizFormData,
  validateQuestions,
  validateQuizForm,
  valuesFromQuiz,
  withChange,
  type QuestionDraft,
  type QuizFormErrors,
  type QuizFormValues,
  type SectionDraft,
} from "./quiz-form-model";

/** The spec's pause on the success banner before going back to the list. */
export const QUIZ_SAVE_REDIRECT_MS = 1500;

/** New quiz (no :id) or edit: every setting, the PDF, timed sections and the questions, saved together. */
export function QuizFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const creating = id === undefined;
  const { user } = useAuth();
  const navigate = useNavigate();
  const isTeacher = user?.role === "teacher";
  const listPath = user?.role === "admin" ? "/admin/dashboard/quizzes" : "/teachers/dashboard/quizzes";
  const quizPath = (quizId: number) => `${listPath}/${quizId}`;

  const existing = useQuiz(id ?? NaN);
  const courses = useCourseOptions(isTeacher ? user?.id : undefined, !!user);
  const save = useSaveQuiz();

  const [values, setValues] = useState<QuizFormValues>(() => emptyQuizValues());
  /** Whether anything was changed since the form opened (Cancel then asks before throwing it away). */
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [questions, setQuestions] = useState<QuestionDraft[]>([]);
  const [questionsDirty, setQuestionsDirty] = useState(false);
  const [errors, setErrors] = useState<QuizFormErrors>({});
  const [questionErrors, setQuestionErrors] = useState<Record<string, FieldErrors>>({});
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
    setValues((s) => withChange(s, k, v));
    setDirty(true);
    setErrors((e) => ({ ...e, [k]: undefined }));
    setInvalid(false);
  };
  const setSection = (key: string, patch: Partial<SectionDraft>) => {
    setValues((s) => ({ ...s, timedSections: s.timedSections.map((x) => (x.key === key ? { ...x, ...patch } : x)) }));
    setDirty(true);
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
    const qErrors = questionFieldErrors(questions);
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
      const quiz = await save.mutateAsync({ id, form: quizFormData(values, sendQuestions ? questions : undefined, { creating }) });
      setSaved(true);
      setQuestionsDirty(false);
      setDirty(false);
      // A new quiz is a draft: its page says so and holds Publish. An edit goes back to the list (the spec's redirect).
      redirect.current = setTimeout(
        () => (creating ? navigate(quizPath(quiz.id), { state: { created: DRAFT_CREATED } }) : navigate(listPath)),
        QUIZ_SAVE_REDIRECT_MS,
      );
    } catch (err) {
      const message = errorText(err, QUIZ_SAVE_FAILED);
      // "Question 3: …": shown beside that question's field too, and the question opened.
      const named = questionOfServerError(message);
      const target = named ? questions[named.index] : undefined;
      if (named && target) {
        setQuestionErrors({ [target.key]: serverFieldError(named.message) });
        setExpanded((e) => new Set(e).add(target.key));
      }
      setError(message);
      focusFirstError();
    }
  }

  if (id && existing.isPending) {
    return <FormPageLoading height={260} />;
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
  /** Cancel goes back where the quiz is seen: its page when editing (it shows Draft and Publish), the list otherwise. */
  const cancelPath = current ? quizPath(current.id) : listPath;
  /** What the bar lists: settings refused at the last save, then each question with a problem. */
  const fieldProblems = Object.entries(errors).filter(([k, v]) => k !== "sections" && typeof v === "string" && v);
  const problemList: Problem[] = [
    ...fieldProblems.map(([k, v]) => ({ key: `field-${k}`, label: "Settings", message: v as string })),
    ...questions.flatMap((q, i) => {
      const message = firstError(questionErrors[q.key]) ?? liveProblems[q.key];
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
            <Button component={Link} to={quizPath(current.id)} variant="default" size="sm">
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
      {current?.publication === "draft" && !saved && (
        <Alert color="orange" role="note">
          {DRAFT_NOTE} Saving keeps it a draft; publish it from its page or the quiz list.
        </Alert>
      )}
      {saved && (
        <Alert color="green" role="status" title={creating ? "Quiz created" : "Quiz saved"}>
          {creating ? DRAFT_CREATED : "Taking you back to your quizzes..."}
        </Alert>
      )}
      {invalid && (
        <Alert color="red" role="alert">
          Please correct the fields marked in red.
        </Alert>
      )}
      <FormError error={error} title="Could not save the quiz" />
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

          <RulesPart values={values} errors={errors} set={set} locked={locked} />

          <TimedSectionsPart values={values} errors={errors} set={set} setSection={setSection} locked={locked} />

          <Part
            title={`Questions (${questions.length})`}
            description="Choose each question's type and marks. A choice question needs 2 to 5 different options: mark the right one so the quiz is graded automatically; written answers are marked by you."
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

          <SaveBar
            questionCount={questions.length}
            problems={problemList}
            onJump={jumpTo}
            onCancel={() => (dirty || questionsDirty ? setLeaving(true) : navigate(cancelPath))}
            saving={save.isPending}
            locked={locked}
            creating={creating}
          />
        </Stack>
      </form>
      <ConfirmDialog
        opened={leaving}
        title="Discard changes"
        message="Are you sure you want to leave? Your changes to this quiz are not saved."
        details={
          current
            ? `${current.title} stays as it was${current.publication === "draft" ? ", a draft that students cannot see" : ""}.`
            : "Nothing has been created."
        }
        confirmLabel="Discard changes"
        onConfirm={() => navigate(cancelPath)}
        onClose={() => setLeaving(false)}
      />
    </Stack>
  );
}
