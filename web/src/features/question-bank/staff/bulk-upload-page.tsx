import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Anchor, Button, Group, List, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import type { ImportResult, ParseQuestionsResult } from "@adesua/domain";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { PageHeader } from "@/components/page-header";
import { ApiError, errorText } from "@/lib/api";
import { ANSWERS_FAILED, CSV_FAILED, importCsv, PARSE_FAILED, toDrafts, useInvalidateBank, type SaveMetadata } from "../api/staff";
import { ACCEPT_PAPERS, readPaperByJob } from "../api/parse-jobs";
import { ParseProgress } from "../components/parse-progress";
import type { DraftQuestion } from "../lib/answers";
import { AnswerKeySection, useAnswerKey } from "./answer-key";
import { emptyMetadata, MetadataFields, toMetadata } from "./metadata-fields";
import { ReviewList, type PaperFacts } from "./review-list";
import { StepSection } from "./step-section";
import { useSaveQuestions } from "./save-questions";

const BANK = "/admin/dashboard/questions";

/** The CSV template teachers download and fill (001 §3's columns), with one example row. */
export const CSV_TEMPLATE =
  "question,optionA,optionB,optionC,optionD,optionE,correctOption,explanation\r\n" + '"What is 7 + 5?",10,11,12,13,,C,"7 + 5 = 12"\r\n';

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CSV_TEMPLATE], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "question-template.csv";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type RowError = { row: number; message: string };

/** The one file of step 1: a CSV imported at once, or a paper read for review. */
type Send = { kind: "csv"; meta: SaveMetadata } | { kind: "doc" };

/** /admin/dashboard/bulk-upload: a CSV (recommended) or a PDF/DOCX paper into the bank, in the spec's four steps. */
export function BulkUploadPage() {
  const navigate = useNavigate();
  const invalidate = useInvalidateBank();
  const [mode, setMode] = useState<"csv" | "doc">("csv");
  const [meta, setMeta] = useState(emptyMetadata);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [paperFacts, setPaperFacts] = useState<PaperFacts>({});
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const saving = useSaveQuestions();
  const progress = saving.progress;

  const finish = (text: string) => {
    setDone(text);
    void invalidate();
    setTimeout(() => navigate(BANK), 2000);
  };

  const answerKey = useAnswerKey(questions, setQuestions, {
    missing: "Please select an answer file",
    failed: (e) => errorText(e, ANSWERS_FAILED),
    clearOkAfterMs: 3000,
  });

  const upload = useFileUpload<ImportResult | ParseQuestionsResult, Send>({
    send: (f, onProgress, v) => (v.kind === "csv" ? importCsv(f, v.meta) : readPaperByJob(f, "questions", onProgress)),
    onSuccess: (r, _f, v) => {
      if (v.kind === "csv") return finish((r as ImportResult).message);
      const d = toDrafts(r as ParseQuestionsResult);
      setQuestions(d.questions);
      setWarnings(d.general);
      setPaperFacts(d.paper);
    },
    onError: (e, v) => {
      if (v.kind === "doc") {
        setQuestions([]);
        return setError(errorText(e, PARSE_FAILED));
      }
      setError(errorText(e, CSV_FAILED));
      const body = e instanceof ApiError ? (e.body as { errors?: RowError[] } | undefined) : undefined;
      if (Array.isArray(body?.errors)) setRowErrors(body.errors);
    },
  });
  const sending = upload.busy ? upload.mutation.variables?.vars.kind : undefined;
  const { file, setFile } = upload;

  function uploadCsv() {
    setError(null);
    setRowErrors([]);
    if (!file) return setError("Please select a CSV file");
    const m = toMetadata(meta);
    if ("error" in m) return setError(m.error === "Year and Subject are required" ? "Year and Subject are required for CSV upload" : m.error);
    upload.start({ kind: "csv", meta: m.value });
  }

  function parse() {
    if (!file) return setError("Please select a PDF or DOCX file, or a photo of the paper");
    setError(null);
    upload.start({ kind: "doc" });
  }

  function saveAll() {
    setError(null);
    if (questions.length === 0) return setError("No questions to save");
    const m = toMetadata(meta);
    if ("error" in m) return setError(m.error);
    saving.mutate(
      { questions, meta: m.value },
      {
        onSuccess: (r) => {
          if (r.failed) return setError(`Saved ${r.saved} of ${questions.length} questions. ${r.message ?? ""}`);
          finish(`Saved ${r.saved} questions to the bank${r.skippedDuplicates ? ` (${r.skippedDuplicates} duplicates skipped)` : ""}.`);
        },
      },
    );
  }

  return (
    <Stack maw={860}>
      <Anchor component={Link} to={BANK}>
        ← Back to Questions
      </Anchor>
      <PageHeader title="Bulk Question Upload" subtitle="Add many questions to the bank at once." />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>
            <b>CSV (recommended)</b>: one question a row with the columns question, optionA–optionD, optionE (optional), correctOption (A–E) and explanation
            (optional). Nothing is half-imported: a bad row is named and no row is saved.
          </Text>
          <Text>
            <b>PDF/DOCX</b>: your own paper is read, you check each question and its answer, then save them all.
          </Text>
          <Group>
            <Button variant="default" size="xs" onClick={downloadTemplate}>
              Download CSV template
            </Button>
          </Group>
        </Stack>
      </Paper>
      <SegmentedControl
        aria-label="Upload method"
        value={mode}
        onChange={(v) => {
          setMode(v as "csv" | "doc");
          setFile(null);
          setError(null);
          setQuestions([]);
        }}
        data={[
          { value: "csv", label: "CSV (recommended)" },
          { value: "doc", label: "PDF/DOCX" },
        ]}
      />
      {done ? (
        <Alert color="green" role="status">
          {done} Going back to the question bank…
        </Alert>
      ) : (
        <>
          <StepSection title={<>1. {mode === "csv" ? "CSV file" : "Question file"}</>}>
            <FileUpload
              upload={upload}
              label={mode === "csv" ? "CSV file" : "Question file"}
              accept={mode === "csv" ? ".csv,text/csv" : ACCEPT_PAPERS}
              action={mode === "doc" ? { label: "Parse Questions", onClick: parse, disabled: !file } : undefined}
            >
              <ParseProgress busy={sending === "doc"} fileName={file?.name} progress={upload.progress} />
            </FileUpload>
          </StepSection>
          {mode === "doc" && questions.length > 0 && <AnswerKeySection answerKey={answerKey} />}
          {(mode === "csv" || questions.length > 0) && (
            <StepSection title={<>{mode === "csv" ? "2" : "3"}. Year, subject and section</>}>
              <MetadataFields value={meta} onChange={setMeta} />
            </StepSection>
          )}
          {mode === "doc" && questions.length > 0 && (
            <StepSection title="4. Review">
              <ReviewList questions={questions} onChange={setQuestions} warnings={warnings} paper={paperFacts} />
            </StepSection>
          )}
          {progress && (
            <Text size="sm" role="status">
              Saving one by one: {progress.done} of {progress.total}
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
              {rowErrors.length > 0 && (
                <List size="sm" mt="xs">
                  {rowErrors.map((r) => (
                    <List.Item key={`${r.row}-${r.message}`}>
                      Row {r.row}: {r.message}
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group>
            {mode === "csv" ? (
              <Button onClick={uploadCsv} loading={sending === "csv"} disabled={!file || !meta.year || !meta.subject}>
                Upload CSV
              </Button>
            ) : (
              questions.length > 0 && (
                <Button onClick={saveAll} loading={saving.isPending} disabled={!meta.year || !meta.subject}>
                  Save All to Bank
                </Button>
              )
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
