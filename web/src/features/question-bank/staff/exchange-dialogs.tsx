import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Group, List, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { FormError } from "@/components/form-actions";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { ApiError, errorText } from "@/lib/api";
import { downloadFile } from "@/lib/download";
import {
  EXPORT_FAILED,
  EXCHANGE_FORMATS,
  IMPORT_FAILED,
  exportPath,
  importExchange,
  importCsv,
  useInvalidateBank,
  type ExchangeFormat,
  type SaveMetadata,
} from "../api/staff";
import { emptyMetadata, MetadataFields, toMetadata } from "./metadata-fields";

type RowError = { row: number; message: string };
/** What the import did not take: questions of kinds Adesua does not import (named) and broken or changed ones (warnings). */
type Skipped = { unsupported?: { message: string }[]; warnings?: { message: string }[] };
const skippedLines = (b: Skipped | undefined) => [...(b?.unsupported ?? []).map((u) => u.message), ...(b?.warnings ?? []).map((w) => w.message)];

const FORMAT_OPTIONS = EXCHANGE_FORMATS.map((f) => ({ value: f.value, label: f.label }));
const acceptOf = (f: ExchangeFormat) => EXCHANGE_FORMATS.find((x) => x.value === f)!.accept;

/**
 * Import questions from another system's open format (GIFT, Aiken, Moodle XML: every question type) or the CSV template
 * into the bank: one file, its year, subject, section and topic; duplicates skipped. What is not imported (a matching
 * question, a broken one, a sound file) is listed by name after the import, or with the refusal when nothing could be.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invalidate = useInvalidateBank();
  const [format, setFormat] = useState<ExchangeFormat>("gift");
  const [meta, setMeta] = useState(emptyMetadata);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [done, setDone] = useState<{ text: string; warnings: string[] } | null>(null);
  const upload = useFileUpload({
    send: (f, _progress, v: { format: ExchangeFormat; meta: SaveMetadata }) =>
      v.format === "csv" ? importCsv(f, v.meta) : importExchange(f, v.format, v.meta),
    onSuccess: (r) => {
      const skipped = r.skippedDuplicates ? ` (${r.skippedDuplicates} duplicate${r.skippedDuplicates === 1 ? "" : "s"} skipped)` : "";
      // Each message names its question ("Q7 'Match the tools' is a matching question: not imported").
      setDone({ text: `${r.message}${skipped}.`, warnings: skippedLines(r) });
      setFile(null);
      void invalidate();
    },
    onError: (e) => {
      setError(errorText(e, IMPORT_FAILED));
      const body = e instanceof ApiError ? (e.body as { errors?: RowError[] } | undefined) : undefined;
      if (Array.isArray(body?.errors)) setRowErrors(body.errors);
      const refusal = e instanceof ApiError ? (e.body as Skipped | undefined) : undefined;
      const lines = skippedLines(refusal).filter((l) => l.endsWith("not imported") || l.endsWith("skipped"));
      if (lines.length) {
        // The error names them all in one line; the list reads better.
        setError("No question in this file can be imported:");
        setSkipped(lines);
      }
    },
  });
  const { file, setFile } = upload;

  const close = () => {
    setFile(null);
    setError(null);
    setRowErrors([]);
    setSkipped([]);
    setDone(null);
    onClose();
  };

  function submit() {
    setError(null);
    setRowErrors([]);
    setSkipped([]);
    setDone(null);
    if (!file) return setError(format === "csv" ? "Please select a CSV file" : "Please select a GIFT, Aiken or Moodle XML file to import.");
    const m = toMetadata(meta);
    if ("error" in m) return setError(m.error);
    upload.start({ format, meta: m.value });
  }

  return (
    <Modal opened={opened} onClose={close} title="Import questions" centered size="lg">
      <Stack>
        <Text size="sm">
          Questions exported from Moodle or another system (GIFT, Aiken or Moodle XML: multiple choice, multiple answers, true/false, short answer, numerical
          and essay questions; matching and other kinds are named and left out), or a CSV with the columns question, optionA–optionD, optionE (optional),
          correctOption (A–E) and explanation (optional).
        </Text>
        <NativeSelect
          label="Format"
          data={FORMAT_OPTIONS}
          value={format}
          onChange={(e) => {
            setFormat(e.currentTarget.value as ExchangeFormat);
            setFile(null);
          }}
        />
        <FileUpload upload={upload} label="File" accept={acceptOf(format)} />
        <MetadataFields value={meta} onChange={setMeta} />
        {error && (
          <Alert color="red" role="alert">
            {error}
            {rowErrors.length > 0 && (
              <List size="sm" mt={4}>
                {rowErrors.slice(0, 20).map((r) => (
                  <List.Item key={r.row}>
                    Row {r.row}: {r.message}
                  </List.Item>
                ))}
              </List>
            )}
            {skipped.length > 0 && (
              <List size="sm" mt={4}>
                {skipped.slice(0, 50).map((m, i) => (
                  <List.Item key={i}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status">
            {done.text}
            {done.warnings.length > 0 && (
              <List size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
                {done.warnings.slice(0, 100).map((w, i) => (
                  <List.Item key={i}>{w}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {done ? "Done" : "Cancel"}
          </Button>
          <Button onClick={submit} loading={upload.busy}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type ExportDefaults = { year?: number; subject?: string; section?: string };

/**
 * Export the bank, or part of it (year, subject, section, topic), as GIFT, Aiken, Moodle XML or CSV: a
 * file another system (or this bank again) imports unchanged.
 */
export function ExportDialog({ opened, onClose, defaults }: { opened: boolean; onClose: () => void; defaults: ExportDefaults }) {
  const [format, setFormat] = useState<ExchangeFormat>("csv");
  const [year, setYear] = useState(defaults.year ? String(defaults.year) : "");
  const [subject, setSubject] = useState(defaults.subject ?? "");
  const [section, setSection] = useState(defaults.section ?? "");
  const [topic, setTopic] = useState("");
  const [error, setError] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () => {
      const filter = { year: year.trim() || undefined, subject: subject.trim() || undefined, section: section || undefined, topic: topic.trim() || undefined };
      return downloadFile(exportPath(format, filter), `questions.${format === "moodle-xml" ? "xml" : format === "csv" ? "csv" : "txt"}`);
    },
    onSuccess: () => onClose(),
    onError: (e) => setError(errorText(e, EXPORT_FAILED)),
  });

  function submit() {
    setError(null);
    if (year.trim() && !/^\d{4}$/.test(year.trim())) return setError("Year must be a whole number such as 2019");
    download.mutate();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Export questions" centered size="lg">
      <Stack>
        <Text size="sm">Leave a field empty to export every year, subject, section or topic.</Text>
        <NativeSelect label="Format" data={FORMAT_OPTIONS} value={format} onChange={(e) => setFormat(e.currentTarget.value as ExchangeFormat)} />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label="Year" inputMode="numeric" miw={120} value={year} onChange={(e) => setYear(e.currentTarget.value)} />
          <TextInput label="Subject" miw={160} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <NativeSelect
            label="Section"
            miw={100}
            data={[{ value: "", label: "All" }, "A", "B"]}
            value={section}
            onChange={(e) => setSection(e.currentTarget.value)}
          />
          <TextInput label="Topic" miw={160} value={topic} onChange={(e) => setTopic(e.currentTarget.value)} />
        </Group>
        <FormError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={download.isPending}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
