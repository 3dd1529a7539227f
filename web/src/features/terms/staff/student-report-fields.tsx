import { Autocomplete, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { StudentReport, TermStudentsInput } from "@adesua/domain";
import { ordinalText, scoreText } from "../components/report-format";

export type StudentFields = Omit<TermStudentsInput["students"][number], "studentId">;
type Field = keyof StudentFields;

const CONDUCT = ["Excellent", "Very good", "Good", "Satisfactory", "Needs improvement"];
const INTEREST = ["Reading", "Football", "Music", "Drawing", "Science club", "Athletics"];

/** The attendance a student may be given: a whole number from 0 to the days the school opened. */
export function presentProblem(text: string | number, outOf: number | null): string | null {
  if (text === "") return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) return "A whole number";
  if (outOf !== null && n > outOf) return `At most ${outOf}`;
  return null;
}

/**
 * One student's part of the class's reports: attendance, conduct, interest, the class teacher's and the head teacher's
 * remarks (picked from the school's banks or typed) and, on third-term reports, promotion. Each change saves as typed.
 */
export function StudentReportFields({
  student,
  value,
  waiting,
  presentText,
  onPresent,
  onChange,
  teacherRemarks,
  headRemarks,
  admin,
  thirdTerm,
  promotions,
  daysOpened,
  onPreview,
}: {
  student: StudentReport;
  value: <K extends Field>(field: K) => StudentFields[K] | undefined;
  waiting: boolean;
  presentText: string | number;
  onPresent: (text: string | number) => void;
  onChange: (field: Field, v: string | null) => void;
  teacherRemarks: string[];
  headRemarks: string[];
  admin: boolean;
  thirdTerm: boolean;
  promotions: string[];
  daysOpened: number | null;
  onPreview: () => void;
}) {
  const text = (f: Field) => (value(f) as string | null | undefined) ?? "";
  const set = (f: Field) => (v: string) => onChange(f, v.trim() === "" ? null : v);
  const outOf = student.attendance.outOf ?? daysOpened;
  const problem = presentProblem(presentText, outOf);
  const label = (what: string) => `${what} for ${student.name}`;

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="student-report"
      component="li"
      style={waiting ? { borderColor: "var(--mantine-color-blue-8)" } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {student.name}
            </Text>
            <Text size="xs" c="dimmed" data-testid="overall">
              Position {ordinalText(student.overallPosition)} of {student.classSize} · total {scoreText(student.total)} · average {scoreText(student.average)}
            </Text>
          </Stack>
          <Group gap={6}>
            {waiting && (
              <Badge size="sm" variant="light">
                saving
              </Badge>
            )}
            <Button size="compact-sm" variant="light" onClick={onPreview} aria-label={`Preview card of ${student.name}`}>
              Preview card
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="xs">
          <NumberInput
            size="xs"
            label="Present (days)"
            aria-label={label("Days present")}
            description={outOf !== null ? `out of ${outOf}` : "days opened not set"}
            min={0}
            max={outOf ?? 366}
            allowDecimal={false}
            allowNegative={false}
            value={presentText}
            onChange={onPresent}
            error={problem}
          />
          <Autocomplete
            size="xs"
            label="Conduct"
            aria-label={label("Conduct")}
            data={CONDUCT}
            value={text("conduct")}
            onChange={set("conduct")}
            maxLength={80}
          />
          <Autocomplete
            size="xs"
            label="Interest"
            aria-label={label("Interest")}
            data={INTEREST}
            value={text("interest")}
            onChange={set("interest")}
            maxLength={120}
          />
        </SimpleGrid>
        <Autocomplete
          size="xs"
          label="Class teacher's remark"
          aria-label={label("Class teacher's remark")}
          placeholder="Pick from the bank or type"
          data={teacherRemarks}
          value={text("teacherRemark")}
          onChange={set("teacherRemark")}
          maxLength={300}
        />
        {admin ? (
          <Autocomplete
            size="xs"
            label="Head teacher's remark"
            aria-label={label("Head teacher's remark")}
            placeholder="Pick from the bank or type"
            data={headRemarks}
            value={text("headRemark")}
            onChange={set("headRemark")}
            maxLength={300}
          />
        ) : (
          <TextInput size="xs" label="Head teacher's remark" value={text("headRemark") || "(written by the head teacher)"} readOnly variant="filled" />
        )}
        {thirdTerm && (
          <Autocomplete
            size="xs"
            label="Promotion"
            aria-label={label("Promotion")}
            data={promotions}
            value={text("promotion")}
            onChange={set("promotion")}
            maxLength={80}
          />
        )}
      </Stack>
    </Paper>
  );
}
