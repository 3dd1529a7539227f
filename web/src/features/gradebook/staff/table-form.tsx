import { useState } from "react";
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DEFAULT_TABLE_COLUMNS, STUDENT_TYPE_LABELS, STUDENT_TYPES, TableFormSchema, type Table, type TableFormInput } from "@adesua/domain";
import { FormError } from "@/components/form-actions";
import { api, errorText } from "@/lib/api";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { useSaveTable } from "../api/tables";

type ColumnDraft = { key?: string; name: string; type: "text" | "number"; outOf: number | "" };
type Draft = {
  name: string;
  description: string;
  type: string;
  accessLevel: "public" | "private";
  studentType: string;
  courseId: string;
  columns: ColumnDraft[];
};

const ALL_STUDENTS = "all";
const NO_COURSE = "none";

const emptyDraft = (): Draft => ({
  name: "",
  description: "",
  type: "grade",
  accessLevel: "public",
  studentType: ALL_STUDENTS,
  courseId: NO_COURSE,
  columns: DEFAULT_TABLE_COLUMNS.map((c) => ({ ...c, outOf: "" as const })),
});

const draftOf = (t: Table): Draft => ({
  name: t.name,
  description: t.description,
  type: t.type,
  accessLevel: t.accessLevel,
  studentType: t.studentType ?? ALL_STUDENTS,
  courseId: t.course ? String(t.course.id) : NO_COURSE,
  columns: t.columns.map((c) => ({ key: c.key, name: c.name, type: c.type, outOf: c.outOf ?? "" })),
});

const toInput = (d: Draft): TableFormInput => ({
  name: d.name,
  description: d.description,
  type: d.type,
  accessLevel: d.accessLevel,
  studentType: d.studentType === ALL_STUDENTS ? null : (d.studentType as TableFormInput["studentType"]),
  courseId: d.courseId === NO_COURSE ? null : Number(d.courseId),
  columns: d.columns.map((c) => ({
    ...(c.key ? { key: c.key } : {}),
    name: c.name,
    type: c.type,
    outOf: c.type === "number" && c.outOf !== "" ? c.outOf : null,
  })),
});

const LEVEL_OPTIONS = [{ value: ALL_STUDENTS, label: "All students" }, ...STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))];

/**
 * Create (or, given a table, change) a gradebook table: the spec's Table Name, Description and Create
 * Table, with the table's type, level, access level, course and columns (decision 024).
 */
export function TableForm({ table, onSaved }: { table?: Table; onSaved?: (t: Table) => void }) {
  const [draft, setDraft] = useState<Draft>(() => (table ? draftOf(table) : emptyDraft()));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTable();
  const courses = useQuery({
    queryKey: ["courses", "list", { picker: "tables" }],
    queryFn: ({ signal }) => api<{ data: { id: number; title: string }[] }>("/courses", { query: { page: 1, limit: 100 }, signal }),
    select: (r) => r.data.map((c) => ({ value: String(c.id), label: c.title })),
  });
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setColumn = (i: number, patch: Partial<ColumnDraft>) =>
    setDraft((d) => ({ ...d, columns: d.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFailure(null);
    const input = toInput(draft);
    const parsed = TableFormSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues, (p) => (p.startsWith("columns") ? "columns" : p)));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: table?.id, values: input });
      if (!table) setDraft(emptyDraft());
      onSaved?.(saved);
    } catch (err) {
      setFailure(errorText(err, "Failed to save the table"));
    }
  }

  const prefix = table ? `edit-${table.id}` : "new";
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={table ? `Edit ${table.name}` : "Create New Table"}>
      <Stack gap="sm">
        <TextInput label="Table Name" required value={draft.name} onChange={(e) => set("name", e.currentTarget.value)} error={errors.name} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.description}
          onChange={(e) => set("description", e.currentTarget.value)}
          error={errors.description}
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label="Type" value={draft.type} onChange={(e) => set("type", e.currentTarget.value)} error={errors.type} miw={140} />
          <Select
            label="Students"
            data={LEVEL_OPTIONS}
            value={draft.studentType}
            onChange={(v) => set("studentType", v ?? ALL_STUDENTS)}
            allowDeselect={false}
            miw={140}
          />
        </Group>
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Access Level"
            data={[
              { value: "public", label: "Public (every teacher)" },
              { value: "private", label: "Private (the course's teacher)" },
            ]}
            value={draft.accessLevel}
            onChange={(v) => set("accessLevel", (v as Draft["accessLevel"]) ?? "public")}
            allowDeselect={false}
            miw={140}
          />
          <Select
            label="Course"
            data={[{ value: NO_COURSE, label: "No course" }, ...(courses.data ?? [])]}
            value={draft.courseId}
            onChange={(v) => set("courseId", v ?? NO_COURSE)}
            allowDeselect={false}
            searchable
            error={errors.courseId ?? (courses.isError ? "Failed to load courses" : undefined)}
            miw={140}
          />
        </Group>
        <Stack gap={6} role="group" aria-labelledby={`${prefix}-columns`}>
          <Text fw={600} size="sm" id={`${prefix}-columns`}>
            Columns
          </Text>
          <Text size="xs" c="dimmed">
            The first column shows each student&apos;s name; the others hold marks (numbers) or notes (text).
          </Text>
          {draft.columns.map((c, i) => (
            <Group key={c.key ?? `new-${i}`} gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={`Column ${i + 1}`}>
              <TextInput
                label={i === 0 ? "Column 1 (the student's name)" : `Column ${i + 1}`}
                value={c.name}
                onChange={(e) => setColumn(i, { name: e.currentTarget.value })}
                style={{ flex: "1 1 140px" }}
              />
              <Select
                label="Type"
                data={[
                  { value: "text", label: "Text" },
                  { value: "number", label: "Number" },
                ]}
                value={c.type}
                disabled={i === 0}
                onChange={(v) => setColumn(i, { type: (v as ColumnDraft["type"]) ?? "text" })}
                allowDeselect={false}
                w={110}
              />
              {c.type === "number" && (
                <NumberInput
                  label="Out of"
                  placeholder="1000"
                  min={1}
                  max={1000}
                  value={c.outOf}
                  onChange={(v) => setColumn(i, { outOf: typeof v === "number" ? v : "" })}
                  w={110}
                />
              )}
              {i > 0 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove column ${c.name || i + 1}`}
                  onClick={() => setDraft((d) => ({ ...d, columns: d.columns.filter((_, j) => j !== i) }))}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
          ))}
          {errors.columns && (
            <Text c="red" size="sm" role="alert">
              {errors.columns}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => setDraft((d) => ({ ...d, columns: [...d.columns, { name: "", type: "number", outOf: "" }] }))}
              disabled={draft.columns.length >= 30}
            >
              Add column
            </Button>
          </Group>
          {table && (
            <Text size="xs" c="dimmed">
              Removing a column deletes the marks in it.
            </Text>
          )}
        </Stack>
        <FormError error={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {table ? "Save Table" : "Create Table"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
