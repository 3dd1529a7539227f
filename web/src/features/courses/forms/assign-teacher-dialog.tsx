import { useEffect, useState } from "react";
import { Alert, Button, Select, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { COURSE_MESSAGES } from "@adesua/domain/constants";
import type { Course } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormDialog } from "@/components/form-dialog";
import { useAssignTeacher, useTeachers } from "../api/courses";

export const ASSIGN_FAILED = "Failed to assign teacher";

/** Assign or change a course's teacher; the picker must have a choice ("Please select a teacher"). */
export function AssignTeacherDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const teachers = useTeachers(!!course);
  const assign = useAssignTeacher();
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setTeacherId(course?.teacherId ? String(course.teacherId) : null);
    setFieldError(null);
    setError(null);
  }, [course]);

  async function submit() {
    if (!course) return;
    if (!teacherId) {
      setFieldError(COURSE_MESSAGES.teacher);
      return;
    }
    setError(null);
    try {
      const updated = await assign.mutateAsync({ id: course.id, teacherId: Number(teacherId) });
      notifications.show({ color: "green", message: `${updated.teacher?.name ?? "The teacher"} now teaches ${updated.title}` });
      onClose();
    } catch (err) {
      setError(errorText(err, ASSIGN_FAILED));
    }
  }

  const changing = !!course?.teacherId;
  return (
    <FormDialog
      opened={!!course}
      onClose={onClose}
      title={changing ? "Change teacher" : "Assign teacher"}
      onSubmit={() => void submit()}
      error={error}
      submitLabel={changing ? "Change teacher" : "Assign teacher"}
      busy={assign.isPending}
      empty={!course}
    >
      {course && (
        <>
          <Text size="sm">
            Course: <b>{course.title}</b>
            {course.teacher ? ` (now taught by ${course.teacher.name})` : " (no teacher yet)"}
          </Text>
          {teachers.isError && (
            <Alert color="red" role="alert">
              {errorText(teachers.error, "Failed to load teachers")}{" "}
              <Button size="compact-xs" variant="white" color="red" onClick={() => void teachers.refetch()}>
                Try Again
              </Button>
            </Alert>
          )}
          <Select
            label="Teacher"
            placeholder={teachers.isPending ? "Loading teachers..." : "Choose a teacher"}
            required
            searchable
            nothingFoundMessage="No teacher found"
            data={(teachers.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.email ?? t.username ?? ""})` }))}
            value={teacherId}
            onChange={(v) => {
              setTeacherId(v);
              setFieldError(null);
            }}
            error={fieldError}
            comboboxProps={{ withinPortal: true }}
            openOnFocus={false}
            data-autofocus
          />
        </>
      )}
    </FormDialog>
  );
}
