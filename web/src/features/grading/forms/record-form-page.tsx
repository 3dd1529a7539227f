import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { NumberInput, Select, Skeleton, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { RecordFormSchema } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { ErrorState } from "@/components/error-state";
import { FormPage } from "@/components/form-page";
import { useQuizChoices, useRecord, useSaveRecord, useStudentOptions } from "../api/records-admin";

type Errors = Partial<Record<"userId" | "quizId" | "score", string>>;

/** The spec's record form: user, quiz and score (a number, step 0.1) are required. */
export function validateRecord(v: { userId: string | null; quizId: string | null; score: number | string }): Errors {
  const e: Errors = {};
  if (!v.userId) e.userId = M.user;
  if (!v.quizId) e.quizId = M.quiz;
  const parsed = RecordFormSchema.shape.score.safeParse(typeof v.score === "number" ? v.score : v.score === "" ? undefined : Number(v.score));
  if (!parsed.success) e.score = M.score;
  return e;
}

/** record/new and record/:id/edit; after saving, back to the records list. */
export function RecordFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const base = staffBase(useLocation().pathname);
  const list = `${base}/records`;
  const navigate = useNavigate();
  const existing = useRecord(id);
  const save = useSaveRecord();
  const [studentSearch, setStudentSearch] = useState("");
  const [debounced] = useDebouncedValue(studentSearch, 300);
  const students = useStudentOptions(debounced);
  const quizzes = useQuizChoices();
  const [userId, setUserId] = useState<string | null>(null);
  const [quizId, setQuizId] = useState<string | null>(null);
  const [score, setScore] = useState<number | string>("");
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const linked = existing.data?.submissionId != null;

  useEffect(() => {
    const r = existing.data;
    if (!r) return;
    setUserId(String(r.userId));
    setQuizId(String(r.quizId));
    setScore(r.score ?? "");
  }, [existing.data]);

  // The chosen student stays a choice while the search shows others.
  const studentData = [
    ...(existing.data && !students.data?.data.some((u) => u.id === existing.data!.userId)
      ? [{ value: String(existing.data.userId), label: existing.data.user.name }]
      : []),
    ...(students.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
  ];

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const e = validateRecord({ userId, quizId, score });
    setErrors(e);
    if (Object.keys(e).length) return;
    setError(null);
    save.mutate(
      { id, values: { userId: Number(userId), quizId: Number(quizId), score: Number(score) } },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: id ? "Record updated" : "Record created" });
          navigate(list);
        },
        onError: (err) => setError(errorText(err, M.recordSaveFailed)),
      },
    );
  };

  if (id && existing.isPending) return <Skeleton height={320} />;
  if (id && existing.isError) return <ErrorState message={errorText(existing.error, "Failed to load record")} onRetry={() => void existing.refetch()} />;

  return (
    <FormPage
      title={id ? "Edit Record" : "New Record"}
      onSubmit={submit}
      error={error}
      submitLabel={id ? "Save Changes" : "Create Record"}
      busy={save.isPending}
      cancelTo={list}
    >
      {linked && <Text size="sm">This record came from a submission: its student and quiz stay, and its score becomes the submission&apos;s grade.</Text>}
      <Select
        label="Student"
        required
        searchable
        placeholder="Type a name"
        data={studentData}
        value={userId}
        onChange={(v) => {
          setUserId(v);
          setErrors((x) => ({ ...x, userId: undefined }));
        }}
        searchValue={studentSearch}
        onSearchChange={setStudentSearch}
        nothingFoundMessage="No student found"
        error={errors.userId}
        disabled={linked}
      />
      <Select
        label="Quiz"
        required
        searchable
        placeholder="Choose a quiz"
        data={(quizzes.data?.data ?? []).map((q) => ({ value: String(q.id), label: q.title }))}
        value={quizId}
        onChange={(v) => {
          setQuizId(v);
          setErrors((x) => ({ ...x, quizId: undefined }));
        }}
        error={errors.quizId}
        disabled={linked}
      />
      <NumberInput
        label="Score"
        required
        description="0 to 100"
        min={0}
        max={100}
        step={0.1}
        decimalScale={2}
        value={score}
        onChange={(v) => {
          setScore(v);
          setErrors((x) => ({ ...x, score: undefined }));
        }}
        error={errors.score}
        maw={200}
      />
    </FormPage>
  );
}
