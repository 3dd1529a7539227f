import { useState } from "react";
import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import type { Sitting } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormError } from "@/components/form-actions";
import { downloadPrintJob, startSittingPrint, usePaperPrintJob } from "../api/sittings";

/**
 * Print a sitting: the question paper and one answer sheet per student (and the blank sheets) as one PDF, drawn by a
 * print job on the server; "12 of 40 sheets" while it is drawn, then Download PDF.
 */
export function PrintPanel({ sitting, autoFocus }: { sitting: Pick<Sitting, "id" | "class" | "quiz">; autoFocus?: boolean }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const polled = usePaperPrintJob(jobId);
  const job = polled.data;
  const drawing = !!jobId && (!job || job.status === "queued" || job.status === "running");
  const fileName = `${sitting.quiz.title} ${sitting.class} paper.pdf`;

  async function start() {
    setStarting(true);
    setError(null);
    try {
      setJobId((await startSittingPrint(sitting.id)).id);
    } catch (err) {
      setError(errorText(err, "Could not start printing. Please try again."));
    } finally {
      setStarting(false);
    }
  }
  async function download() {
    if (!job) return;
    setDownloading(true);
    setError(null);
    try {
      await downloadPrintJob(job, fileName);
    } catch (err) {
      setError(errorText(err, "The download failed. Please try again."));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="print-panel">
      <Group gap="xs" wrap="wrap">
        <Button
          onClick={() => void start()}
          loading={starting}
          disabled={drawing}
          variant={job?.status === "done" ? "default" : "filled"}
          data-autofocus={autoFocus || undefined}
        >
          {job?.status === "done" ? "Print again" : "Print"}
        </Button>
        {job?.status === "done" && (
          <Button color="green" onClick={() => void download()} loading={downloading}>
            Download PDF
          </Button>
        )}
      </Group>
      {jobId && (
        <Stack gap={4} role="status" aria-live="polite" data-testid="print-progress">
          {drawing && (
            <>
              <Text size="sm">{job && job.total ? `${job.done} of ${job.total} pages` : "Waiting to start…"}</Text>
              <Progress value={job && job.total ? (job.done / job.total) * 100 : 0} animated size="md" aria-label="Printing progress" />
            </>
          )}
          {job?.status === "done" && (
            <Text size="sm" c="green.8">
              The PDF is ready ({job.total} {job.total === 1 ? "page" : "pages"}): the question paper, then the answer sheets. Print it in black and white on
              A4, the answer sheets on one side only.
            </Text>
          )}
          {job?.status === "failed" && <FormError error={job.error ?? "The PDF could not be drawn."} />}
        </Stack>
      )}
      <FormError error={error ?? (polled.isError ? errorText(polled.error, "Lost track of the print job") : null)} />
    </Stack>
  );
}
