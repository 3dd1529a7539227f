import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { ScheduleOccurrence } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { entryTitle, swatchOf } from "./colours";

const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** A plain list by day: the phone's calendar, with no calendar library (student pages stay small). */
export function AgendaList({ items, onSelect }: { items: readonly ScheduleOccurrence[]; onSelect?: (o: ScheduleOccurrence) => void }) {
  if (items.length === 0) return <Text c="dimmed">Nothing on the calendar in the next 30 days.</Text>;
  const days = new Map<string, ScheduleOccurrence[]>();
  for (const o of items) {
    const key = DAY.format(new Date(o.start));
    days.set(key, [...(days.get(key) ?? []), o]);
  }
  return (
    <Stack gap="md" data-testid="agenda-list">
      {[...days].map(([day, list]) => (
        <Stack key={day} gap={6} component="section" aria-label={day}>
          <Text fw={700}>{day}</Text>
          {list.map((o) => {
            const s = swatchOf(o);
            const sameDay = new Date(o.start).toDateString() === new Date(o.end).toDateString();
            const label = o.kind === "quiz" ? "Quiz window" : s.label;
            return (
              <Paper
                key={o.key}
                withBorder
                p="xs"
                radius="sm"
                style={{ borderLeft: `6px solid ${s.background}`, cursor: onSelect ? "pointer" : undefined }}
                onClick={onSelect ? () => onSelect(o) : undefined}
                data-testid="agenda-item"
              >
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {entryTitle(o)}
                  </Text>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {TIME.format(new Date(o.start))} – {sameDay ? TIME.format(new Date(o.end)) : formatDateTime(o.end)}
                    </Text>
                    {/* Under the title, not beside it: a course's whole name fits on a 360 px phone (issue 24). */}
                    <Badge variant="outline" color="dark" maw="100%" title={label}>
                      {label}
                    </Badge>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
