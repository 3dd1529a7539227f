import { Progress, Stack, Text } from "@mantine/core";
import type { UploadProgress } from "@/lib/upload";

const STAGE: Record<string, string> = { hashing: "Making passwords", saving: "Saving users" };

/** The bar of an upload: bytes sent, then the server's own stages. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const [label, value] =
    progress.phase === "upload"
      ? [`Uploading… ${Math.round((100 * progress.loaded) / Math.max(1, progress.total))}%`, (100 * progress.loaded) / Math.max(1, progress.total)]
      : [`${STAGE[progress.stage] ?? "Working"}… ${progress.done} of ${progress.total}`, (100 * progress.done) / Math.max(1, progress.total)];
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress value={value} aria-label={label} animated={value < 100} />
    </Stack>
  );
}
