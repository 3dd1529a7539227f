import { useEffect, useRef, useState } from "react";
import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import type { Mock } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormError } from "@/components/form-actions";
import { downloadBroadsheetXlsx, downloadPrintJob, startPrintJob, usePrintJob, type MockPrintKind } from "../api/mocks";

const NAMES: Record<MockPrintKind, string> = { broadsheet: "broadsheet", "result-slips": "result slips" };

/** The broadsheet as Excel (at once), and the broadsheet and result slips as PDF, drawn by a print job with its progress. */
export function PrintDownloads({ mock, cls }: { mock: Pick<Mock, "id" | "title">; cls: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<{ id: string; kind: MockPrintKind } | null>(null);
  const polled = usePrintJob(job?.id ?? null);
  const current = polled.data;
  const fileName = job ? `${mock.title} ${NAMES[job.kind]}${cls ? ` ${cls}` : ""}.pdf` : "";
  const fetched = useRef<string | null>(null);

  async function run(what: string, work: () => Promise<unknown>) {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, "The download failed. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  // Once drawn, the file downloads by itself (once); the button stays for another copy.
  useEffect(() => {
    if (current?.status === "done" && fetched.current !== current.id) {
      fetched.current = current.id;
      void run("file", () => downloadPrintJob(current, fileName));
    }
  }, [current, fileName]);

  const drawing = current && (current.status === "queued" || current.status === "running");
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant="light" loading={busy === "xlsx"} onClick={() => void run("xlsx", () => downloadBroadsheetXlsx(mock, cls))}>
          Broadsheet (Excel)
        </Button>
        {(["broadsheet", "result-slips"] as const).map((kind) => (
          <Button
            key={kind}
            variant="light"
            loading={busy === kind || (job?.kind === kind && !!drawing)}
            disabled={!!drawing}
            onClick={() =>
              void run(kind, async () => {
                const started = await startPrintJob(mock.id, kind, cls);
                setJob({ id: started.id, kind });
              })
            }
          >
            {kind === "broadsheet" ? "Broadsheet (PDF)" : "Result slips (PDF)"}
          </Button>
        ))}
      </Group>
      {job && current && (
        <Stack gap={4} maw={420} role="status" aria-live="polite" data-testid="print-progress">
          {drawing && (
            <>
              <Text size="sm">
                {current.total ? `Drawing ${current.done} of ${current.total}` : "Waiting to start…"} ({NAMES[job.kind]})
              </Text>
              <Progress value={current.total ? (current.done / current.total) * 100 : 0} animated size="sm" />
            </>
          )}
          {current.status === "done" && (
            <Group gap="xs">
              <Text size="sm" c="green.8">
                The {NAMES[job.kind]} PDF is ready.
              </Text>
              <Button size="compact-sm" variant="subtle" loading={busy === "file"} onClick={() => void run("file", () => downloadPrintJob(current, fileName))}>
                Download again
              </Button>
            </Group>
          )}
          {current.status === "failed" && <FormError error={current.error ?? "The PDF could not be drawn."} />}
        </Stack>
      )}
      <FormError error={error ?? (polled.isError ? errorText(polled.error, "Lost track of the print job") : null)} />
    </Stack>
  );
}
