import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Alert, Button, Group, Paper, Stack, Stepper, Text } from "@mantine/core";
import type { ParseQuestionsResult } from "@adesua/domain";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { PageHeader } from "@/components/page-header";
import { ApiError, errorText } from "@/lib/api";
import type { DraftQuestion } from "../lib/answers";
import { toDrafts } from "../api/staff";
import { ACCEPT_PAPERS, readPaperByJob } from "../api/parse-jobs";
import { ParseProgress } from "../components/parse-progress";
import { AnswerKeySection, useAnswerKey } from "./answer-key";
import { DRAFT_QUIZ_MESSAGES, DraftQuizFields, useDraftQuizForm } from "./draft-quiz-form";
import { ReviewList, type PaperFacts } from "./review-list";
import { StepSection } from "./step-section";
import { areaOf } from "../lib/area";

export const NO_COURSE_HINT = "You are not assigned to any course. Please contact your administrator.";

/** The upload screen's wording, as the spec has it (000 §7, 001 §8; issue 24 §5). */
export const UPLOAD_MESSAGES = {
  noFile: "No file selected",
  parseFailed: "Parse failed",
  noAnswerFile: "Please select an answer file to upload.",
  answersFailed: (why: string) => `Failed to parse answers: ${why}`,
  ...DRAFT_QUIZ_MESSAGES,
} as const;

/** The title and subtitle lines above question 1 (POST /questions/parse's `heading`), when the server sends them. */
const headingOf = (r: ParseQuestionsResult): string | null => r.heading?.trim() || null;

/**
 * /…/quiz/upload: read a question paper, optionally its answer key, review and fix the questions, set the
 * window and limits, then create the quiz as a draft (issue 24 §3) and open it, where Publish is. Admins may also Save to Bank.
 */
export function UploadQuizPage() {
  const navigate = useNavigate();
  const base = areaOf(useLocation().pathname);
  const draft = useDraftQuizForm(base);
  const { user, courses } = draft;
  const isAdmin = user?.role === "admin";
  const noCourse = user?.role === "teacher" && courses.data?.data.length === 0;

  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [paperFacts, setPaperFacts] = useState<PaperFacts>({});
  const [error, setError] = useState<{ title: string; text?: string } | null>(null);
  const [heading, setHeading] = useState<string | null>(null);

  const answerKey = useAnswerKey(questions, setQuestions, {
    missing: UPLOAD_MESSAGES.noAnswerFile,
    empty: "No answers were found. Write the key as '1. D', '2) A' or '3-B', one or several per line.",
    // The server's refusals of the request itself (no file, wrong type) are said as they are; anything else is a failed parse.
    failed: (e) =>
      (e instanceof ApiError && (e.status === 400 || e.status === 415) && e.serverMessage) ||
      UPLOAD_MESSAGES.answersFailed(errorText(e, "the file could not be read")),
  });

  const paper = useFileUpload({
    // A parse job: a scan or a photo is read by OCR, page by page, and the screen shows how far it has got.
    send: (f, onProgress) => readPaperByJob(f, "questions", onProgress),
    onMissing: () => setError({ title: UPLOAD_MESSAGES.noFile }),
    onSuccess: (r) => {
      const d = toDrafts(r);
      setQuestions(d.questions);
      setWarnings(d.general);
      setPaperFacts(d.paper);
      setHeading(headingOf(r));
      answerKey.setNotice(null);
    },
    onError: (e) => {
      setQuestions([]);
      setHeading(null);
      setError({ title: UPLOAD_MESSAGES.parseFailed, text: e instanceof ApiError ? (e.serverMessage ?? undefined) : undefined });
    },
  });

  function parse() {
    if (paper.file) setError(null);
    paper.start();
  }

  const step = questions.length === 0 ? 0 : 2;

  return (
    <Stack maw={860}>
      <PageHeader title="Upload Quiz" subtitle="Read your questions from a Word or PDF file or a photo of the paper, check them, and create the quiz." />
      {noCourse && (
        <Alert color="yellow" role="status">
          {NO_COURSE_HINT}
        </Alert>
      )}
      <Stepper active={step} size="sm" orientation="vertical" allowNextStepsSelect={false}>
        <Stepper.Step label="Question file" description="PDF, DOC, DOCX or a photo (JPEG, PNG), up to 10 MB" />
        <Stepper.Step label="Answer key" description="Optional" />
        <Stepper.Step label="Review and create" />
      </Stepper>

      <StepSection title="1. Question file">
        {/* Parse is enabled without a file: pressing it says "No file selected" (the spec's message). */}
        <FileUpload upload={paper} label="Question file" accept={ACCEPT_PAPERS} action={{ label: "Parse Questions", onClick: parse, disabled: !!noCourse }}>
          <ParseProgress busy={paper.busy} fileName={paper.file?.name} progress={paper.progress} />
          {error && (
            <Alert color="red" role="alert" title={error.title}>
              {error.text}
            </Alert>
          )}
        </FileUpload>
      </StepSection>

      {questions.length > 0 && (
        <>
          <AnswerKeySection answerKey={answerKey} />

          <StepSection title={<>3. Review ({questions.length} questions)</>}>
            <ReviewList questions={questions} onChange={setQuestions} warnings={warnings} paper={paperFacts} />
          </StepSection>

          <StepSection title="4. Quiz details">
            {heading && (
              <Paper withBorder p="sm" bg="gray.0" component="section" aria-label="Paper heading">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  The paper&apos;s heading
                </Text>
                <Text fw={600} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="paper-heading">
                  {heading}
                </Text>
                <Button size="compact-sm" variant="light" mt="xs" onClick={() => draft.setTitle(heading.replace(/\s*\n+\s*/g, " — ").slice(0, 200))}>
                  Use as quiz title
                </Button>
              </Paper>
            )}
            <DraftQuizFields form={draft} titleLabel="Title" full />
            <Group>
              <Button onClick={() => draft.create(questions)} loading={draft.creating.isPending} disabled={!!noCourse || questions.length === 0}>
                Create Quiz
              </Button>
              {isAdmin && (
                <Button variant="light" onClick={() => navigate(`${base}/questions/new`, { state: { questions } })}>
                  Save to Bank
                </Button>
              )}
            </Group>
          </StepSection>
        </>
      )}
    </Stack>
  );
}
