import type { ScheduleEvent, ScheduleOccurrence } from "@adesua/domain";
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

/** A quiz with only one bound shows as a 15-minute marker at it (as in the feed). */
export const QUIZ_MARKER_MS = 15 * 60_000;

export type QuizWindowRow = {
  id: number;
  title: string;
  openTime: Date | null;
  closeTime: Date | null;
  courseId: number;
  courseTitle: string;
  updatedAt: Date;
  status: string;
};

/** A quiz's title on a calendar: staff see their drafts marked (students never get one). */
export const windowTitle = (q: QuizWindowRow) => (q.status === "draft" ? `${q.title} (draft)` : q.title);

/** A quiz window as a calendar occurrence (kind "quiz"). */
export function quizEntry(q: QuizWindowRow): ScheduleOccurrence {
  const marker = q.openTime && q.closeTime ? "window" : q.openTime ? "opens" : "closes";
  const start = q.openTime ?? new Date(q.closeTime!.getTime() - QUIZ_MARKER_MS);
  const end = q.closeTime ?? new Date(q.openTime!.getTime() + QUIZ_MARKER_MS);
  const prefix = marker === "window" ? "Quiz" : marker === "opens" ? "Quiz opens" : "Quiz closes";
  return {
    key: `quiz-${q.id}`,
    kind: "quiz",
    id: q.id,
    eventId: null,
    quizId: q.id,
    // The whole label: the screens show it as it is (no second "Quiz: " of their own).
    title: `${prefix}: ${windowTitle(q)}`,
    start: start.toISOString(),
    end: end.toISOString(),
    allDay: false,
    courseId: q.courseId,
    courseTitle: q.courseTitle,
    recurring: false,
    quizMarker: marker,
    canEdit: false,
  };
}
