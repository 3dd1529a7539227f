import type { View } from "react-big-calendar";
import type { ScheduleOccurrence } from "@adesua/domain";

/** The spec's calendar constants (001 §9 and the schedule screen). */
export const CALENDAR = {
  height: 500,
  views: ["month", "week", "day", "agenda"] as View[],
  defaultView: "month" as View,
  drilldownView: "day" as View,
  step: 30,
  timeslots: 2,
  agendaLength: 30,
  longPressThreshold: 250,
  /** A new slot event lasts one hour. */
  newEventMs: 3_600_000,
  /** react-big-calendar moves the current-time indicator every 60 s (DayColumn's own timer). */
  nowIndicatorMs: 60_000,
} as const;

/** What react-big-calendar holds for each occurrence. */
export type CalEvent = { title: string; start: Date; end: Date; allDay: boolean; occurrence: ScheduleOccurrence };
