import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, NativeSelect, Paper, Stack, Text, TextInput } from "@mantine/core";
import { STUDENT_TYPES } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import type { BankQuestion } from "../api/bank";
import { createQuizFromQuestions, useCoursePicker } from "../api/staff";

/** "Use in a quiz": the chosen bank questions become a new quiz (POST /quizzes/from-questions), then its edit screen. */
export function UseInQuiz({ selected, base }: { selected: BankQuestion[]; base: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const courses = useCoursePicker(user?.role === "teacher" ? user.id : undefined);
  const [title, setTitle] = useState("");
  const [courseId, setCourseId] = useState("");
  const [level, setLevel] = useState("jhs1");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create() {
    setError(null);
    if (selected.length === 0) return setError("Choose at least one question");
    if (!title.trim()) return setError("Please provide a title");
    if (!courseId) return setError("Please choose a course");
    setBusy(true);
    try {
      const r = await createQuizFromQuestions({
        title: title.trim(),
        courseId: Number(courseId),
        studentType: level,
        questions: selected.map((q) => ({ text: q.text, options: q.options, answer: q.answer ?? "" })),
      });
      navigate(`${base}/quiz/${r.id}/edit`);
    } catch (e) {
      setError(errorText(e, "Error saving quiz. Please try again."));
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>Use in a quiz ({selected.length} selected)</Text>
        <TextInput label="Quiz title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <NativeSelect
          label="Course"
          value={courseId}
          onChange={(e) => setCourseId(e.currentTarget.value)}
          data={[
            { value: "", label: courses.isPending ? "Loading..." : "Choose a course" },
            ...(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
          ]}
        />
        <NativeSelect
          label="Student level"
          value={level}
          onChange={(e) => setLevel(e.currentTarget.value)}
          data={STUDENT_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button onClick={() => void create()} loading={busy} disabled={selected.length === 0}>
          Use in a quiz
        </Button>
      </Stack>
    </Paper>
  );
}
