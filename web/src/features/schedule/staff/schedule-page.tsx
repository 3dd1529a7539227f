import { lazy, Suspense, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Text } from "@mantine/core";
import { em } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { View } from "react-big-calendar";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { DELETE_QUESTION, DELETE_SUCCEEDED, rangeAround, SCHEDULES_LOAD_FAILED, useCancelOccurrence, useDeleteEvent, useSchedules } from "../api/schedule";
import { CALENDAR, type CalEvent } from "../components/calendar-constants";
import { entryTitle, legendOf, mockPaperLine, swatchOf } from "../components/colours";
import { AgendaList } from "../components/agenda-list";
import { FeedPanel } from "../components/feed-panel";
import { Legend } from "../components/legend";

const BigCalendar = lazy(() => import("../components/big-calendar"));

/** Where the signed-in staff member's schedule screens live (the spec: New Event by role). */
export function scheduleBase(role: string | undefined): string {
  return role === "admin" ? "/admin/dashboard/schedule" : "/teachers/dashboard/schedule";
}

/** `YYYY-MM-DDTHH:mm` in this device's time (the form's datetime-local value). */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function SchedulePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const base = scheduleBase(user?.role);
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  // Narrower than 600 px the calendar opens on the day-by-day list the student schedule uses (decision 045): the
  // calendar's agenda squeezed the Event column to two letters there. The calendar stays one tap away.
  const [shown, setShown] = useState<"list" | "calendar" | null>(null);
  const asList = (shown ?? (phone ? "list" : "calendar")) === "list";
  const [view, setView] = useState<View>(CALENDAR.defaultView);
  const [date, setDate] = useState(() => new Date());
  const [today] = useState(() => new Date(new Date().setHours(0, 0, 0, 0)));
  const range = useMemo(
    () => (asList ? { from: today.toISOString(), to: new Date(today.getTime() + CALENDAR.agendaLength * 86_400_000).toISOString() } : rangeAround(date)),
    [asList, today, date],
  );
  const list = useSchedules(range.from, range.to);
  const [selected, setSelected] = useState<CalEvent | null>(null);
  const [toDelete, setToDelete] = useState<CalEvent | null>(null);
  const del = useDeleteEvent();
  const cancel = useCancelOccurrence();

  const remove = (e: CalEvent) =>
    del.mutate(e.occurrence.eventId!, {
      onSuccess: () => {
        notifications.show({ color: "green", message: DELETE_SUCCEEDED });
        setToDelete(null);
        setSelected(null);
      },
      onError: (err) => {
        notifications.show({ color: "red", message: `Failed to delete event: ${errorText(err, "please try again")}` });
        setToDelete(null);
      },
    });

  const cancelOne = (e: CalEvent) =>
    cancel.mutate(
      { id: e.occurrence.eventId!, occurrenceStart: e.occurrence.start },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: `Cancelled the ${formatDateTime(e.occurrence.start)} occurrence` });
          setSelected(null);
        },
        onError: (err) => notifications.show({ color: "red", message: errorText(err, "Failed to cancel the occurrence") }),
      },
    );

  const canChange = (e: CalEvent | null) => !!e && e.occurrence.kind === "event" && e.occurrence.canEdit && e.occurrence.eventId !== null;

  return (
    <Stack>
      <PageHeader
        title="Calendar"
        subtitle="Events, lessons and quiz windows. Select an empty slot to add an event; double-click an event to delete it."
        actions={
          <Button component={Link} to={`${base}/new`}>
            New Event
          </Button>
        }
      />
      {list.isError && (
        <Alert color="red" role="alert" title={SCHEDULES_LOAD_FAILED}>
          {errorText(list.error, "Please try again.")}
        </Alert>
      )}
      <Legend items={legendOf(list.data?.data ?? [])} />
      <SegmentedControl
        aria-label="Show the calendar as"
        value={asList ? "list" : "calendar"}
        onChange={(v) => setShown(v as "list" | "calendar")}
        data={[
          { value: "list", label: "List (next 30 days)" },
          { value: "calendar", label: "Calendar" },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {asList ? (
        list.isPending ? (
          <Skeleton height={240} />
        ) : (
          <AgendaList
            items={list.data?.data ?? []}
            onSelect={(o) => setSelected({ title: entryTitle(o), start: new Date(o.start), end: new Date(o.end), allDay: o.allDay, occurrence: o })}
          />
        )
      ) : (
        <Suspense fallback={<Skeleton height={CALENDAR.height} />}>
          <BigCalendar
            occurrences={list.data?.data ?? []}
            view={view}
            date={date}
            onView={setView}
            onNavigate={setDate}
            onSelectEvent={setSelected}
            onDoubleClickEvent={(e) => canChange(e) && setToDelete(e)}
            onSelectSlot={(slot) => {
              const start = slot.start;
              const end = new Date(start.getTime() + CALENDAR.newEventMs);
              navigate(`${base}/new?start=${encodeURIComponent(localInput(start))}&end=${encodeURIComponent(localInput(end))}`);
            }}
          />
        </Suspense>
      )}
      <FeedPanel />

      <Modal
        opened={!!selected}
        onClose={() => setSelected(null)}
        title={selected ? (mockPaperLine(selected.occurrence) ?? entryTitle(selected.occurrence)) : ""}
        centered
      >
        {selected && (
          <Stack gap="xs">
            <Text size="sm">
              {formatDateTime(selected.start)} – {formatDateTime(selected.end)}
            </Text>
            <Text size="sm">{swatchOf(selected.occurrence).label}</Text>
            {selected.occurrence.recurring && <Text size="sm">Part of a repeating event.</Text>}
            <Group gap="xs" wrap="wrap">
              {selected.occurrence.kind === "quiz" && selected.occurrence.quizId !== null && (
                <Button size="xs" variant="light" component={Link} to={`${base.replace(/\/schedule$/, "")}/quizzes/${selected.occurrence.quizId}`}>
                  Open quiz
                </Button>
              )}
              {canChange(selected) && (
                <>
                  <Button size="xs" variant="light" component={Link} to={`${base}/${selected.occurrence.eventId}/edit`}>
                    Edit event
                  </Button>
                  {selected.occurrence.recurring && (
                    <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancelOne(selected)}>
                      Cancel this occurrence only
                    </Button>
                  )}
                  <Button size="xs" color="red" variant="light" onClick={() => setToDelete(selected)}>
                    Delete event
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={!!toDelete}
        title="Delete event"
        message={DELETE_QUESTION}
        details={toDelete?.occurrence.recurring ? "Every occurrence of this repeating event is deleted." : undefined}
        loading={del.isPending}
        onConfirm={() => toDelete && remove(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
