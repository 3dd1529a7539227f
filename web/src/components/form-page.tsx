import type { FormEvent, ReactNode } from "react";
import { Paper, Skeleton, Stack } from "@mantine/core";
import { PageHeader } from "./page-header";
import { FormActions, FormError } from "./form-actions";

/**
 * A page that is one form (a new or edited announcement, event, record): the page's header, then a card holding the
 * form's error, its fields, and Cancel (back to `cancelTo`) beside the submit button.
 */
export function FormPage({
  title,
  subtitle,
  onSubmit,
  error,
  submitLabel,
  busy,
  cancelTo,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  onSubmit: (e: FormEvent) => void;
  error: string | null;
  submitLabel: ReactNode;
  busy: boolean;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <Stack>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError error={error} />
          {children}
          <FormActions cancelTo={cancelTo} submitLabel={submitLabel} busy={busy} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** What a form page shows while the row it edits loads: its title's place and the form's. */
export function FormPageLoading({ height }: { height: number }) {
  return (
    <Stack role="status" aria-label="Loading">
      <Skeleton height={32} width="40%" />
      <Skeleton height={height} />
    </Stack>
  );
}
