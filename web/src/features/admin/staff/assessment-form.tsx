import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Button, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { DEFAULT_ASSESSMENT, type AssessmentSettings, type School } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormError } from "@/components/form-actions";
import { useSaveSchool } from "../api/school";
import { GradeBandsEditor } from "./grade-bands-editor";
import { bandRanges, checkBands, type BandRow } from "./grade-bands";

const GRADES = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const WEIGHTS = [
  { value: "30", label: "30 / 70" },
  { value: "50", label: "50 / 50" },
  { value: "other", label: "Other" },
];

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

type Draft = {
  core: string[];
  rows: BandRow[];
  remarks: Record<string, string>;
  head: string;
  teacher: string;
  classWeight: number | string;
  scope: "class" | "level";
};

const draftOf = (a: AssessmentSettings): Draft => ({
  core: [...a.coreSubjects],
  rows: [...a.bands].sort((x, y) => y.min - x.min).map((b) => ({ ...b })),
  remarks: Object.fromEntries(GRADES.map((g) => [g, a.remarks[g] ?? ""])),
  head: a.headRemarks.join("\n"),
  teacher: a.teacherRemarks.join("\n"),
  classWeight: a.classWeight,
  scope: a.positionScope,
});

/** Why the draft cannot be saved (beyond the grade bands, which mark their own rows), or null. */
function draftProblem(d: Draft): string | null {
  if (d.core.length > 10) return "At most 10 core subjects";
  if (d.core.some((s) => s.length > 80)) return "A core subject's name can be at most 80 characters";
  if (GRADES.some((g) => (d.remarks[g] ?? "").trim().length > 60)) return "Each grade's remark can be at most 60 characters";
  for (const [name, text] of [
    ["head teacher's", d.head],
    ["class teacher's", d.teacher],
  ] as const) {
    const list = lines(text);
    if (list.length > 50) return `The ${name} remark bank can have at most 50 remarks`;
    if (list.some((l) => l.length > 300)) return `Each of the ${name} remarks can be at most 300 characters`;
  }
  const w = typeof d.classWeight === "number" ? d.classWeight : Number.NaN;
  if (!Number.isFinite(w) || w < 0 || w > 100) return "The class score weight must be from 0 to 100";
  return null;
}

/** How the school grades: core subjects, grade bands and their remarks, remark banks, term weights and positions. */
export function AssessmentForm({ school }: { school: School }) {
  const save = useSaveSchool();
  const [d, setD] = useState<Draft>(() => draftOf(school.assessment));
  const [tried, setTried] = useState(false);
  useEffect(() => setD(draftOf(school.assessment)), [school.assessment]);
  const set = (part: Partial<Draft>) => setD((x) => ({ ...x, ...part }));
  const check = useMemo(() => checkBands(d.rows), [d.rows]);
  const problem = draftProblem(d);
  const preset = d.classWeight === 30 || d.classWeight === 50 ? String(d.classWeight) : "other";
  const [other, setOther] = useState(preset === "other");
  const examWeight = typeof d.classWeight === "number" ? 100 - d.classWeight : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!check.bands || problem) return;
    const classWeight = d.classWeight as number;
    save.mutate(
      {
        assessment: {
          coreSubjects: d.core.map((s) => s.trim()).filter(Boolean),
          bands: check.bands,
          remarks: Object.fromEntries(GRADES.map((g) => [g, (d.remarks[g] ?? "").trim()])),
          headRemarks: lines(d.head),
          teacherRemarks: lines(d.teacher),
          classWeight,
          examWeight: 100 - classWeight,
          positionScope: d.scope,
        },
      },
      { onSuccess: () => notifications.show({ color: "green", message: "Assessment settings saved" }) },
    );
  };

  const formError = tried ? (problem ?? (!check.bands ? `Correct the grade bands: ${check.table ?? "see the fields marked in red"}` : null)) : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="assessment-settings">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="assessment-settings">
            Assessment settings
          </Title>
          <Text size="sm" c="dimmed">
            The school's defaults for new mocks and terms; a mock may set its own grading.
          </Text>
          <TagsInput
            label="Core subjects"
            description="Always counted in the aggregate (with the best two others). Press Enter after each."
            value={d.core}
            onChange={(core) => set({ core })}
            maxTags={10}
            clearable
          />
          <Stack gap={4}>
            <Text fw={500} size="sm">
              Grade bands
            </Text>
            <Text size="sm" c="dimmed">
              A score (rounded to a whole number) at or above a band&apos;s lowest score earns its grade.
              {check.bands &&
                ` Now: ${bandRanges(check.bands)
                  .map((b) => `${b.range} → ${b.grade}`)
                  .join(", ")}.`}
            </Text>
            <GradeBandsEditor rows={d.rows} onChange={(rows) => set({ rows })} check={check} />
            <Group>
              <Button size="xs" variant="default" onClick={() => set({ rows: DEFAULT_ASSESSMENT.bands.map((b) => ({ ...b })) })}>
                Use WAEC&apos;s bands
              </Button>
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text fw={500} size="sm">
              Remark of each grade
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={6}>
              {GRADES.map((g) => (
                <Group key={g} gap="xs" wrap="nowrap">
                  <Text size="sm" w={64} style={{ flex: "none", whiteSpace: "nowrap" }} component="label" htmlFor={`remark-${g}`}>
                    Grade {g}
                  </Text>
                  <TextInput
                    id={`remark-${g}`}
                    value={d.remarks[g] ?? ""}
                    maxLength={60}
                    onChange={(e) => set({ remarks: { ...d.remarks, [g]: e.currentTarget.value } })}
                    size="sm"
                    style={{ flex: 1 }}
                  />
                </Group>
              ))}
            </SimpleGrid>
          </Stack>
          <Textarea
            label="Head teacher's remarks"
            description="One remark per line: the head teacher chooses from these on report cards."
            autosize
            minRows={3}
            value={d.head}
            onChange={(e) => set({ head: e.currentTarget.value })}
          />
          <Textarea
            label="Class teacher's remarks"
            description="One remark per line."
            autosize
            minRows={3}
            value={d.teacher}
            onChange={(e) => set({ teacher: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text fw={500} size="sm" id="weights-label">
              Class score / exam score weights (%)
            </Text>
            <SegmentedControl
              aria-labelledby="weights-label"
              value={other ? "other" : preset}
              onChange={(v) => {
                setOther(v === "other");
                if (v !== "other") set({ classWeight: Number(v) });
              }}
              data={WEIGHTS}
              style={{ alignSelf: "flex-start" }}
            />
            {other && (
              <NumberInput
                label="Class score weight (%)"
                value={d.classWeight}
                min={0}
                max={100}
                allowNegative={false}
                clampBehavior="none"
                onChange={(v) => set({ classWeight: v })}
                maw={220}
              />
            )}
            <Text size="sm">
              Class score {typeof d.classWeight === "number" ? d.classWeight : "—"} %, exam score {examWeight ?? "—"} %.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={500} size="sm" id="scope-label">
              Positions on report cards
            </Text>
            <SegmentedControl
              aria-labelledby="scope-label"
              value={d.scope}
              onChange={(v) => set({ scope: v as Draft["scope"] })}
              data={[
                { value: "class", label: "Within the class" },
                { value: "level", label: "Whole level" },
              ]}
              style={{ alignSelf: "flex-start" }}
            />
          </Stack>
          <FormError error={formError ?? (save.error ? errorText(save.error, "Could not save the assessment settings") : null)} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save assessment settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
