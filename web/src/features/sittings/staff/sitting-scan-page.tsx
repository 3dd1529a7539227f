import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Anchor, Button, FileButton, Paper, Stack, Text, Title } from "@mantine/core";
import { MAX_SCAN_FILE_BYTES, MAX_SCAN_FILES, SITTING_MESSAGES, type Scan } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import type { UploadProgress } from "@/lib/upload";
import { FormError } from "@/components/form-actions";
import { PageHeader } from "@/components/page-header";
import { UploadProgressBar } from "@/components/upload-progress";
import { isReading, uploadScans, useSessionScans, useSitting } from "../api/sittings";
import { CameraScanner } from "../components/camera-scanner";
import { ScanCards } from "../components/scan-list";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

/** A choice of files the server would refuse, said before sending. */
export function filesProblem(files: { size: number; type: string }[]): string | null {
  if (files.length === 0) return SITTING_MESSAGES.noFiles;
  if (files.length > MAX_SCAN_FILES) return SITTING_MESSAGES.tooManyFiles;
  if (files.some((f) => f.type && !ACCEPT.split(",").includes(f.type))) return SITTING_MESSAGES.fileType;
  const big = files.find((f) => f.size > MAX_SCAN_FILE_BYTES);
  if (big) return `Each file must be at most ${MAX_SCAN_FILE_BYTES / 1024 / 1024} MB`;
  return null;
}

/**
 * sittings/:id/scan — the Scan screen, phone first: the camera takes each sheet by itself when its corner squares are
 * steady (or on "Take picture"), or photos and a scanner's PDF are uploaded in one go; below, this session's sheets as
 * they are read.
 */
export function SittingScanPage() {
  const id = Number(useParams().id);
  const base = staffBase(useLocation().pathname);
  const sitting = useSitting(id);
  // This session's sheets, newest first, as the upload answered them; those still being read are asked again.
  const [mine, setMine] = useState<Scan[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const fresh = useSessionScans(
    id,
    mine.filter(isReading).map((s) => s.id),
  );
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const added = (scans: Scan[]) => setMine((had) => [...[...scans].reverse(), ...had.filter((h) => !scans.some((s) => s.id === h.id))]);

  async function upload(files: File[]) {
    setError(null);
    const problem = filesProblem(files);
    if (problem) return setError(problem);
    setUploading(true);
    try {
      const res = await uploadScans(id, files, setProgress);
      added(res.scans);
    } catch (err) {
      setError(errorText(err, "The upload failed. Please try again."));
    } finally {
      setUploading(false);
      setProgress(null);
    }
  }

  // Camera pictures go one after another, so a slow network never loses one.
  const captured = useCallback(
    (photo: Blob) => {
      setSending((n) => n + 1);
      queue.current = queue.current.then(async () => {
        try {
          const res = await uploadScans(id, [photo], () => {}, [`camera-${new Date().toISOString().replace(/[:.]/g, "-")}.jpg`]);
          added(res.scans);
        } catch (err) {
          setError(errorText(err, "A picture could not be sent. Take it again."));
        } finally {
          setSending((n) => n - 1);
        }
      });
    },
    [id],
  );

  // A sheet read since: kept as read (it is no longer asked again).
  const changed = mine.some((s) => {
    const f = fresh.get(s.id);
    return f && (f.status !== s.status || f.unsettled !== s.unsettled || f.student?.id !== s.student?.id);
  });
  useEffect(() => {
    if (changed) setMine((m) => m.map((s) => fresh.get(s.id) ?? s));
  }, [changed, fresh]);
  const session = mine.map((s) => fresh.get(s.id) ?? s);
  const reading = session.filter(isReading).length;
  const needYou = session.filter((s) => s.status === "review");
  const title = sitting.data ? `${sitting.data.quiz.title} · ${sitting.data.class}` : "";

  return (
    <Stack maw={640} gap="md">
      <Anchor component={Link} to={`${base}/sittings/${id}`} size="sm">
        ← Back to the sitting
      </Anchor>
      <PageHeader title="Scan sheets" subtitle={title || (sitting.isError ? errorText(sitting.error, "Sitting not found") : undefined)} />

      <Paper withBorder p="sm" radius="md" component="section" aria-label="Camera">
        <CameraScanner onCapture={captured} />
      </Paper>

      <Paper withBorder p="sm" radius="md" component="section" aria-label="Upload">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Or upload photos or a PDF
          </Title>
          <Text size="sm" c="dimmed">
            Photos from the phone's gallery (JPEG, PNG, WebP) or a scanner's PDF with many sheets; up to {MAX_SCAN_FILES} files at a time.
          </Text>
          <FileButton
            onChange={(files) => void upload(files)}
            accept={ACCEPT}
            multiple
            disabled={uploading}
            inputProps={{ "aria-label": "Photos or PDF of answer sheets" }}
          >
            {(props) => (
              <Button {...props} variant="light" size="md" loading={uploading}>
                Choose photos or a PDF
              </Button>
            )}
          </FileButton>
          <UploadProgressBar progress={progress} />
        </Stack>
      </Paper>

      <FormError error={error} />

      <Stack gap="xs" component="section" aria-label="This session's sheets">
        <Title order={2} size="h5">
          Sheets sent now
        </Title>
        {mine.length === 0 && sending === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing sent yet. Each sheet appears here and is read in a few seconds.
          </Text>
        ) : (
          <Text size="sm" role="status" aria-live="polite" data-testid="session-summary">
            {[
              `${mine.length} sent`,
              sending ? `${sending} sending` : null,
              reading ? `${reading} being read` : null,
              needYou.length ? `${needYou.length} need you` : null,
              `${session.filter((s) => s.status === "recorded").length} recorded`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        )}
        {needYou.length > 0 && (
          <Button component={Link} to={`${base}/sittings/${id}/scans/${needYou[needYou.length - 1].id}`} color="orange" size="md">
            Settle the flagged sheets
          </Button>
        )}
        <ScanCards scans={session} base={base} sittingId={id} label="Sheets sent now" />
      </Stack>
    </Stack>
  );
}
