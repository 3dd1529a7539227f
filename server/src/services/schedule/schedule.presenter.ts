import type { ScheduleEvent } from "@adesua/domain";
import { describeRecurrence } from "@adesua/domain/recurrence";
import type { ScheduleEventRow } from "../../db/schema";

export type ScheduleEventJoined = {
  event: ScheduleEventRow;
  course: { id: number; title: string; teacherId: number | null } | null;
  creator: { id: number; name: string } | null;
  file: { name: string; size: number } | null;
};

/** The only way an event leaves the server. */
export function presentScheduleEvent(row: ScheduleEventJoined, exceptions: readonly Date[], canEdit: boolean): ScheduleEvent {
  const { event } = row;
  let recurrenceDescription = "";
  if (event.rrule) {
    try {
      recurrenceDescription = describeRecurrence(event.rrule, event.startAt);
    } catch {
      recurrenceDescription = event.rrule;
    }
  }
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    start: event.startAt.toISOString(),
    end: event.endAt.toISOString(),
    recurrence: event.rrule ?? "",
    recurrenceDescription,
    courseId: event.courseId,
    course: row.course ? { id: row.course.id, title: row.course.title } : null,
    createdBy: row.creator ? { id: row.creator.id, name: row.creator.name } : null,
    file: row.file ? { name: row.file.name, size: row.file.size } : null,
    exceptions: [...exceptions].sort((a, b) => a.getTime() - b.getTime()).map((d) => d.toISOString()),
    canEdit,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
  };
}
