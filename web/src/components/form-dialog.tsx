import type { FormEvent, ReactNode } from "react";
import { Modal, Stack } from "@mantine/core";
import { FormActions, FormError } from "./form-actions";

/**
 * A centred dialog holding one form: its fields, the form's error (above the fields, or below them beside the
 * buttons), Cancel and the submit button. `empty` leaves the dialog's body out (while it closes on a cleared subject).
 */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  error,
  errorAt = "end",
  submitLabel,
  busy,
  empty,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: () => void;
  error: string | null;
  errorAt?: "start" | "end";
  submitLabel: ReactNode;
  busy: boolean;
  empty?: boolean;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {!empty && (
        <form onSubmit={submit} noValidate>
          <Stack>
            {errorAt === "start" && <FormError error={error} />}
            {children}
            {errorAt === "end" && <FormError error={error} />}
            <FormActions onCancel={onClose} submitLabel={submitLabel} busy={busy} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
