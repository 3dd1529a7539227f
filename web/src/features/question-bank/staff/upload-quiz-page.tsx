import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Alert, Button, FileInput, Group, NativeSelect, Paper, Progress, Stack, Stepper, Text, TextInput, Title } from "@mantine/core";
import { STUDENT_TYPES } from "@adesua/domain/constants";
import { PageHeader } from "@/components/page-header";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { matchAnswerKey, type DraftQuestion } from "../lib/answers";
import { ACCEPT_DOCS, ANSWERS_FAILED, createQuizFromQuestions, parseAnswers, parseQuestions, PARSE_FAILED, toDrafts, useCoursePicker } from "../api/staff";
import { ReviewList } from "./review-list";
import { areaOf } from "../lib/area";

export const NO_COURSE_HINT = "You are not assigned to any course. Please contact your administrator.";

/**
 * /…/quiz/upload: read a question paper, optionally its answer key, review and fix the questions,
 * then create the quiz (and go to its edit screen). Admins may also Save to Bank.
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
  const [error, setError] = useState<string | null>(null);
  const [keyMessage, setKeyMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [title, setTitle] = useState("");
  const [courseId, setCourseId] = useState("");
  const [level, setLevel] = useState<string>("jhs1");

  async function parse() {
    if (!file) return setError("Select a file");
    setBusy("parse");
    setError(null);
    try {
      const r = await parseQuestions(file);
      const d = toDrafts(r);
      setQuestions(d.questions);
      setWarnings(d.general);
      setKeyMessage(null);
    } catch (e) {
      setQuestions([]);
      setError(errorText(e, PARSE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function parseKey() {
    if (!keyFile) return setKeyMessage({ ok: false, text: "Select an answer file" });
    setBusy("answers");
    try {
      const r = await parseAnswers(keyFile);
      if (r.answers.length === 0)
        return setKeyMessage({ ok: false, text: "No answers were found. Write the key as '1. D', '2) A' or '3-B', one or several per line." });
      const m = matchAnswerKey(questions, r.answers);
      if (m.ok) setQuestions(m.questions);
      setKeyMessage({ ok: m.ok, text: m.message });
    } catch (e) {
      setKeyMessage({ ok: false, text: errorText(e, ANSWERS_FAILED) });
    } finally {
      setBusy(null);
    }
  }

  async function create() {
    setError(null);
    if (!title.trim()) return setError("Please provide a title");
    if (!courseId) return setError("Please choose a course");
    setBusy("create");
    try {
      const r = await createQuizFromQuestions({ title: title.trim(), courseId: Number(courseId), studentType: level, questions });
      navigate(`${base}/quiz/${r.id}/edit`);
    } catch (e) {
      setError(errorText(e, "Error saving quiz. Please try again."));
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
            <Button onClick={() => void parse()} disabled={!file || !!noCourse} loading={busy === "parse"}>
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
            <Alert color="red" role="alert">
              {error}
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
              <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
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
