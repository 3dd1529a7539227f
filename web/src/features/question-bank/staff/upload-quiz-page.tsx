import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Alert, Button, FileInput, Group, NativeSelect, Paper, Progress, Stack, Stepper, Text, TextInput, Title } from "@mantine/core";
import { QUIZ_MESSAGES, STUDENT_TYPES } from "@adesua/domain/constants";
import type { ParseQuestionsResult } from "@adesua/domain";
import { PageHeader } from "@/components/page-header";
import { checkNewQuizSettings, newQuizSettings, NewQuizSettingsFields, type NewQuizSettingsErrors } from "@/components/new-quiz-settings";
import { ApiError, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { DRAFT_CREATED } from "@/lib/new-quiz";
import { matchAnswerKey, type DraftQuestion } from "../lib/answers";
import { ACCEPT_DOCS, parseAnswers, parseQuestions, toDrafts, useCoursePicker } from "../api/staff";
import { createDraftQuiz } from "./create-draft";
import { ReviewList } from "./review-list";
import { areaOf } from "../lib/area";

export const NO_COURSE_HINT = "You are not assigned to any course. Please contact your administrator.";

/** The upload screen's wording, as the spec has it (000 §7, 001 §8; issue 24 §5). */
export const UPLOAD_MESSAGES = {
  noFile: "No file selected",
  parseFailed: "Parse failed",
  noAnswerFile: "Please select an answer file to upload.",
  answersFailed: (why: string) => `Failed to parse answers: ${why}`,
  createFailed: "Error creating quiz",
  provideTitle: QUIZ_MESSAGES.provideTitle,
} as const;

/** The title and subtitle lines above question 1 (POST /questions/parse's `heading`), when the server sends them. */
const headingOf = (r: ParseQuestionsResult): string | null => r.heading?.trim() || null;

/**
 * /…/quiz/upload: read a question paper, optionally its answer key, review and fix the questions, set the
 * window and limits, then create the quiz as a draft (issue 24 §3) and open it, where Publish is. Admins may also Save to Bank.
 */
export function UploadQuizPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const base = areaOf(useLocation().pathname);
  const isAdmin = user?.role === "admin";
  const courses = useCoursePicker(user?.role === "teacher" ? user.id : undefined);
  const noCourse = user?.role === "teacher" && courses.data?.data.length === 0;

  const [file, setFile] = useState<File | null>(null);
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<"parse" | "answers" | "create" | null>(null);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [error, setError] = useState<{ title: string; text?: string } | null>(null);
  const [keyMessage, setKeyMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [title, setTitle] = useState("");
  const [courseId, setCourseId] = useState("");
  const [level, setLevel] = useState<string>("jhs1");
  const [heading, setHeading] = useState<string | null>(null);
  const [settings, setSettings] = useState(() => newQuizSettings());
  const [settingsErrors, setSettingsErrors] = useState<NewQuizSettingsErrors>({});
  const [createError, setCreateError] = useState<string | null>(null);

  async function parse() {
    if (!file) return setError({ title: UPLOAD_MESSAGES.noFile });
    setBusy("parse");
    setError(null);
    try {
      const r = await parseQuestions(file);
      const d = toDrafts(r);
      setQuestions(d.questions);
      setWarnings(d.general);
      setHeading(headingOf(r));
      setKeyMessage(null);
    } catch (e) {
      setQuestions([]);
      setHeading(null);
      setError({ title: UPLOAD_MESSAGES.parseFailed, text: e instanceof ApiError ? (e.serverMessage ?? undefined) : undefined });
    } finally {
      setBusy(null);
    }
  }

  async function parseKey() {
    if (!keyFile) return setKeyMessage({ ok: false, text: UPLOAD_MESSAGES.noAnswerFile });
    setBusy("answers");
    try {
      const r = await parseAnswers(keyFile);
      if (r.answers.length === 0)
        return setKeyMessage({ ok: false, text: "No answers were found. Write the key as '1. D', '2) A' or '3-B', one or several per line." });
      const m = matchAnswerKey(questions, r.answers);
      if (m.ok) setQuestions(m.questions);
      setKeyMessage({ ok: m.ok, text: m.message });
    } catch (e) {
      // The server's refusals of the request itself (no file, wrong type) are said as they are; anything else is a failed parse.
      const plain = e instanceof ApiError && (e.status === 400 || e.status === 415) && e.serverMessage;
      setKeyMessage({ ok: false, text: plain || UPLOAD_MESSAGES.answersFailed(errorText(e, "the file could not be read")) });
    } finally {
      setBusy(null);
    }
  }

  async function create() {
    setCreateError(null);
    const problems = checkNewQuizSettings(settings);
    setSettingsErrors(problems);
    if (!title.trim()) return setCreateError(UPLOAD_MESSAGES.provideTitle);
    if (!courseId) return setCreateError(QUIZ_MESSAGES.course);
    if (Object.keys(problems).length) return setCreateError("Please correct the fields marked in red.");
    setBusy("create");
    try {
      const r = await createDraftQuiz({ title: title.trim(), courseId: Number(courseId), studentType: level, questions, settings });
      // The quiz's own page says what happened and holds Publish.
      navigate(`${base}/quizzes/${r.id}`, { state: { created: DRAFT_CREATED } });
    } catch (e) {
      setCreateError(errorText(e, UPLOAD_MESSAGES.createFailed));
      setBusy(null);
    }
  }

  const step = questions.length === 0 ? 0 : 2;

  return (
    <Stack maw={860}>
      <PageHeader title="Upload Quiz" subtitle="Read your questions from a Word or PDF file, check them, and create the quiz." />
      {noCourse && (
        <Alert color="yellow" role="status">
          {NO_COURSE_HINT}
        </Alert>
      )}
      <Stepper active={step} size="sm" orientation="vertical" allowNextStepsSelect={false}>
        <Stepper.Step label="Question file" description="PDF, DOC or DOCX, up to 10 MB" />
        <Stepper.Step label="Answer key" description="Optional" />
        <Stepper.Step label="Review and create" />
      </Stepper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            1. Question file
          </Title>
          <FileInput label="Question file" placeholder="Choose a file" accept={ACCEPT_DOCS} value={file} onChange={setFile} clearable />
          <Group>
            {/* Enabled without a file: pressing it says "No file selected" (the spec's message). */}
            <Button onClick={() => void parse()} disabled={!!noCourse} loading={busy === "parse"}>
              Parse Questions
            </Button>
          </Group>
          {busy === "parse" && (
            <Stack gap={4} role="status">
              <Text size="sm">Reading {file?.name}…</Text>
              <Progress value={100} animated aria-label="Reading the file" />
            </Stack>
          )}
          {error && (
            <Alert color="red" role="alert" title={error.title}>
              {error.text}
            </Alert>
          )}
        </Stack>
      </Paper>

      {questions.length > 0 && (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                2. Answer key (optional)
              </Title>
              <FileInput label="Answer file" placeholder="Choose a file" accept={ACCEPT_DOCS} value={keyFile} onChange={setKeyFile} clearable />
              <Group>
                <Button variant="light" onClick={() => void parseKey()} loading={busy === "answers"}>
                  Parse Answers
                </Button>
              </Group>
              {keyMessage && (
                <Alert color={keyMessage.ok ? "green" : "yellow"} role="status">
                  {keyMessage.text}
                </Alert>
              )}
            </Stack>
          </Paper>

          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                3. Review ({questions.length} questions)
              </Title>
              <ReviewList questions={questions} onChange={setQuestions} warnings={warnings} />
            </Stack>
          </Paper>

          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                4. Quiz details
              </Title>
              {heading && (
                <Paper withBorder p="sm" bg="gray.0" component="section" aria-label="Paper heading">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    The paper&apos;s heading
                  </Text>
                  <Text fw={600} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="paper-heading">
                    {heading}
                  </Text>
                  <Button size="compact-sm" variant="light" mt="xs" onClick={() => setTitle(heading.replace(/\s*\n+\s*/g, " — ").slice(0, 200))}>
                    Use as quiz title
                  </Button>
                </Paper>
              )}
              <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
              <NativeSelect
                label="Course"
                required
                value={courseId}
                onChange={(e) => setCourseId(e.currentTarget.value)}
                data={[
                  { value: "", label: courses.isPending ? "Loading..." : "Choose a course" },
                  ...(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
                ]}
              />
              <NativeSelect
                label="Student level"
                value={level}
                onChange={(e) => setLevel(e.currentTarget.value)}
                data={STUDENT_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
              />
              <Title order={3} size="h5" mt="xs">
                When and how students take it
              </Title>
              <NewQuizSettingsFields value={settings} onChange={setSettings} errors={settingsErrors} disabled={busy === "create"} />
              <Text size="sm" c="dimmed">
                The quiz is created as a draft: students see it only once you publish it.
              </Text>
              {createError && (
                <Alert color="red" role="alert">
                  {createError}
                </Alert>
              )}
              <Group>
                <Button onClick={() => void create()} loading={busy === "create"} disabled={!!noCourse || questions.length === 0}>
                  Create Quiz
                </Button>
                {isAdmin && (
                  <Button variant="light" onClick={() => navigate(`${base}/questions/new`, { state: { questions } })}>
                    Save to Bank
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
