import { useState } from "react";
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { ENROLMENT_MESSAGES } from "@adesua/domain/constants";
import type { UserImportCheck, UserImportResult } from "@adesua/domain";
import { ApiError, errorText } from "@/lib/api";
import { uploadWithProgress } from "@/lib/upload";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { RowErrors, type RowError } from "@/components/row-errors";
import { SlipDownloads } from "@/components/slip-downloads";
import { UploadProgressBar } from "@/components/upload-progress";

type Refusal = { message: string; errors: RowError[] };

const refusalOf = (err: unknown, fallback: string): Refusal => {
  const body = err instanceof ApiError ? (err.body as { errors?: RowError[] } | null) : null;
  return { message: errorText(err, fallback), errors: body?.errors ?? [] };
};

/**
 * A class list into users: choose a .csv or .xlsx, check it (every bad row listed, nothing created), import it
 * with progress, then print the slips. Columns: name, email (optional), role (default student), level.
 */
export function ImportUsersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [checked, setChecked] = useState<UserImportCheck | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [result, setResult] = useState<UserImportResult | null>(null);
  // One file, sent twice: checked (nothing created), then imported.
  const upload = useFileUpload<UserImportCheck | UserImportResult, { check: boolean }>({
    send: (f, onProgress, v) => {
      const fd = new FormData();
      fd.append("file", f);
      return uploadWithProgress(v.check ? "/users/import?check=true" : "/users/import", fd, onProgress);
    },
    onSuccess: (r, _f, v) => {
      if (v.check) return setChecked(r as UserImportCheck);
      setResult(r as UserImportResult);
      void qc.invalidateQueries({ queryKey: ["users"] });
    },
    onError: (err, v) => setRefusal(refusalOf(err, v.check ? "Failed to check the file" : "Failed to import the class list")),
    keepProgressOnError: (v) => !v.check,
  });
  const busy = upload.busy;

  function reset(f: File | null = null) {
    upload.setFile(f);
    setChecked(null);
    setRefusal(null);
    upload.setProgress(null);
    setResult(null);
  }
  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  function check() {
    if (!upload.file) return setRefusal({ message: ENROLMENT_MESSAGES.fileRequired, errors: [] });
    setRefusal(null);
    upload.start({ check: true });
  }

  function run() {
    setRefusal(null);
    upload.start({ check: false });
  }

  return (
    <Modal opened={opened} onClose={close} title="Import a class list" size="lg" centered closeOnClickOutside={!busy}>
      <Stack>
        {result ? (
          <>
            <Text role="status">
              Success: {result.created} {result.created === 1 ? "user was" : "users were"} added.
            </Text>
            <SlipDownloads slips={result.slips} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Done
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              A spreadsheet (.xlsx) or CSV file with a <b>name</b> column and, optionally, <b>email</b>, <b>role</b> (student when empty) and <b>level</b>{" "}
              (jhs1–jhs3; “Class”, “Form”, “JHS 1A” or “Basic 7” also work). Students without an email get a sign-in name made from their name. Nothing is
              created unless every row is right.{" "}
              <Anchor href={`data:text/csv;charset=utf-8,${encodeURIComponent("name,email,role,level\r\nKofi Mensah,,,jhs1\r\n")}`} download="class-list.csv">
                Download a template
              </Anchor>
            </Text>
            <FileUpload
              upload={upload}
              label="Class list"
              placeholder="Choose a .csv or .xlsx file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onFileChange={(f) => reset(f)}
              lockWhileBusy
            />
            {refusal &&
              (refusal.errors.length ? (
                <RowErrors message={refusal.message} errors={refusal.errors} />
              ) : (
                <Alert color="red" role="alert">
                  {refusal.message}
                </Alert>
              ))}
            {checked && !busy && (
              <Alert color="green" role="status">
                The file is ready: {checked.valid} {checked.valid === 1 ? "person" : "people"} ({checked.students}{" "}
                {checked.students === 1 ? "student" : "students"}).
              </Alert>
            )}
            <UploadProgressBar progress={upload.progress} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              {checked ? (
                <Button onClick={run} loading={busy}>
                  Import {checked.valid} {checked.valid === 1 ? "user" : "users"}
                </Button>
              ) : (
                <Button onClick={check} loading={busy}>
                  Check file
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
