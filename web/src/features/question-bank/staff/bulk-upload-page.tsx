import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Anchor, Button, FileInput, Group, List, Paper, Progress, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { PageHeader } from "@/components/page-header";
import { ApiError, errorText } from "@/lib/api";
import { ACCEPT_DOCS, ANSWERS_FAILED, CSV_FAILED, importCsv, parseAnswers, parseQuestions, PARSE_FAILED, toDrafts, useInvalidateBank } from "../api/staff";
import { matchAnswerKey, type DraftQuestion } from "../lib/answers";
import { emptyMetadata, MetadataFields, toMetadata } from "./metadata-fields";
import { ReviewList } from "./review-list";
import { saveQuestions } from "./save-questions";

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

/** /admin/dashboard/bulk-upload: a CSV (recommended) or a PDF/DOCX paper into the bank, in the spec's four steps. */
export function BulkUploadPage() {
  const navigate = useNavigate();
  const invalidate = useInvalidateBank();
  const [mode, setMode] = useState<"csv" | "doc">("csv");
  const [file, setFile] = useState<File | null>(null);
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [meta, setMeta] = useState(emptyMetadata);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const finish = (text: string) => {
    setDone(text);
    void invalidate();
    setTimeout(() => navigate(BANK), 2000);
  };

  async function uploadCsv() {
    setError(null);
    setRowErrors([]);
    if (!file) return setError("Please select a CSV file");
    const m = toMetadata(meta);
    if ("error" in m) return setError(m.error === "Year and Subject are required" ? "Year and Subject are required for CSV upload" : m.error);
    setBusy("csv");
    try {
      const r = await importCsv(file, m.value);
      finish(r.message);
    } catch (e) {
      setError(errorText(e, CSV_FAILED));
      const body = e instanceof ApiError ? (e.body as { errors?: RowError[] } | undefined) : undefined;
      if (Array.isArray(body?.errors)) setRowErrors(body.errors);
    } finally {
      setBusy(null);
    }
  }

  async function parse() {
    if (!file) return setError("Please select a PDF or DOCX file");
    setBusy("parse");
    setError(null);
    try {
      const r = await parseQuestions(file);
      const d = toDrafts(r);
      setQuestions(d.questions);
      setWarnings(d.general);
    } catch (e) {
      setQuestions([]);
      setError(errorText(e, PARSE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function parseKey() {
    if (!keyFile) return setNotice({ ok: false, text: "Please select an answer file" });
    setBusy("answers");
    try {
      const r = await parseAnswers(keyFile);
      const m = matchAnswerKey(questions, r.answers);
      if (m.ok) setQuestions(m.questions);
      setNotice({ ok: m.ok, text: m.message });
      if (m.ok) setTimeout(() => setNotice((n) => (n?.ok ? null : n)), 3000);
    } catch (e) {
      setNotice({ ok: false, text: errorText(e, ANSWERS_FAILED) });
    } finally {
      setBusy(null);
    }
  }

  async function saveAll() {
    setError(null);
    if (questions.length === 0) return setError("No questions to save");
    const m = toMetadata(meta);
    if ("error" in m) return setError(m.error);
    setBusy("save");
    const r = await saveQuestions(questions, m.value, (d, t) => setProgress({ done: d, total: t }));
    setBusy(null);
    setProgress(null);
    if (r.failed) return setError(`Saved ${r.saved} of ${questions.length} questions. ${r.message ?? ""}`);
    finish(`Saved ${r.saved} questions to the bank${r.skippedDuplicates ? ` (${r.skippedDuplicates} duplicates skipped)` : ""}.`);
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
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                1. {mode === "csv" ? "CSV file" : "Question file"}
              </Title>
              <FileInput
                label={mode === "csv" ? "CSV file" : "Question file"}
                placeholder="Choose a file"
                accept={mode === "csv" ? ".csv,text/csv" : ACCEPT_DOCS}
                value={file}
                onChange={setFile}
                clearable
              />
              {mode === "doc" && (
                <Group>
                  <Button onClick={() => void parse()} disabled={!file} loading={busy === "parse"}>
                    Parse Questions
                  </Button>
                </Group>
              )}
              {busy === "parse" && <Progress value={100} animated aria-label="Reading the file" />}
            </Stack>
          </Paper>
          {mode === "doc" && questions.length > 0 && (
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
                {notice && (
                  <Alert color={notice.ok ? "green" : "yellow"} role="status">
                    {notice.text}
                  </Alert>
                )}
              </Stack>
            </Paper>
          )}
          {(mode === "csv" || questions.length > 0) && (
            <Paper withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {mode === "csv" ? "2" : "3"}. Year, subject and section
                </Title>
                <MetadataFields value={meta} onChange={setMeta} />
              </Stack>
            </Paper>
          )}
          {mode === "doc" && questions.length > 0 && (
            <Paper withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  4. Review
                </Title>
                <ReviewList questions={questions} onChange={setQuestions} warnings={warnings} />
              </Stack>
            </Paper>
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
              <Button onClick={() => void uploadCsv()} loading={busy === "csv"} disabled={!file || !meta.year || !meta.subject}>
                Upload CSV
              </Button>
            ) : (
              questions.length > 0 && (
                <Button onClick={() => void saveAll()} loading={busy === "save"} disabled={!meta.year || !meta.subject}>
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
