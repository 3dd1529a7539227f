import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, FileInput, Group, Select, Skeleton, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ScheduleFormSchema, SCHEDULE_MESSAGES, type ParsedScheduleResult } from "@adesua/domain";
import { parseRecurrence } from "@adesua/domain/recurrence";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { DateTimeField, TimeZoneNote, toLocalInput } from "@/components/date-time-field";
import { FormPage, useFormFields } from "@/components/form-page";
import {
  COURSES_LOAD_FAILED,
  PARSE_FAILED,
  SCHEDULE_LOAD_FAILED,
  useCourseOptions,
  useParseSchedule,
  useSaveEvent,
  useScheduleEvent,
  type EventFormValues,
} from "../api/schedule";
import { scheduleBase } from "../staff/schedule-page";

type Field = "title" | "description" | "start" | "end" | "recurrence" | "courseId" | "file";
type Errors = Partial<Record<Field, string>>;
const FILE_TYPES = ".pdf,.docx";
const SCHOOL_WIDE = "";

/** What the parsed-event preview hands over ("Edit in Form"). */
export type ParsedState = { parsed?: ParsedScheduleResult };

const isoToLocal = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? toLocalInput(new Date(iso)) : "");

/** The form's checks: the shared contract (the server runs the same one) and the recurrence reader. */
export function validateEvent(v: EventFormValues): Errors {
  const parsed = ScheduleFormSchema.safeParse({
    title: v.title,
    description: v.description,
    start: v.start,
    end: v.end,
    recurrence: v.recurrence,
    courseId: v.courseId,
  });
  const e: Errors = parsed.success
    ? {}
    : issuesToFieldErrors(parsed.error.issues, (p) =>
        ["title", "description", "start", "end", "recurrence", "courseId"].includes(String(p)) ? (p as Field) : null,
      );
  if (!e.start && v.start && v.recurrence.trim()) {
    const r = parseRecurrence(v.recurrence, new Date(v.start));
    if (!r.ok) e.recurrence = r.error;
  }
  if (v.file && !/\.(pdf|docx)$/i.test(v.file.name)) e.file = SCHEDULE_MESSAGES.fileType;
  return e;
}

/** New event (no :id, optionally pre-filled from a slot or a parsed circular) or edit; after saving, back to the role's calendar. */
export function EventFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const base = scheduleBase(user?.role);
  const existing = useScheduleEvent(id);
  const courses = useCourseOptions(user?.role === "teacher" ? user.id : undefined);
  const save = useSaveEvent();
  const parse = useParseSchedule();
  const parsedIn = (location.state as ParsedState | null)?.parsed;
  const { values, setValues, errors, setErrors, set, check } = useFormFields<EventFormValues, Errors>(
    () => ({
      title: parsedIn?.title ?? "",
      description: parsedIn?.description ?? "",
      start: parsedIn ? isoToLocal(parsedIn.start) : (search.get("start") ?? ""),
      end: parsedIn ? isoToLocal(parsedIn.end) : (search.get("end") ?? ""),
      recurrence: parsedIn?.recurrence ?? "",
      courseId: SCHOOL_WIDE,
      file: null,
    }),
    validateEvent,
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ev = existing.data;
    if (!ev) return;
    setValues({
      title: ev.title,
      description: ev.description,
      start: isoToLocal(ev.start),
      end: isoToLocal(ev.end),
      recurrence: ev.recurrence,
      courseId: ev.courseId === null ? SCHOOL_WIDE : String(ev.courseId),
      file: null,
    });
  }, [existing.data, setValues]);

  useEffect(() => {
    if (!existing.isError) return;
    notifications.show({ color: "red", message: SCHEDULE_LOAD_FAILED });
    navigate(base, { replace: true });
  }, [existing.isError, navigate, base]);

  /** The rule the reader understood, live as the user types. */
  const understood = useMemo(() => {
    if (!values.recurrence.trim()) return null;
    const start = values.start && !Number.isNaN(Date.parse(values.start)) ? new Date(values.start) : new Date();
    return parseRecurrence(values.recurrence, start);
  }, [values.recurrence, values.start]);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!check()) return;
    setError(null);
    save.mutate(
      { id, values },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: id ? "Event updated" : "Event created" });
          navigate(base);
        },
        onError: (err) => setError(errorText(err, "Error saving event.")),
      },
    );
  };

  const parseFile = () => {
    if (!values.file) {
      setErrors((e) => ({ ...e, file: SCHEDULE_MESSAGES.parseNoFile }));
      return;
    }
    parse.mutate(values.file, {
      onSuccess: (parsed) => navigate(`${base}/parse`, { state: { parsed } satisfies ParsedState }),
      onError: (err) => setErrors((e) => ({ ...e, file: errorText(err, PARSE_FAILED) })),
    });
  };

  if (id && existing.isPending) return <Skeleton height={420} />;

  const courseData = [{ value: SCHOOL_WIDE, label: "School-wide" }, ...(courses.data ?? [])];

  return (
    <FormPage
      title={id ? "Edit Event" : "New Event"}
      subtitle={parsedIn ? "Filled from the parsed circular: check every field before saving." : undefined}
      onSubmit={submit}
      error={error}
      submitLabel={id ? "Save Changes" : "Create Event"}
      busy={save.isPending}
      cancelTo={base}
    >
      <TextInput label="Title" required value={values.title} onChange={(e) => set("title", e.currentTarget.value)} error={errors.title} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={values.description}
        onChange={(e) => set("description", e.currentTarget.value)}
        error={errors.description}
      />
      <DateTimeField label="Start" value={values.start} onChange={(v) => set("start", v)} error={errors.start} />
      <DateTimeField label="End" value={values.end} onChange={(v) => set("end", v)} error={errors.end} />
      <TimeZoneNote />
      <Stack gap={4}>
        <TextInput
          label="Recurrence"
          placeholder="weekly on Monday"
          description='Plain English ("every 2 weeks on Tuesday and Thursday until 20 March 2027") or an RRULE; empty for a single event.'
          value={values.recurrence}
          onChange={(e) => set("recurrence", e.currentTarget.value)}
          error={errors.recurrence}
        />
        {understood && (
          <Text size="sm" c={understood.ok ? "teal.9" : "red.8"} data-testid="recurrence-understood" aria-live="polite">
            {understood.ok ? `Understood: ${understood.description}` : understood.error}
          </Text>
        )}
      </Stack>
      <Select
        label="Course"
        data={courseData}
        value={values.courseId}
        onChange={(v) => set("courseId", v ?? SCHOOL_WIDE)}
        allowDeselect={false}
        error={errors.courseId ?? (courses.isError ? COURSES_LOAD_FAILED : undefined)}
      />
      <Stack gap={4}>
        <FileInput
          label="Upload File"
          accept={FILE_TYPES}
          clearable
          value={values.file}
          onChange={(f) => set("file", f)}
          error={errors.file}
          placeholder="A circular or notice (.pdf, .docx)"
        />
        {existing.data?.file && !values.file && <Text size="sm">Attached: {existing.data.file.name}</Text>}
        <Group>
          <Button variant="light" onClick={parseFile} loading={parse.isPending}>
            Parse File
          </Button>
        </Group>
      </Stack>
    </FormPage>
  );
}
