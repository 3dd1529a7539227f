import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeedTokenCreated, FeedTokenStatus, ParsedScheduleResult, ScheduleEvent, ScheduleListResponse } from "@adesua/domain";
import { api } from "@/lib/api";
import { saveById, useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

export const SCHEDULES_LOAD_FAILED = "Failed to load schedules";
export const COURSES_LOAD_FAILED = "Failed to load courses";
export const SCHEDULE_LOAD_FAILED = "Failed to load schedule";
export const PARSE_FAILED = "Failed to parse schedule";
export const DELETE_SUCCEEDED = "Event deleted successfully";
export const DELETE_QUESTION = "Are you sure you want to delete this event?";

/** Every schedule query starts with "schedules" so one invalidation refreshes the calendar and the forms. */
export const scheduleKeys = {
  all: ["schedules"] as const,
  range: (from: string, to: string) => ["schedules", "range", from, to] as const,
  detail: (id: number) => ["schedules", "detail", id] as const,
  feed: ["schedules", "feed-token"] as const,
};

/** GET /schedules?from=&to=: occurrences (recurring events expanded) and quiz windows in the range. */
export const getSchedulesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: scheduleKeys.range(from, to),
    queryFn: ({ signal }) => api<ScheduleListResponse>("/schedules", { query: { from, to }, signal }),
  });
export const useSchedules = (from: string, to: string) => useQuery(getSchedulesQueryOptions(from, to));

export const useScheduleEvent = (id: number | undefined) =>
  useQuery({
    queryKey: scheduleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<ScheduleEvent>(`/schedules/${id}`, { signal }),
    enabled: !!id && Number.isInteger(id) && id > 0,
  });

/** The courses the event form offers (a teacher's own; an admin's all). */
export const useCourseOptions = (teacherId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: ["courses", "list", { picker: "schedule", teacherId }],
    queryFn: ({ signal }) => api<{ data: { id: number; title: string }[] }>("/courses", { query: { page: 1, limit: 100, teacherId }, signal }),
    select: (r) => r.data.map((c) => ({ value: String(c.id), label: c.title })),
    enabled,
  });

export type EventFormValues = { title: string; description: string; start: string; end: string; recurrence: string; courseId: string; file: File | null };

/** Form fields as the server reads them; times travel as ISO instants. */
export function toEventFormData(v: EventFormValues): FormData {
  const fd = new FormData();
  fd.set("title", v.title.trim());
  fd.set("description", v.description.trim());
  fd.set("start", new Date(v.start).toISOString());
  fd.set("end", new Date(v.end).toISOString());
  fd.set("recurrence", v.recurrence.trim());
  fd.set("courseId", v.courseId);
  if (v.file) fd.set("file", v.file, v.file.name);
  return fd;
}

export const useSaveEvent = () =>
  useInvalidatingMutation(scheduleKeys.all, ({ id, values }: { id?: number; values: EventFormValues }) =>
    saveById<ScheduleEvent>("/schedules", id, { form: toEventFormData(values) }),
  );

export const useDeleteEvent = () => useDeleteById("/schedules", scheduleKeys.all);

/** Cancels one occurrence of a repeating event, keeping the series. */
export const useCancelOccurrence = () =>
  useInvalidatingMutation(scheduleKeys.all, ({ id, occurrenceStart }: { id: number; occurrenceStart: string }) =>
    api<ScheduleEvent>(`/schedules/${id}/exceptions`, { method: "POST", body: { occurrenceStart } }),
  );

export function useParseSchedule() {
  return useMutation({
    mutationFn: (file: File) => {
      const fd = new FormData();
      fd.set("file", file, file.name);
      return api<ParsedScheduleResult>("/schedules/parse", { method: "POST", form: fd });
    },
  });
}

export const useFeedToken = () => useQuery({ queryKey: scheduleKeys.feed, queryFn: ({ signal }) => api<FeedTokenStatus>("/schedules/feed-token", { signal }) });

export function useCreateFeedToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<FeedTokenCreated>("/schedules/feed-token", { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scheduleKeys.feed }),
  });
}

/** The range to load around the date the calendar shows: every view (month grid, agenda's 30 days) fits. */
export function rangeAround(date: Date): { from: string; to: string } {
  const from = new Date(date.getFullYear(), date.getMonth() - 1, 20);
  const to = new Date(date.getFullYear(), date.getMonth() + 2, 12);
  return { from: from.toISOString(), to: to.toISOString() };
}
