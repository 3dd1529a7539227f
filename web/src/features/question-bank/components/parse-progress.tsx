import { Progress, Stack, Text } from "@mantine/core";
import type { UploadProgress } from "@/lib/upload";

/**
 * A paper being read: the reader's stage ("Reading page 2 of 4…") over a bar that fills page by page; a moving bar
 * while the number of pages is not known yet (a typed paper is read whole, in a moment).
 */
export function ParseProgress({ busy, fileName, progress }: { busy: boolean; fileName?: string; progress: UploadProgress | null }) {
  if (!busy) return null;
  const server = progress?.phase === "server" ? progress : null;
  const paged = server && server.total > 0;
  const label = server ? `${server.stage}…` : `Reading ${fileName ?? "the file"}…`;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={paged ? Math.max(4, Math.round((server.done / server.total) * 100)) : 100}
        animated={!paged}
        striped={!paged}
        aria-label={paged ? `${server.done} of ${server.total} pages read` : "Reading the file"}
        transitionDuration={300}
      />
    </Stack>
  );
}
