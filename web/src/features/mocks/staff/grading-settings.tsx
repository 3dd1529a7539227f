import { useState } from "react";
import { ActionIcon, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { GradeBandsSchema, type Mock } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormError } from "@/components/form-actions";
import { useSaveGrading } from "../api/mocks";

type Band = { min: string; grade: string };

/** The band table as rows "90–100 → 1" (bands sorted from the top). */
function bandRows(bands: Mock["bands"]) {
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  return sorted.map((b, i) => ({ ...b, max: i === 0 ? 100 : sorted[i - 1].min - 1 }));
}

/** Grading of a mock: paper weights, bands or stanine, and the grade table (admin edits; a teacher reads). */
export function GradingSettings({ mock, editable }: { mock: Mock; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Grading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Grading
          </Title>
          {editable && !editing && (
            <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
              Edit grading
            </Button>
          )}
        </Group>
        {editing ? <GradingForm mock={mock} onDone={() => setEditing(false)} /> : <GradingSummary mock={mock} />}
      </Stack>
    </Paper>
  );
}

function GradingSummary({ mock }: { mock: Mock }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        {mock.grading === "stanine"
          ? "Stanine: grades by rank within the sitting (top 4 % grade 1, next 7 % grade 2, 12, 17, 20, 17, 12, 7, 4 %)."
          : "Grade bands: each subject score's grade from the table."}
      </Text>
      <Text size="sm" c="dimmed">
        Weights: {mock.subjects.map((s) => `${s.name} ${s.papers.map((p) => `${p.name} ${p.weight}%`).join(", ")}`).join(" · ")}
      </Text>
      {mock.grading === "bands" && (
        <Table withTableBorder maw={280} verticalSpacing={2} aria-label="Grade bands">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Score</Table.Th>
              <Table.Th>Grade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bandRows(mock.bands).map((b) => (
              <Table.Tr key={b.min}>
                <Table.Td>
                  {b.min}–{b.max}
                </Table.Td>
                <Table.Td>{b.grade}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function GradingForm({ mock, onDone }: { mock: Mock; onDone: () => void }) {
  const save = useSaveGrading(mock.id);
  const [grading, setGrading] = useState(mock.grading);
  const [weights, setWeights] = useState<Record<number, string>>(() =>
    Object.fromEntries(mock.subjects.flatMap((s) => s.papers.map((p) => [p.id, String(p.weight)]))),
  );
  const [bands, setBands] = useState<Band[]>(() => [...mock.bands].sort((a, b) => b.min - a.min).map((b) => ({ min: String(b.min), grade: String(b.grade) })));
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    const list = Object.entries(weights).map(([paperId, w]) => ({ paperId: Number(paperId), weight: Number(w) }));
    const bad = list.find((w) => w.weight === null || !Number.isFinite(w.weight) || w.weight < 0 || w.weight > 100);
    if (bad) return setError("Each weight must be a number from 0 to 100");
    const parsed = GradeBandsSchema.safeParse(bands.map((b) => ({ min: Number(b.min), grade: Number(b.grade) })));
    if (grading === "bands" && !parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the grade table");
    try {
      await save.mutateAsync({ weights: list, grading, ...(grading === "bands" && parsed.success ? { bands: parsed.data } : {}) });
      notifications.show({ color: "green", message: "Grading saved" });
      onDone();
    } catch (err) {
      setError(errorText(err, "Failed to save the grading"));
    }
  }

  return (
    <Stack gap="sm">
      <FormError error={error} />
      <NativeSelect
        label="Grades"
        maw={320}
        value={grading}
        data={[
          { value: "bands", label: "From the grade bands" },
          { value: "stanine", label: "Stanine (by rank in the sitting)" },
        ]}
        onChange={(e) => setGrading(e.currentTarget.value as Mock["grading"])}
      />
      <Text fw={600} size="sm">
        Paper weights (%)
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {mock.subjects.flatMap((s) =>
          s.papers.map((p) => (
            <TextInput
              key={p.id}
              label={`${s.name} · ${p.name}`}
              inputMode="decimal"
              value={weights[p.id] ?? ""}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setWeights((w) => ({ ...w, [p.id]: v }));
              }}
            />
          )),
        )}
      </SimpleGrid>
      {grading === "bands" && (
        <>
          <Text fw={600} size="sm">
            Grade bands (lowest score of each grade)
          </Text>
          <Stack gap={4} maw={320}>
            {bands.map((b, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Band ${i + 1}: lowest score`}
                  inputMode="decimal"
                  value={b.min}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setBands((x) => x.map((y, k) => (k === i ? { ...y, min: v } : y)));
                  }}
                  w={90}
                />
                <Text size="sm">→ grade</Text>
                <TextInput
                  aria-label={`Band ${i + 1}: grade`}
                  inputMode="numeric"
                  value={b.grade}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setBands((x) => x.map((y, k) => (k === i ? { ...y, grade: v } : y)));
                  }}
                  w={70}
                />
                <ActionIcon variant="subtle" color="red" aria-label={`Remove band ${i + 1}`} onClick={() => setBands((x) => x.filter((_, k) => k !== i))}>
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button size="xs" variant="light" onClick={() => setBands((x) => [...x, { min: "0", grade: "9" }])}>
                Add band
              </Button>
            </Group>
          </Stack>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save grading
        </Button>
      </Group>
    </Stack>
  );
}
