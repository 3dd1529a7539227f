import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert, Button, Group, type GroupProps } from "@mantine/core";

/** A form's refusal (the server's message, or what the form found before sending): a red alert, read out at once. */
export function FormError({ error, title }: { error: string | null | undefined; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {error}
    </Alert>
  );
}

type Cancel = { cancelLabel?: string } & ({ cancelTo: string; onCancel?: never } | { onCancel: () => void; cancelTo?: never });

/**
 * A form's buttons, right-aligned: Cancel (a link back, or a click) and the primary action, which submits the form
 * unless given `onSubmit` (a step of a dialog that is no form).
 */
export function FormActions({
  submitLabel,
  busy,
  disabled,
  onSubmit,
  cancelLabel = "Cancel",
  cancelTo,
  onCancel,
  ...group
}: Cancel & { submitLabel: ReactNode; busy?: boolean; disabled?: boolean; onSubmit?: () => void } & Omit<GroupProps, "children">) {
  return (
    <Group justify="flex-end" {...group}>
      {cancelTo !== undefined ? (
        <Button variant="default" component={Link} to={cancelTo}>
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type={onSubmit ? "button" : "submit"} onClick={onSubmit} loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
