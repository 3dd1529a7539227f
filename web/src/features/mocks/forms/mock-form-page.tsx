import { useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, type StudentType } from "@adesua/domain";
import { ApiError, errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { ErrorState } from "@/components/error-state";
import { FormPage, FormPageLoading } from "@/components/form-page";
import { useCourseChoices, useLevelQuizzes, useMock, useSaveMock } from "../api/mocks";
import { checkMock, fromMock, newMock, newSubject, serverFieldErrors, type FieldErrors, type MockValues } from "./mock-form-model";
import { SubjectFields } from "./subject-fields";

/** mocks/new and mocks/:id/edit (admin): the mock's title, level, subjects and their papers with the timetable. */
export function MockFormPage() {
  const id = Number(useParams().id) || null;
  const mock = useMock(id);
  if (id && mock.isPending) return <FormPageLoading height={520} />;
  if (id && mock.isError) return <ErrorState message={errorText(mock.error, "Failed to load the mock")} onRetry={() => void mock.refetch()} />;
  return <MockForm key={id ?? "new"} id={id} initial={mock.data ? fromMock(mock.data) : newMock()} />;
}

function MockForm({ id, initial }: { id: number | null; initial: MockValues }) {
  const base = staffBase(useLocation().pathname);
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveMock();
  const quizzes = useLevelQuizzes(values.level);
  const courses = useCourseChoices();
  const quizChoices = (quizzes.data?.data ?? []).map((q) => ({ value: String(q.id), label: `${q.title} (${q.course.title})` }));
  const courseChoices = (courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkMock(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.errors.form ?? "Some fields need attention: see the messages in red.");
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: id ?? undefined, values: checked.input });
      notifications.show({ color: "green", message: id ? "Mock saved" : "Mock created" });
      navigate(`${base}/mocks/${saved.id}`);
    } catch (err) {
      const message = errorText(err, "Failed to save the mock. Please try again.");
      if (err instanceof ApiError && err.status === 400) setErrors(serverFieldErrors(message, values));
      setFormError(message);
    }
  }

  return (
    <FormPage
      title={id ? "Edit mock" : "New mock"}
      subtitle="Each subject has its papers; each paper its date, start time and duration (the timetable)."
      onSubmit={(e) => void submit(e)}
      error={formError}
      submitLabel={id ? "Save mock" : "Create mock"}
      busy={save.isPending}
      cancelTo={id ? `${base}/mocks/${id}` : `${base}/mocks`}
    >
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label="Title"
          placeholder="JHS 3 Second Mock, March 2027"
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
          style={{ flex: "3 1 260px" }}
        />
        <NativeSelect
          label="Level"
          value={values.level}
          data={STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))}
          onChange={(e) => setValues({ ...values, level: e.currentTarget.value as StudentType })}
          error={errors.level}
          style={{ flex: "1 1 120px" }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Subject score: the papers as percentages combined by their weights. Core subjects always count towards the aggregate, with the best two others.
      </Text>
      <Stack gap="md">
        {values.subjects.map((s, i) => (
          <SubjectFields
            key={s.key}
            subject={s}
            index={i}
            errors={errors}
            quizzes={quizChoices}
            courses={courseChoices}
            onChange={(next) => setValues((v) => ({ ...v, subjects: v.subjects.map((x, k) => (k === i ? next : x)) }))}
            onRemove={values.subjects.length > 1 ? () => setValues((v) => ({ ...v, subjects: v.subjects.filter((_, k) => k !== i) })) : undefined}
          />
        ))}
      </Stack>
      {values.subjects.length < 15 && (
        <Group>
          <Button variant="light" onClick={() => setValues((v) => ({ ...v, subjects: [...v.subjects, newSubject(v.subjects.length)] }))}>
            Add subject
          </Button>
        </Group>
      )}
    </FormPage>
  );
}
