import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Alert, CloseButton, Group, Paper, Skeleton, Stack, Text, em } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { View } from "react-big-calendar";
import type { ScheduleOccurrence } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { rangeAround, SCHEDULES_LOAD_FAILED, useSchedules } from "../api/schedule";
import { AgendaList } from "../components/agenda-list";
import { entryTitle, legendOf, mockPaperLine, swatchOf } from "../components/colours";
import { Legend } from "../components/legend";

/** Loaded only on wider screens: a phone gets the plain agenda list and never downloads the calendar library. */
const BigCalendar = lazy(() => import("../components/big-calendar"));

/** Below the calendar, and with a dialog of its own: it loads after the page shows. */
const FeedPanel = lazy(() => import("../components/feed-panel").then((m) => ({ default: m.FeedPanel })));

const DAY_MS = 86_400_000;

/** The student's quiz windows and school events: an agenda list on a phone, the calendar on wider screens. */
export function StudentSchedulePage() {
  const phone = useMediaQuery(`(max-width: ${em(600)})`, true, { getInitialValueInEffect: false });
  const [view, setView] = useState<View>("month");
  const [date, setDate] = useState(() => new Date());
  const [today] = useState(() => new Date(new Date().setHours(0, 0, 0, 0)));
  const range = useMemo(
    () => (phone ? { from: today.toISOString(), to: new Date(today.getTime() + 30 * DAY_MS).toISOString() } : rangeAround(date)),
    [phone, today, date],
  );
  const list = useSchedules(range.from, range.to);
  const [selected, setSelected] = useState<ScheduleOccurrence | null>(null);
  // The detail sits below a long list on a phone: brought into view when an entry is tapped.
  const detail = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) detail.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [selected]);
  const items = list.data?.data ?? [];
  return (
    <Stack>
      <PageHeader title="Schedule" subtitle="Your quiz windows, mock examination papers and school events." />
      {list.isError && (
        <Alert color="red" role="alert" title={SCHEDULES_LOAD_FAILED}>
          {errorText(list.error, "Please try again.")}
        </Alert>
      )}
      <Legend items={legendOf(items)} />
      {list.isPending ? (
        <Skeleton height={240} />
      ) : phone ? (
        <AgendaList items={items} onSelect={setSelected} />
      ) : (
        <Suspense fallback={<Skeleton height={500} />}>
          <BigCalendar occurrences={items} view={view} date={date} onView={setView} onNavigate={setDate} onSelectEvent={(e) => setSelected(e.occurrence)} />
        </Suspense>
      )}
      {selected && (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Selected entry" ref={detail}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {mockPaperLine(selected) ?? entryTitle(selected)}
              </Text>
              <Text size="sm">
                {selected.kind === "quiz" ? "Opens " : ""}
                {formatDateTime(selected.start)} – {selected.kind === "quiz" ? "closes " : ""}
                {formatDateTime(selected.end)}
              </Text>
              <Text size="sm">{swatchOf(selected).label}</Text>
            </Stack>
            <CloseButton aria-label="Close" onClick={() => setSelected(null)} />
          </Group>
        </Paper>
      )}
      <Suspense fallback={null}>
        <FeedPanel />
      </Suspense>
    </Stack>
  );
}
