import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, Paper, Stack, Text, TextInput } from "@mantine/core";
import { QUIZ_MESSAGES } from "@adesua/domain/constants";
import { checkNewQuizSettings, newQuizSettings, NewQuizSettingsFields, type NewQuizSettingsErrors } from "@/components/new-quiz-settings";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { DRAFT_CREATED } from "@/lib/new-quiz";
import type { BankQuestion } from "../api/bank";
import { useCoursePicker } from "../api/staff";
import { CourseLevelFields } from "./course-level-fields";
import { useCreateDraftQuiz } from "./create-draft";
import { UPLOAD_MESSAGES } from "./upload-quiz-page";

/**
 * "Use in a quiz": the chosen bank questions become a new quiz (createDraftQuiz) with the window and
 * limits set here, as a draft (issue 24 §3); then the quiz's page, where Publish is.
 */
export function UseInQuiz({ selected, base }: { selected: BankQuestion[]; base: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const courses = useCoursePicker(user?.role === "teacher" ? user.id : undefined);
  const [title, setTitle] = useState("");
  const [courseId, setCourseId] = useState("");
  const [level, setLevel] = useState("jhs1");
  const [settings, setSettings] = useState(() => newQuizSettings());
  const [settingsErrors, setSettingsErrors] = useState<NewQuizSettingsErrors>({});
  const creating = useCreateDraftQuiz();
  const [error, setError] = useState<string | null>(null);

  function create() {
    setError(null);
    const problems = checkNewQuizSettings(settings);
    setSettingsErrors(problems);
    if (selected.length === 0) return setError("Choose at least one question");
    if (!title.trim()) return setError(UPLOAD_MESSAGES.provideTitle);
    if (!courseId) return setError(QUIZ_MESSAGES.course);
    if (Object.keys(problems).length) return setError("Please correct the fields marked in red.");
    creating.mutate(
      {
        title: title.trim(),
        courseId: Number(courseId),
        studentType: level,
        questions: selected.map((q) => ({ text: q.text, options: q.options, answer: q.answer ?? "" })),
        settings,
      },
      {
        onSuccess: (r) => navigate(`${base}/quizzes/${r.id}`, { state: { created: DRAFT_CREATED } }),
        onError: (e) => setError(errorText(e, UPLOAD_MESSAGES.createFailed)),
      },
    );
  }

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>Use in a quiz ({selected.length} selected)</Text>
        <TextInput label="Quiz title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
        <CourseLevelFields courses={courses} courseId={courseId} onCourseId={setCourseId} level={level} onLevel={setLevel} />
        <NewQuizSettingsFields value={settings} onChange={setSettings} errors={settingsErrors} disabled={creating.isPending} />
        <Text size="sm" c="dimmed">
          The quiz is created as a draft: students see it only once you publish it.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button onClick={create} loading={creating.isPending} disabled={selected.length === 0}>
          Use in a quiz
        </Button>
      </Stack>
    </Paper>
  );
}
