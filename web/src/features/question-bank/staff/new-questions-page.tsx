import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Alert, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { useInvalidateBank } from "../api/staff";
import { areaOf } from "../lib/area";
import type { DraftQuestion } from "../lib/answers";
import { emptyMetadata, MetadataFields, toMetadata } from "./metadata-fields";
import { ReviewList } from "./review-list";
import { useSaveQuestions } from "./save-questions";

/** /…/questions/new: the questions read on Upload Quiz (navigation state), with their year, subject and section, saved to the bank. */
export function NewQuestionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const base = areaOf(location.pathname);
  const invalidate = useInvalidateBank();
  const initial = ((location.state as { questions?: DraftQuestion[] } | null)?.questions ?? []).filter((q) => q && typeof q.text === "string");
  const [questions, setQuestions] = useState<DraftQuestion[]>(initial);
  const [meta, setMeta] = useState(emptyMetadata);
  const saving = useSaveQuestions();
  const progress = saving.progress;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  function save() {
    if (questions.length === 0) return setMessage({ ok: false, text: "No questions to save" });
    const m = toMetadata(meta);
    if ("error" in m) return setMessage({ ok: false, text: m.error });
    setMessage(null);
    saving.mutate(
      { questions, meta: m.value },
      {
        onSuccess: (r) => {
          void invalidate();
          if (r.failed) return setMessage({ ok: false, text: `Saved ${r.saved} of ${questions.length} questions. ${r.message ?? ""}` });
          setMessage({ ok: true, text: `Saved ${r.saved} questions${r.skippedDuplicates ? ` (${r.skippedDuplicates} duplicates skipped)` : ""}.` });
          setTimeout(() => navigate(`${base}/quiz/upload`), 2000);
        },
      },
    );
  }

  return (
    <Stack maw={860}>
      <PageHeader title="New Questions" subtitle="Check the questions, give their year, subject and section, and save them to the bank." />
      {questions.length === 0 && !message ? (
        <EmptyState
          title="No questions to save"
          message="Read a question file on Upload Quiz first."
          action={
            <Button component={Link} to={`${base}/quiz/upload`} variant="light">
              Upload Quiz
            </Button>
          }
        />
      ) : (
        <>
          <Paper withBorder p="md">
            <MetadataFields value={meta} onChange={setMeta} />
          </Paper>
          <ReviewList questions={questions} onChange={setQuestions} serverError={saving.data?.message} />
          {progress && (
            <Stack gap={4} role="status">
              <Text size="sm">
                Saving one by one: {progress.done} of {progress.total}
              </Text>
              <Progress value={(progress.done / Math.max(1, progress.total)) * 100} aria-label="Saving questions" />
            </Stack>
          )}
          {message && (
            <Alert color={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"}>
              {message.text}
            </Alert>
          )}
          <Group>
            <Button onClick={save} loading={saving.isPending} disabled={questions.length === 0 || !meta.year || !meta.subject}>
              Save All to Bank
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
