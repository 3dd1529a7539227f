import { Link } from "react-router";
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { Mock, MockPaper, MockSubject } from "@adesua/domain";
import { dayText, paperTimeText } from "../components/mock-text";

type Slot = { subject: MockSubject; paper: MockPaper };

/** The papers by day, in time order. */
export function timetableDays(mock: Pick<Mock, "subjects">): { day: string; slots: Slot[] }[] {
  const slots = mock.subjects.flatMap((subject) => subject.papers.map((paper) => ({ subject, paper })));
  slots.sort((a, b) => a.paper.startsAt.localeCompare(b.paper.startsAt) || a.subject.name.localeCompare(b.subject.name));
  const days: { day: string; slots: Slot[] }[] = [];
  for (const s of slots) {
    const day = dayText(s.paper.startsAt);
    const last = days[days.length - 1];
    if (last && last.day === day) last.slots.push(s);
    else days.push({ day, slots: [s] });
  }
  return days;
}

/** The timetable: a block per day, each paper with its time, how many students have a mark, and Enter marks for its markers. */
export function MockTimetable({ mock, base }: { mock: Mock; base: string }) {
  const days = timetableDays(mock);
  if (days.length === 0) return <Text c="dimmed">No papers yet.</Text>;
  return (
    <Stack gap="md">
      {days.map((d) => (
        <Stack key={d.day} gap="xs" component="section" aria-label={d.day}>
          <Title order={3} size="h5">
            {d.day}
          </Title>
          {d.slots.map(({ subject, paper }) => {
            const marked = paper.marked ?? null;
            return (
              <Paper key={paper.id} withBorder p="sm" radius="md" data-testid="timetable-paper">
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {subject.name} · {paper.name}
                      {subject.core && (
                        <Badge ml={6} size="xs" variant="light">
                          Core
                        </Badge>
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {paperTimeText(paper)} · {paper.kind === "quiz" ? `Quiz: ${paper.quiz?.title ?? "—"}` : "Marks entered"} · out of {paper.outOf} · weight{" "}
                      {paper.weight}%
                    </Text>
                    {marked !== null && (
                      <Group gap="xs" wrap="nowrap" maw={320}>
                        <Progress value={mock.students ? (marked / mock.students) * 100 : 0} size="sm" style={{ flex: 1 }} aria-hidden />
                        <Text size="xs" c="dimmed" data-testid="marked-count">
                          marked {marked} of {mock.students}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                  {subject.canEnterMarks && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      component={Link}
                      to={`${base}/mocks/${mock.id}/papers/${paper.id}/marks`}
                      aria-label={`Enter marks: ${subject.name} ${paper.name}`}
                    >
                      Enter marks
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
