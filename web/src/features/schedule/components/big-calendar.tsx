import { useMemo } from "react";
import { Calendar, dayjsLocalizer, type SlotInfo, type View } from "react-big-calendar";
import dayjs from "dayjs";
import "react-big-calendar/lib/css/react-big-calendar.css";
import type { ScheduleOccurrence } from "@adesua/domain";
import { swatchOf } from "./colours";
import { CALENDAR, type CalEvent } from "./calendar-constants";

const localizer = dayjsLocalizer(dayjs);

function toCalEvents(list: readonly ScheduleOccurrence[]): CalEvent[] {
  return list.map((o) => ({ title: o.title, start: new Date(o.start), end: new Date(o.end), allDay: o.allDay, occurrence: o }));
}

function EventLabel({ event }: { event: CalEvent }) {
  const s = swatchOf(event.occurrence);
  return (
    <span title={`${event.title} (${s.label})`}>
      {event.occurrence.kind === "quiz" ? "Quiz: " : ""}
      {event.title}
      {event.occurrence.recurring ? " ↻" : ""}
    </span>
  );
}

type Props = {
  occurrences: readonly ScheduleOccurrence[];
  view: View;
  date: Date;
  onView: (v: View) => void;
  onNavigate: (d: Date) => void;
  onSelectEvent?: (e: CalEvent) => void;
  onDoubleClickEvent?: (e: CalEvent) => void;
  onSelectSlot?: (slot: SlotInfo) => void;
};

/** react-big-calendar with the spec's constants; colours by course, school-wide and quiz windows apart. */
export default function BigCalendar({ occurrences, view, date, onView, onNavigate, onSelectEvent, onDoubleClickEvent, onSelectSlot }: Props) {
  const components = useMemo(() => ({ event: EventLabel }), []);
  const events = useMemo(() => toCalEvents(occurrences), [occurrences]);
  return (
    <div style={{ height: CALENDAR.height }} data-testid="big-calendar">
      <Calendar<CalEvent>
        localizer={localizer}
        events={events}
        views={CALENDAR.views}
        view={view}
        date={date}
        onView={onView}
        onNavigate={onNavigate}
        drilldownView={CALENDAR.drilldownView}
        step={CALENDAR.step}
        timeslots={CALENDAR.timeslots}
        length={CALENDAR.agendaLength}
        longPressThreshold={CALENDAR.longPressThreshold}
        selectable={!!onSelectSlot}
        onSelectSlot={onSelectSlot}
        onSelectEvent={onSelectEvent}
        onDoubleClickEvent={onDoubleClickEvent}
        popup
        components={components}
        eventPropGetter={(e) => {
          const s = swatchOf(e.occurrence);
          return { style: { backgroundColor: s.background, color: s.color, border: e.occurrence.kind === "quiz" ? "2px dashed #1a1b1e" : undefined } };
        }}
      />
    </div>
  );
}
