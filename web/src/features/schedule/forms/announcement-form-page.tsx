import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router";
import { Group, Paper, Skeleton, Text, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { AnnouncementFormSchema } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { ErrorState } from "@/components/error-state";
import { FormPage, useFormFields } from "@/components/form-page";
import { RichText } from "@/components/rich-text";
import { SAVE_FAILED, useAnnouncement, useSaveAnnouncement } from "../api/announcements";

type Values = { title: string; content: string; startDate: string; endDate: string };
type Field = keyof Values;
const LIST = "/admin/dashboard/announcements";

/** The two optional dates, side by side: field, label, what empty means. */
const DATE_FIELDS = [
  ["startDate", "Start date", "Empty: from now"],
  ["endDate", "End date", "Empty: until removed"],
] as const;

/** `YYYY-MM-DD` of a stored instant (UTC: the school's zone, Africa/Accra). */
const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export function validateAnnouncement(v: Values): Partial<Record<Field, string>> {
  const parsed = AnnouncementFormSchema.safeParse(v);
  return parsed.success
    ? {}
    : issuesToFieldErrors(parsed.error.issues, (p) => (["title", "content", "startDate", "endDate"].includes(String(p)) ? (p as Field) : null));
}

/** New announcement (no :id) or edit; after saving, back to the list. */
export function AnnouncementFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const navigate = useNavigate();
  const existing = useAnnouncement(id);
  const save = useSaveAnnouncement();
  const { values, setValues, errors, set, check } = useFormFields<Values, Partial<Record<Field, string>>>(
    { title: "", content: "", startDate: "", endDate: "" },
    validateAnnouncement,
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const a = existing.data;
    if (a) setValues({ title: a.title, content: a.content, startDate: dateOf(a.startDate), endDate: dateOf(a.endDate) });
  }, [existing.data, setValues]);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!check()) return;
    setError(null);
    save.mutate(
      { id, values: { title: values.title, content: values.content, startDate: values.startDate || null, endDate: values.endDate || null } },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: id ? "Announcement updated" : "Announcement published" });
          navigate(LIST);
        },
        onError: () => setError(SAVE_FAILED),
      },
    );
  };

  if (id && existing.isPending) return <Skeleton height={360} />;
  if (id && existing.isError) return <ErrorState message={errorText(existing.error, "Failed to load announcement")} onRetry={() => void existing.refetch()} />;

  return (
    <FormPage
      title={id ? "Edit Announcement" : "New Announcement"}
      onSubmit={submit}
      error={error}
      submitLabel={id ? "Save Changes" : "Publish"}
      busy={save.isPending}
      cancelTo={LIST}
    >
      <TextInput label="Title" required value={values.title} onChange={(e) => set("title", e.currentTarget.value)} error={errors.title} />
      <Textarea
        label="Content"
        required
        autosize
        minRows={4}
        description="Plain text: line breaks are kept, http(s) addresses become links, **text** is bold."
        value={values.content}
        onChange={(e) => set("content", e.currentTarget.value)}
        error={errors.content}
      />
      {values.content.trim() && (
        <Paper withBorder p="sm" bg="gray.0" aria-label="Preview">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Preview
          </Text>
          <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
            <RichText text={values.content} />
          </Text>
        </Paper>
      )}
      <Group grow wrap="wrap" align="flex-start">
        {DATE_FIELDS.map(([field, label, description]) => (
          <TextInput
            key={field}
            type="date"
            label={label}
            description={description}
            value={values[field]}
            onChange={(e) => set(field, e.currentTarget.value)}
            error={errors[field]}
            miw={150}
          />
        ))}
      </Group>
    </FormPage>
  );
}
