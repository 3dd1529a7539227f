import type { ReactNode } from "react";
import { Alert, Button, Checkbox, Group, Menu, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { proposedShowScore } from "@/lib/new-quiz";
import { QuizNumberInputs, ShowScoreSelect } from "@/components/new-quiz-settings";
import { newKey, SHARE_KEYS_WARNING, type QuizFormErrors, type QuizFormValues, type SectionDraft } from "./quiz-form-model";

/** The quiz form's pieces (quiz-form-page.tsx composes them): sections of fields and the save bar. */

export type Problem = { key: string; label: string; message: string; questionKey?: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type SetField = <K extends keyof QuizFormValues>(k: K, v: QuizFormValues[K]) => void;
type FieldsProps = { values: QuizFormValues; errors: QuizFormErrors; set: SetField; locked: boolean };

export function Part({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The quiz's number rules, in the order they show: field, label, allowed values (whole numbers unless said). */
const RULE_NUMBERS = [
  { field: "timeLimit", label: "Time limit (minutes)", description: "1 to 600; empty means no time limit" },
  { field: "maxAttempts", label: "Max attempts", description: "1 to 10; empty means unlimited" },
  { field: "questionsPerPage", label: "Questions per page", description: "1 to 50" },
  { field: "passingScore", label: "Passing score (%)", description: "0 to 100", whole: false },
] as const;

/** Time limit, attempts, questions per page, pass mark and the timer rule. */
export function RulesPart({ values, errors, set, locked }: FieldsProps) {
  return (
    <Part title="Rules">
      <QuizNumberInputs
        cols={2}
        disabled={locked}
        fields={RULE_NUMBERS.map(({ field, ...f }) => ({ ...f, value: values[field], onChange: (v) => set(field, v), error: errors[field] }))}
      />
      <Checkbox
        label="Reset the timer on each new attempt"
        description="When off, later attempts continue the time left from the first"
        checked={values.resetTimerOnAttempt}
        onChange={(e) => set("resetTimerOnAttempt", e.currentTarget.checked)}
        disabled={locked}
      />
      <Checkbox
        label="Practice quiz"
        description="Only a practice quiz may show the answers after a student's last attempt"
        checked={values.practice}
        onChange={(e) => {
          const practice = e.currentTarget.checked;
          set("practice", practice);
          if (!practice && values.showAnswers === "after_last_attempt") set("showAnswers", "after_close");
        }}
        disabled={locked}
      />
      <Select
        label="Show correct answers to students"
        description="The score itself follows “When students see their score” below"
        data={[
          { value: "after_close", label: "After the quiz closes for everyone" },
          { value: "never", label: "Never (unless you release them)" },
          { value: "after_last_attempt", label: "After a student's last attempt (practice only)", disabled: !values.practice },
        ]}
        value={values.showAnswers}
        onChange={(v) => v && set("showAnswers", v as QuizFormValues["showAnswers"])}
        error={errors.showAnswers}
        allowDeselect={false}
        disabled={locked}
      />
      {values.showAnswers === "after_last_attempt" && (
        <Alert color="yellow" title="Students can share the answers">
          {SHARE_KEYS_WARNING}
        </Alert>
      )}
      <ShowScoreSelect value={values.showScore} proposed={proposedShowScore(values)} onChange={(v) => set("showScore", v)} disabled={locked} />
    </Part>
  );
}

/** A timed section's three whole-number fields, in the order they show. */
const SECTION_NUMBERS = [
  ["start", "From question"],
  ["end", "To question"],
  ["timeLimit", "Minutes"],
] as const;

/** Timed sections as question numbers from 1, each with its own limit. */
export function TimedSectionsPart({
  values,
  errors,
  set,
  setSection,
  locked,
}: FieldsProps & { setSection: (key: string, patch: Partial<SectionDraft>) => void }) {
  return (
    <Part title="Timed sections" description="Optional: give groups of questions their own time limit. Questions are numbered from 1.">
      {values.timedSections.map((s, i) => {
        const se = errors.sections?.[s.key] ?? {};
        return (
          <Paper key={s.key} withBorder p="sm" bg="gray.0" component="section" aria-label={`Timed section ${i + 1}`}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <TextInput
                label="Section name"
                value={s.name}
                onChange={(e) => setSection(s.key, { name: e.currentTarget.value })}
                error={se.name}
                disabled={locked}
              />
              {SECTION_NUMBERS.map(([field, label]) => (
                <NumberInput
                  key={field}
                  label={label}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={s[field]}
                  onChange={(v) => setSection(s.key, { [field]: v })}
                  error={se[field]}
                  disabled={locked}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                disabled={locked}
                onClick={() =>
                  set(
                    "timedSections",
                    values.timedSections.filter((x) => x.key !== s.key),
                  )
                }
                aria-label={`Remove section ${i + 1}`}
              >
                Remove section
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="sm"
          disabled={locked}
          onClick={() => {
            const last = values.timedSections.at(-1);
            const start = last && Number(last.end) > 0 ? Number(last.end) + 1 : 1;
            set("timedSections", [
              ...values.timedSections,
              { key: newKey(), name: `Section ${String.fromCharCode(65 + values.timedSections.length)}`, start, end: "", timeLimit: "" },
            ]);
          }}
        >
          Add timed section
        </Button>
      </Group>
    </Part>
  );
}

type SaveBarProps = {
  questionCount: number;
  problems: Problem[];
  onJump: (p: Problem) => void;
  onCancel: () => void;
  saving: boolean;
  locked: boolean;
  creating: boolean;
};

/** Save, the count of questions and the problems with a jump list, in a bar that stays on screen. */
export function SaveBar({ questionCount, problems, onJump, onCancel, saving, locked, creating }: SaveBarProps) {
  // Save stays in reach on a long quiz: the bar sticks to the bottom of the screen.
  return (
    <Paper withBorder shadow="sm" p="xs" role="region" aria-label="Save bar" style={{ position: "sticky", bottom: 0, zIndex: 5 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="question-count">
            {plural(questionCount, "question")}
          </Text>
          {problems.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="problem-count">
              No problems
            </Text>
          ) : (
            <Menu position="top-start" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="light" color="red" data-testid="problem-count">
                  {plural(problems.length, "problem")} ▾
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah={300} style={{ overflowY: "auto" }}>
                <Menu.Label>Go to</Menu.Label>
                {problems.map((p) => (
                  <Menu.Item key={p.key} onClick={() => onJump(p)}>
                    {p.label}: {p.message}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={locked}>
            {creating ? "Create quiz" : "Save quiz"}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
