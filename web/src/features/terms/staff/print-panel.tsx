import { useState } from "react";
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import type { MessagesResult } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { downloadPrintJob, startReportCards, usePrintJob, useSendMessages } from "../api/terms";

/**
 * Print the class's report cards as one PDF through a print job: "Drawing 12 of 30 cards", then the download.
 * Printing waits for both checks (said plainly); a preview (every page marked PREVIEW) may be printed before.
 */
export function PrintPanel({ termId, cls, released, fileName }: { termId: number; cls: string; released: boolean; fileName: string }) {
  const [job, setJob] = useState<{ id: string; preview: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const status = usePrintJob(job?.id ?? null);
  const j = status.data;
  const running = !!job && (!j || j.status === "queued" || j.status === "running");

  async function start(preview: boolean) {
    setError(null);
    setStarting(true);
    try {
      const created = await startReportCards(termId, cls, preview);
      setJob({ id: created.id, preview });
    } catch (err) {
      setError(errorText(err, "Could not start printing"));
    } finally {
      setStarting(false);
    }
  }

  async function download() {
    if (!j?.url) return;
    setDownloading(true);
    try {
      await downloadPrintJob(j, `${fileName}${job?.preview ? " (preview)" : ""}.pdf`);
    } catch (err) {
      setError(errorText(err, "Could not download the cards"));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="print-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="print-title">
          Report cards
        </Title>
        {!released && (
          <Text size="sm" c="dimmed" id="print-why">
            Printing opens once both the class teacher and the head teacher have checked the reports. A preview (marked PREVIEW on every page) may be printed
            now.
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            onClick={() => void start(false)}
            disabled={!released || running}
            loading={starting && !job?.preview}
            aria-describedby={released ? undefined : "print-why"}
          >
            Print report cards
          </Button>
          <Button variant="light" onClick={() => void start(true)} disabled={running} loading={starting}>
            Print preview
          </Button>
        </Group>
        {job && (
          <Stack gap={4} role="status" aria-live="polite">
            {status.isError ? (
              <Text size="sm" c="red">
                {errorText(status.error, "Lost track of the printing: try again")}
              </Text>
            ) : j?.status === "failed" ? (
              <Text size="sm" c="red">
                Printing failed: {j.error ?? "try again"}
              </Text>
            ) : j?.status === "done" ? (
              <Group gap="sm" wrap="wrap">
                <Text size="sm">
                  {j.total} {j.total === 1 ? "card" : "cards"} ready{job.preview ? " (preview)" : ""}.
                </Text>
                <Button size="sm" color="green" onClick={() => void download()} loading={downloading}>
                  Download PDF
                </Button>
              </Group>
            ) : (
              <>
                <Text size="sm">{j && j.total > 0 ? `Drawing ${j.done} of ${j.total} cards` : "Waiting to start…"}</Text>
                <Progress value={j && j.total > 0 ? (100 * j.done) / j.total : 0} aria-label="Cards drawn" animated />
              </>
            )}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Admin, after release: text each guardian the student's term figures (or write them to a CSV when no gateway is set). */
export function MessagesPanel({ termId, cls, released }: { termId: number; cls: string; released: boolean }) {
  const send = useSendMessages(termId);
  const [note, setNote] = useState("");
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<MessagesResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      setResult(await send.mutateAsync({ class: cls, ...(note.trim() ? { note: note.trim() } : {}) }));
      setAsking(false);
    } catch (err) {
      setError(errorText(err, "Could not send the messages"));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="messages-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="messages-title">
          Guardians
        </Title>
        {!released && (
          <Text size="sm" c="dimmed">
            Messages to guardians can be sent once the reports are released (both checks).
          </Text>
        )}
        <TextInput
          label="Note at the end of each message"
          placeholder="Report at school Friday."
          maxLength={80}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          disabled={!released}
          maw={420}
        />
        <Group>
          <Button variant="light" onClick={() => setAsking(true)} disabled={!released}>
            Send reports to guardians
          </Button>
        </Group>
        {result && (
          <Alert color={result.failed ? "orange" : "green"} role="status" data-testid="messages-result">
            <Stack gap={4}>
              <Text size="sm">
                Sent: {result.sent} · Failed: {result.failed}
                {result.exported ? ` · Written to CSV: ${result.exportedCount}` : ""}
              </Text>
              {result.exported && (
                <Anchor href={result.exported} download size="sm">
                  Download the messages (CSV) for your bulk-SMS service
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Send reports to guardians"
        message={`Each guardian of a student in ${cls} with a phone number gets one text message with the student's position and average.`}
        details={note.trim() ? `Ending with: "${note.trim()}"` : undefined}
        confirmLabel="Send"
        confirmColor="blue"
        loading={send.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setAsking(false);
          setError(null);
        }}
      />
    </Paper>
  );
}
