import type { ReactNode } from "react";
import { Button, FileInput, Group, Progress, Stack, Text, type ButtonVariant } from "@mantine/core";
import { UploadProgressBar } from "@/components/upload-progress";
import type { UploadProgress } from "@/lib/upload";

type Props = {
  /** A useFileUpload: the field shows its file, busy state and progress. */
  upload: { file: File | null; setFile: (f: File | null) => void; busy: boolean; progress: UploadProgress | null };
  label: string;
  accept: string;
  placeholder?: string;
  /** The button under the field that sends the file; left out when the screen's own button sends it. */
  action?: { label: string; onClick: () => void; variant?: ButtonVariant; disabled?: boolean };
  /**
   * What shows while the file is sent: an endless bar ("reading"), the same with "Reading <file>…" above it
   * ("reading-named"), or the bytes sent and then the server's stages ("stages"). None when left out.
   */
  progress?: "reading" | "reading-named" | "stages";
  /** The field is locked while the file is on its way. */
  lockWhileBusy?: boolean;
  /** Told of a new choice instead of the upload keeping it alone (e.g. to clear an earlier result). */
  onFileChange?: (file: File | null) => void;
  /** What the screen says below (the server's refusal, the parsed result's summary). */
  children?: ReactNode;
};

/**
 * The app's one way to read a file (issue 26): choose it (accept list as given), send it with `useFileUpload`,
 * show that it is on its way, and show what the screen says about the answer. Laid out as siblings of the
 * surrounding Stack, so the screen's own spacing holds.
 */
export function FileUpload({ upload, label, accept, placeholder = "Choose a file", action, progress, lockWhileBusy, onFileChange, children }: Props) {
  return (
    <>
      <FileInput
        label={label}
        placeholder={placeholder}
        accept={accept}
        value={upload.file}
        onChange={onFileChange ?? upload.setFile}
        clearable
        disabled={lockWhileBusy ? upload.busy : undefined}
      />
      {action && (
        <Group>
          <Button variant={action.variant} onClick={action.onClick} disabled={action.disabled} loading={upload.busy}>
            {action.label}
          </Button>
        </Group>
      )}
      {progress === "stages" && <UploadProgressBar progress={upload.progress} />}
      {progress === "reading" && upload.busy && <Progress value={100} animated aria-label="Reading the file" />}
      {progress === "reading-named" && upload.busy && (
        <Stack gap={4} role="status">
          <Text size="sm">Reading {upload.file?.name}…</Text>
          <Progress value={100} animated aria-label="Reading the file" />
        </Stack>
      )}
      {children}
    </>
  );
}
