import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { ENROLMENT_MESSAGES } from "@adesua/domain/constants";
import type { ImportExportOperation, Slip } from "@adesua/domain";
import { api, ApiError, errorText } from "@/lib/api";
import { downloadFile } from "@/lib/download";
import { uploadWithProgress } from "@/lib/upload";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { PageHeader } from "@/components/page-header";
import { ListSkeleton } from "@/components/list-skeleton";
import { ErrorState } from "@/components/error-state";
import { EmptyState } from "@/components/empty-state";
import { RowErrors, type RowError } from "@/components/row-errors";
import { SlipDownloads } from "@/components/slip-downloads";

type Outcome = { ok: true; detail?: string; slips?: Slip[] } | { ok: false; reason: string; errors?: RowError[] };

/** What a successful import answered, in words (users: how many were added; questions: the server's message). */
function successDetail(body: unknown): { detail?: string; slips?: Slip[] } {
  const b = (body ?? {}) as { created?: number; slips?: Slip[]; message?: string; skippedDuplicates?: number };
  if (typeof b.created === "number") return { detail: `${b.created} ${b.created === 1 ? "user was" : "users were"} added.`, slips: b.slips };
  const dupes = b.skippedDuplicates ? ` (${b.skippedDuplicates} already in the bank were skipped)` : "";
  return { detail: b.message ? `${b.message}${dupes}.` : undefined };
}

function OperationCard({ op }: { op: ImportExportOperation }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const failed = (err: unknown) => {
    const errors = err instanceof ApiError ? (err.body as { errors?: RowError[] } | null)?.errors : undefined;
    setOutcome({
      ok: false,
      reason: errorText(err, op.method === "GET" ? "Failed to export data. Please try again." : "The import did not go through"),
      errors,
    });
  };
  const download = useMutation({
    mutationFn: () => downloadFile(op.path, `${op.id}.csv`),
    onSuccess: () => setOutcome({ ok: true }),
    onError: failed,
  });
  const upload = useFileUpload({
    send: (f, onProgress) => {
      const fd = new FormData();
      fd.append("file", f);
      return uploadWithProgress<unknown>(op.path, fd, onProgress);
    },
    onMissing: () => setOutcome({ ok: false, reason: ENROLMENT_MESSAGES.fileRequired }),
    onSuccess: (body) => {
      setOutcome({ ok: true, ...successDetail(body) });
      upload.setFile(null);
    },
    onError: failed,
  });
  const busy = download.isPending || upload.busy;

  function run() {
    setOutcome(null);
    if (op.method === "GET") download.mutate();
    else upload.start();
  }

  return (
    <Card withBorder padding="md" component="li" aria-label={op.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{op.name}</Text>
          <Badge variant="light" color={op.method === "GET" ? "blue" : "grape"} style={{ flexShrink: 0 }}>
            {op.method === "GET" ? "Export" : "Import"}
          </Badge>
        </Group>
        {op.method === "POST" && (
          <FileUpload
            upload={upload}
            label="File"
            placeholder={op.id === "importUsers" ? "A .csv or .xlsx class list" : "A .csv file"}
            accept={op.id === "importUsers" ? ".csv,.xlsx" : ".csv"}
            onFileChange={(f) => {
              upload.setFile(f);
              setOutcome(null);
            }}
            lockWhileBusy
            progress="stages"
          />
        )}
        <Group>
          <Button onClick={run} loading={busy} variant={op.method === "GET" ? "light" : "filled"}>
            {op.method === "GET" ? "Download CSV" : "Upload"}
          </Button>
        </Group>
        {outcome?.ok === true && (
          <Alert color="green" role="status" title="Success">
            {outcome.detail && <Text size="sm">{outcome.detail}</Text>}
          </Alert>
        )}
        {outcome?.ok === true && outcome.slips && outcome.slips.length > 0 && <SlipDownloads slips={outcome.slips} />}
        {outcome?.ok === false &&
          (outcome.errors?.length ? (
            <RowErrors message={`Failed: ${outcome.reason}`} errors={outcome.errors} />
          ) : (
            <Alert color="red" role="alert" title="Failed">
              {outcome.reason}
            </Alert>
          ))}
      </Stack>
    </Card>
  );
}

/** Import/Export (spec 001): every operation the user may run; exports download a CSV, imports take a file. */
export function ImportExportPage() {
  const ops = useQuery({ queryKey: ["import-export"], queryFn: ({ signal }) => api<ImportExportOperation[]>("/import-export", { signal }) });
  return (
    <Stack>
      <PageHeader title="Import/Export" subtitle="Download the school's data as CSV, or bring in a class list or questions." />
      {ops.isPending && <ListSkeleton count={4} />}
      {ops.isError && (
        <ErrorState message={errorText(ops.error, "Failed to load the operations.")} onRetry={() => void ops.refetch()} retrying={ops.isFetching} />
      )}
      {ops.data && ops.data.length === 0 && <EmptyState title="Nothing to import or export" message="Your role has no import or export operations." />}
      {ops.data && ops.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {ops.data.map((op) => (
            <OperationCard key={op.id} op={op} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
