import { ActionIcon, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import type { ComponentInput } from "@adesua/domain";
import { useMockChoice, useMockChoices, useQuizChoices, useTableChoices } from "../api/terms";

/** A component as the form holds it (ids as text for the selects). */
export type ComponentDraft = {
  key: string;
  id?: number;
  part: "class" | "exam";
  kind: ComponentInput["kind"];
  name: string;
  quizId: string | null;
  gradebookId: string | null;
  columnKey: string | null;
  mockId: string | null;
  mockPaperId: string | null;
  outOf: number | string;
  weight: number | string;
};

export const KIND_LABELS: Record<ComponentInput["kind"], string> = {
  quiz: "A quiz of the level",
  gradebook: "A gradebook column",
  mock: "A mock paper",
  marks: "Marks entered here",
};

/** One part of a class or exam score: where its marks come from, its out of and its weight. */
export function ComponentRow({
  draft,
  level,
  error,
  onChange,
  onRemove,
}: {
  draft: ComponentDraft;
  level: string;
  error?: string;
  onChange: (d: Partial<ComponentDraft>) => void;
  onRemove: () => void;
}) {
  const quizzes = useQuizChoices(level, draft.kind === "quiz");
  const tables = useTableChoices(draft.kind === "gradebook");
  const mocks = useMockChoices(level, draft.kind === "mock");
  const mock = useMockChoice(draft.kind === "mock" && draft.mockId ? Number(draft.mockId) : null);
  const table = tables.data?.data.find((t) => String(t.id) === draft.gradebookId);
  const papers = (mock.data?.subjects ?? []).flatMap((s) =>
    s.papers.map((p) => ({ value: String(p.id), label: `${s.name}: ${p.name} (out of ${p.outOf})`, outOf: p.outOf })),
  );
  const label = draft.part === "class" ? "class score part" : "exam score part";

  return (
    <Paper withBorder p="sm" radius="sm" data-testid="component-row">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" align="flex-end">
          <Select
            label="Comes from"
            data={Object.entries(KIND_LABELS).map(([value, l]) => ({ value, label: l }))}
            value={draft.kind}
            onChange={(v) => v && onChange({ kind: v as ComponentDraft["kind"] })}
            allowDeselect={false}
            w={190}
          />
          <TextInput label="Name" required value={draft.name} onChange={(e) => onChange({ name: e.currentTarget.value })} maxLength={80} w={180} />
          <NumberInput label="Out of" min={1} max={1000} value={draft.outOf} onChange={(v) => onChange({ outOf: v })} w={90} />
          <NumberInput label="Weight" min={0} max={100} decimalScale={2} value={draft.weight} onChange={(v) => onChange({ weight: v })} w={90} />
          <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`Remove ${label} ${draft.name || ""}`.trim()} mb={2}>
            ✕
          </ActionIcon>
        </Group>
        {draft.kind === "quiz" && (
          <Select
            label="Quiz"
            searchable
            placeholder={quizzes.isPending ? "Loading…" : "Choose a quiz"}
            nothingFoundMessage="No quiz of this level"
            data={(quizzes.data?.data ?? []).map((q) => ({ value: String(q.id), label: q.title }))}
            value={draft.quizId}
            onChange={(v) => onChange({ quizId: v, name: draft.name || (quizzes.data?.data.find((q) => String(q.id) === v)?.title ?? "") })}
          />
        )}
        {draft.kind === "gradebook" && (
          <Group gap="xs" wrap="wrap">
            <Select
              label="Gradebook"
              searchable
              placeholder="Choose a table"
              data={(tables.data?.data ?? []).filter((t) => !t.studentType || t.studentType === level).map((t) => ({ value: String(t.id), label: t.name }))}
              value={draft.gradebookId}
              onChange={(v) => onChange({ gradebookId: v, columnKey: null })}
              w={220}
            />
            <Select
              label="Column"
              placeholder="Choose a column"
              data={(table?.columns ?? [])
                .filter((c) => c.type === "number")
                .map((c) => ({ value: c.key, label: c.outOf ? `${c.name} (out of ${c.outOf})` : c.name }))}
              value={draft.columnKey}
              onChange={(v) => {
                const col = table?.columns.find((c) => c.key === v);
                onChange({ columnKey: v, name: draft.name || (col?.name ?? ""), ...(col?.outOf ? { outOf: col.outOf } : {}) });
              }}
              w={220}
            />
          </Group>
        )}
        {draft.kind === "mock" && (
          <Group gap="xs" wrap="wrap">
            <Select
              label="Mock"
              placeholder="Choose a mock"
              data={(mocks.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.title }))}
              value={draft.mockId}
              onChange={(v) => onChange({ mockId: v, mockPaperId: null })}
              w={220}
            />
            <Select
              label="Paper"
              placeholder="Choose a paper"
              data={papers}
              value={draft.mockPaperId}
              onChange={(v) => {
                const p = papers.find((x) => x.value === v);
                onChange({ mockPaperId: v, ...(p ? { outOf: p.outOf } : {}) });
              }}
              w={260}
            />
          </Group>
        )}
        {draft.kind === "marks" && (
          <Text size="xs" c="dimmed">
            The marks are typed into the subject&apos;s score sheet, class by class.
          </Text>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
