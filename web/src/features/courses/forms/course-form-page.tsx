import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert, Checkbox, FileInput, Paper, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { COURSE_MESSAGES } from "@adesua/domain/constants";
import { CourseFormSchema } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { pdfProblem, startsLikePdf } from "@/lib/pdf";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { FormActions, FormError } from "@/components/form-actions";
import { FormPageLoading } from "@/components/form-page";
import { useCourse, useSaveCourse, type CourseFormValues } from "../api/courses";

export const COURSE_SAVE_FAILED = "Error saving course.";
const MATERIAL = "Course material";

type Errors = Partial<Record<"title" | "description" | "material", string>>;

/** The course form's checks: the shared contract (the server runs the same schema), then the PDF. */
export function validateCourse(v: CourseFormValues): Errors {
  const parsed = CourseFormSchema.safeParse({ title: v.title, description: v.description });
  const e: Errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, (p) => (p === "title" || p === "description" ? p : null));
  const pdf = pdfProblem(v.material, MATERIAL);
  if (pdf) e.material = pdf;
  return e;
}

/** New course (no :id) or edit; after saving, teachers go to their course list and admins to Course Management. */
export function CourseFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const { user } = useAuth();
  const navigate = useNavigate();
  const existing = useCourse(id ?? NaN);
  const save = useSaveCourse();
  const [values, setValues] = useState<CourseFormValues>({ title: "", description: "", material: null, removeMaterial: false });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const listPath = user?.role === "admin" ? "/admin/dashboard/courses" : "/teachers/dashboard/courses";

  useEffect(() => {
    if (id && existing.data && loadedId !== existing.data.id) {
      setValues({ title: existing.data.title, description: existing.data.description, material: null, removeMaterial: false });
      setLoadedId(existing.data.id);
    }
  }, [id, existing.data, loadedId]);

  const set = <K extends keyof CourseFormValues>(k: K, v: CourseFormValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const next = validateCourse(values);
    if (!next.material && values.material && !(await startsLikePdf(values.material))) next.material = `${MATERIAL} must be a PDF file`;
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setError(null);
    try {
      await save.mutateAsync({ id, values });
      notifications.show({ color: "green", message: id ? "Course updated" : "Course created" });
      navigate(listPath, { replace: true });
    } catch (err) {
      setError(errorText(err, COURSE_SAVE_FAILED));
    }
  }

  const title = id ? "Edit course" : "New course";
  if (id && existing.isPending) {
    return <FormPageLoading height={240} />;
  }
  if (id && existing.isError) {
    return (
      <Stack>
        <PageHeader title={title} />
        <ErrorState
          message={errorText(existing.error, "Failed to load the course. Please try again later.")}
          onRetry={() => void existing.refetch()}
          retrying={existing.isFetching}
        />
      </Stack>
    );
  }
  const notMine = !!id && user?.role === "teacher" && existing.data?.teacherId !== user.id;
  const current = existing.data?.material;

  return (
    <Stack maw={720}>
      <PageHeader title={title} subtitle={id ? existing.data?.title : "Add a course with an optional PDF of its material."} />
      {notMine && (
        <Alert color="orange" role="alert">
          {COURSE_MESSAGES.editOwnOnly}
        </Alert>
      )}
      <FormError error={error} title="Could not save" />
      <Paper withBorder p="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              value={values.title}
              onChange={(e) => set("title", e.currentTarget.value)}
              error={errors.title}
              maxLength={250}
              autoFocus={!id}
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={12}
              value={values.description}
              onChange={(e) => set("description", e.currentTarget.value)}
              error={errors.description}
            />
            {current && (
              <Stack gap={4}>
                <Text size="sm">
                  Current material: <b>{current.name}</b> ({formatBytes(current.size)})
                </Text>
                <Checkbox
                  label="Remove the current material"
                  checked={!!values.removeMaterial}
                  disabled={!!values.material}
                  onChange={(e) => set("removeMaterial", e.currentTarget.checked)}
                />
              </Stack>
            )}
            <FileInput
              label={current ? "Replace material (PDF)" : "Material (PDF)"}
              description="A PDF file, up to 10 MB"
              placeholder="Choose a PDF file"
              accept="application/pdf,.pdf"
              name="material"
              clearable
              value={values.material}
              onChange={(f) => set("material", f)}
              error={errors.material}
            />
            <FormActions mt="xs" wrap="wrap" cancelTo={listPath} submitLabel={id ? "Save changes" : "Create course"} busy={save.isPending} disabled={notMine} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
