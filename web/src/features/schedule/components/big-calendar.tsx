import { useEffect, useMemo, useRef } from "react";
import { Calendar, dayjsLocalizer, type SlotInfo, type View } from "react-big-calendar";
import dayjs from "dayjs";
import "react-big-calendar/lib/css/react-big-calendar.css";
import "./big-calendar.css";
import type { ScheduleOccurrence } from "@adesua/domain";
import { entryTitle, swatchOf } from "./colours";
import { CALENDAR, type CalEvent } from "./calendar-constants";

const localizer = dayjsLocalizer(dayjs);

function toCalEvents(list: readonly ScheduleOccurrence[]): CalEvent[] {
  return list.map((o) => ({ title: entryTitle(o), start: new Date(o.start), end: new Date(o.end), allDay: o.allDay, occurrence: o }));
}

/**
 * An item's label: the server's title is the whole of it ("Quiz: …", "Quiz opens: …" for quiz windows), never prefixed again; a
 * mock paper is named in full ("JHS 3 Second Mock: Mathematics, Paper 1").
 */
function EventLabel({ event }: { event: CalEvent }) {
  const s = swatchOf(event.occurrence);
  return (
    <span title={`${event.title} (${s.label})`}>
      {event.title}
      {event.occurrence.recurring ? " ↻" : ""}
    </span>
  );
}

/**
 * react-big-calendar's markup fails two accessibility checks we cannot reach through its props: the
 * month grid and the week/day header claim table roles while their rows hold event buttons, and its scrolling panes (agenda,
 * time grid) cannot take keyboard focus. Fixed on the rendered DOM: the month grid's table roles
 * (and the header's aria-sort) are dropped (its events stay buttons), and the scrolling panes become focusable regions.
 */
function accessible(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>(".rbc-month-view, .rbc-month-view [role], .rbc-time-view [role]")) {
    if (["table", "rowgroup", "row", "cell", "columnheader", "gridcell"].includes(el.getAttribute("role") ?? "")) el.removeAttribute("role");
  }
  for (const el of root.querySelectorAll<HTMLElement>(".rbc-month-view [aria-sort], .rbc-time-view [aria-sort]")) el.removeAttribute("aria-sort");
  for (const el of root.querySelectorAll<HTMLElement>(".rbc-agenda-view, .rbc-agenda-content, .rbc-time-content")) {
    if (el.tabIndex !== 0) {
      el.tabIndex = 0;
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", el.classList.contains("rbc-time-content") ? "Times of the day" : "Agenda");
    }
  }
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
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fix = () => accessible(el);
    fix();
    const mo = new MutationObserver(fix);
    mo.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ["role", "aria-sort"] });
    return () => mo.disconnect();
  }, []);
  return (
    <div style={{ height: CALENDAR.height }} data-testid="big-calendar" ref={box}>
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
