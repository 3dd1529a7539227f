import { ActionIcon, Button, Fieldset, Group, NativeSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { isCoreName, nextPaper, type FieldErrors, type PaperValues, type SubjectValues } from "./mock-form-model";

type Choice = { value: string; label: string };

/** One subject of the mock form: its name, core switch and course, then each paper's kind, quiz or out of, weight and time. */
export function SubjectFields({
  subject: s,
  index: i,
  errors,
  quizzes,
  courses,
  onChange,
  onRemove,
}: {
  subject: SubjectValues;
  index: number;
  errors: FieldErrors;
  quizzes: Choice[];
  courses: Choice[];
  onChange: (s: SubjectValues) => void;
  onRemove?: () => void;
}) {
  const at = (f: string) => errors[`subjects.${i}.${f}`];
  const setPaper = (j: number, changes: Partial<PaperValues>) => onChange({ ...s, papers: s.papers.map((p, k) => (k === j ? { ...p, ...changes } : p)) });
  const label = s.name.trim() || `Subject ${i + 1}`;
  return (
    <Fieldset legend={label} aria-label={`Subject ${i + 1}`} data-testid="subject-fields">
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Subject"
            placeholder="e.g. Mathematics"
            required
            value={s.name}
            error={at("name")}
            onChange={(e) => {
              const name = e.currentTarget.value;
              onChange({ ...s, name, core: s.coreTouched ? s.core : isCoreName(name) });
            }}
            style={{ flex: "2 1 200px" }}
          />
          <Select
            label="Course (its teacher marks it)"
            placeholder="None"
            data={courses}
            value={s.courseId}
            onChange={(v) => onChange({ ...s, courseId: v })}
            clearable
            searchable
            error={at("courseId")}
            style={{ flex: "2 1 200px" }}
          />
          <Switch
            label="Core (always in the aggregate)"
            checked={s.core}
            onChange={(e) => onChange({ ...s, core: e.currentTarget.checked, coreTouched: true })}
            mb={8}
          />
          {onRemove && (
            <Button variant="subtle" color="red" onClick={onRemove} aria-label={`Remove subject ${s.name.trim() || i + 1}`}>
              Remove subject
            </Button>
          )}
        </Group>
        {at("papers") && (
          <Text c="red" size="sm" role="alert">
            {at("papers")}
          </Text>
        )}
        {s.papers.map((p, j) => {
          const pe = (f: string) => at(`papers.${j}.${f}`);
          return (
            <Stack key={j} gap={6} p="xs" style={{ borderLeft: "3px solid var(--mantine-color-gray-3)" }} aria-label={`${label}, paper ${j + 1}`} role="group">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {p.name || `Paper ${j + 1}`}
                </Text>
                {s.papers.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${p.name || `paper ${j + 1}`} of ${label}`}
                    onClick={() => onChange({ ...s, papers: s.papers.filter((_, k) => k !== j) })}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
                <TextInput label="Paper" value={p.name} error={pe("name")} onChange={(e) => setPaper(j, { name: e.currentTarget.value })} />
                <NativeSelect
                  label="Kind"
                  value={p.kind}
                  data={[
                    { value: "marks", label: "Marks" },
                    { value: "quiz", label: "Quiz" },
                  ]}
                  onChange={(e) => setPaper(j, { kind: e.currentTarget.value as PaperValues["kind"], quizId: null })}
                />
                {p.kind === "quiz" ? (
                  <Select
                    label="Quiz"
                    placeholder={quizzes.length ? "Choose a quiz" : "No quiz of this level"}
                    data={quizzes}
                    value={p.quizId}
                    onChange={(v) => setPaper(j, { quizId: v })}
                    searchable
                    error={pe("quizId")}
                  />
                ) : (
                  <TextInput
                    label="Out of"
                    inputMode="decimal"
                    value={p.outOf}
                    error={pe("outOf") ?? pe("questions")}
                    onChange={(e) => setPaper(j, { outOf: e.currentTarget.value })}
                  />
                )}
                <TextInput
                  label="Weight (%)"
                  inputMode="decimal"
                  value={p.weight}
                  error={pe("weight")}
                  onChange={(e) => setPaper(j, { weight: e.currentTarget.value })}
                />
                <TextInput
                  label="Date"
                  type="date"
                  value={p.date}
                  error={pe("startsAt")}
                  onChange={(e) => setPaper(j, { date: e.currentTarget.value })}
                  // A date needs the whole row on a phone (the browser's own date box is wide).
                  style={{ gridColumn: "span 2" }}
                />
                <TextInput label="Start time" type="time" value={p.time} onChange={(e) => setPaper(j, { time: e.currentTarget.value })} />
                <TextInput
                  label="Duration (min)"
                  inputMode="numeric"
                  value={p.duration}
                  error={pe("durationMinutes")}
                  onChange={(e) => setPaper(j, { duration: e.currentTarget.value })}
                />
              </SimpleGrid>
            </Stack>
          );
        })}
        {s.papers.length < 4 && (
          <Group>
            <Button variant="light" size="xs" onClick={() => onChange({ ...s, papers: [...s.papers, nextPaper(s)] })}>
              Add paper to {label}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
