import { useEffect, useState } from "react";
import { Button, Group, Modal, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, TermSubjectInputSchema, type TermSubject, type TermSubjectInput } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormActions, FormError } from "@/components/form-actions";
import { useCourseChoices, useSaveSubject } from "../api/terms";
import { ComponentRow, type ComponentDraft } from "./component-row";

let seq = 0;
const newKey = () => `c${++seq}`;

export const draftOf = (c: TermSubject["components"][number]): ComponentDraft => ({
  key: newKey(),
  id: c.id,
  part: c.part,
  kind: c.kind,
  name: c.name,
  quizId: c.quizId ? String(c.quizId) : null,
  gradebookId: c.gradebookId ? String(c.gradebookId) : null,
  columnKey: c.columnKey,
  mockId: null,
  mockPaperId: c.mockPaperId ? String(c.mockPaperId) : null,
  outOf: c.outOf,
  weight: c.weight,
});

const blank = (part: "class" | "exam"): ComponentDraft => ({
  key: newKey(),
  part,
  kind: "marks",
  name: part === "class" ? "Class exercises" : "End of term exam",
  quizId: null,
  gradebookId: null,
  columnKey: null,
  mockId: null,
  mockPaperId: null,
  outOf: 100,
  weight: 1,
});

const idOf = (v: string | null) => (v ? Number(v) : null);

/** The form's subject as the API's TermSubjectInput (a mock component keeps its paper; the mock is only the chooser). */
export function toSubjectInput(v: { level: string; name: string; courseId: string | null; components: ComponentDraft[] }): unknown {
  return {
    level: v.level,
    name: v.name,
    courseId: idOf(v.courseId),
    components: v.components.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      part: c.part,
      kind: c.kind,
      name: c.name,
      quizId: c.kind === "quiz" ? idOf(c.quizId) : null,
      gradebookId: c.kind === "gradebook" ? idOf(c.gradebookId) : null,
      columnKey: c.kind === "gradebook" ? c.columnKey : null,
      mockPaperId: c.kind === "mock" ? idOf(c.mockPaperId) : null,
      outOf: c.outOf === "" ? undefined : Number(c.outOf),
      weight: c.weight === "" ? undefined : Number(c.weight),
    })),
  };
}

/**
 * Add a subject to a level, or change one (admin: everything; the course's teacher: its components). Each of the class
 * and exam scores is made of parts: a quiz, a gradebook column, a mock paper or marks entered here, with out of and weight.
 */
export function SubjectForm({
  termId,
  subject,
  level,
  admin,
  opened,
  onClose,
}: {
  termId: number;
  subject: TermSubject | null;
  level: string | null;
  admin: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery("(max-width: 40em)");
  const save = useSaveSubject(termId);
  const courses = useCourseChoices(opened && admin);
  const [lvl, setLvl] = useState<string>("jhs1");
  const [name, setName] = useState("");
  const [courseId, setCourseId] = useState<string | null>(null);
  const [components, setComponents] = useState<ComponentDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setLvl(subject?.level ?? level ?? "jhs1");
    setName(subject?.name ?? "");
    setCourseId(subject?.courseId ? String(subject.courseId) : null);
    setComponents(subject ? subject.components.map(draftOf) : [blank("class"), blank("exam")]);
    setErrors({});
    setError(null);
  }, [opened, subject, level]);

  const change = (key: string, d: Partial<ComponentDraft>) => setComponents((cs) => cs.map((c) => (c.key === key ? { ...c, ...d } : c)));

  function submit() {
    const input = toSubjectInput({ level: lvl, name, courseId, components });
    const parsed = TermSubjectInputSchema.safeParse(input);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const i of parsed.error.issues) {
        const k = i.path[0] === "components" ? (components[Number(i.path[1])]?.key ?? "form") : String(i.path[0] ?? "form");
        e[k] ??= i.message;
      }
      setErrors(e);
      return;
    }
    setError(null);
    save.mutate(
      { id: subject?.id, values: parsed.data as TermSubjectInput },
      {
        onSuccess: (s) => {
          notifications.show({ color: "green", message: subject ? `Saved ${s.name}` : `Added ${s.name}` });
          onClose();
        },
        onError: (err) => setError(errorText(err, "Could not save the subject")),
      },
    );
  }

  const part = (p: "class" | "exam") => (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          {p === "class" ? "Class score" : "Exam score"}
        </Title>
        <Button size="xs" variant="light" onClick={() => setComponents((cs) => [...cs, blank(p)])}>
          Add {p === "class" ? "class score" : "exam"} part
        </Button>
      </Group>
      {components.filter((c) => c.part === p).length === 0 && (
        <Text size="sm" c="dimmed">
          No parts yet: {p === "class" ? "the class score is 0." : "the exam score is missing."}
        </Text>
      )}
      {components
        .filter((c) => c.part === p)
        .map((c) => (
          <ComponentRow
            key={c.key}
            draft={c}
            level={lvl}
            error={errors[c.key]}
            onChange={(d) => change(c.key, d)}
            onRemove={() => setComponents((cs) => cs.filter((x) => x.key !== c.key))}
          />
        ))}
    </Stack>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={subject ? `Edit ${subject.name}` : "Add subject"} size="xl" fullScreen={narrow}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <FormError error={error ?? errors.form} />
          <Group gap="sm" wrap="wrap" align="flex-start">
            <Select
              label="Level"
              data={STUDENT_TYPES.map((t) => ({ value: t, label: STUDENT_TYPE_LABELS[t] }))}
              value={lvl}
              onChange={(v) => v && setLvl(v)}
              allowDeselect={false}
              disabled={!!subject}
              w={120}
            />
            <TextInput
              label="Subject"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              disabled={!admin}
              maxLength={80}
              w={220}
            />
            {admin && (
              <Select
                label="Course (its teacher edits the parts)"
                clearable
                searchable
                data={(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
                value={courseId}
                onChange={setCourseId}
                w={260}
              />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Each part counts by its weight: a mark out of its &quot;out of&quot; becomes a share of the class score or the exam score.
          </Text>
          {part("class")}
          {part("exam")}
          <FormActions onCancel={onClose} submitLabel={subject ? "Save subject" : "Add subject"} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
