import { useState, type FormEvent, type ReactNode } from "react";
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

/**
 * A form page's values and their field errors: `set` changes one value and clears its error; `check` runs the form's
 * checks, shows what they found, and says whether the form may be sent.
 */
export function useFormFields<V extends object, E extends Partial<Record<string, string>>>(initial: V | (() => V), validate: (v: V) => E) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const set = <K extends keyof V>(k: K, v: V[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const check = () => {
    const e = validate(values);
    setErrors(e);
    return Object.keys(e).length === 0;
  };
  return { values, setValues, errors, setErrors, set, check };
}
