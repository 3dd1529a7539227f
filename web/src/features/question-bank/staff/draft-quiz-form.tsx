import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Text, TextInput, Title } from "@mantine/core";
import { QUIZ_MESSAGES } from "@adesua/domain/constants";
import { checkNewQuizSettings, newQuizSettings, NewQuizSettingsFields, type NewQuizSettingsErrors } from "@/components/new-quiz-settings";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { DRAFT_CREATED } from "@/lib/new-quiz";
import { useCoursePicker } from "../api/staff";
import type { DraftQuestion } from "../lib/answers";
import { CourseLevelFields } from "./course-level-fields";
import { useCreateDraftQuiz } from "./create-draft";

/** The words both screens that make a draft quiz use (000 §7, 001 §8; issue 24 §5). */
export const DRAFT_QUIZ_MESSAGES = {
  createFailed: "Error creating quiz",
  provideTitle: QUIZ_MESSAGES.provideTitle,
} as const;

/**
 * A new draft quiz from reviewed questions (Upload Quiz, Use in a quiz): its title, course, level, window and
 * limits; `create` checks them, sends createDraftQuiz and opens the quiz's page, where Publish is (issue 24 §3).
 */
export function useDraftQuizForm(base: string) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const courses = useCoursePicker(user?.role === "teacher" ? user.id : undefined);
  const [title, setTitle] = useState("");
  const [courseId, setCourseId] = useState("");
  const [level, setLevel] = useState<string>("jhs1");
  const [settings, setSettings] = useState(() => newQuizSettings());
  const [settingsErrors, setSettingsErrors] = useState<NewQuizSettingsErrors>({});
  const [error, setError] = useState<string | null>(null);
  const creating = useCreateDraftQuiz();

  /** `refusal`: the screen's own reason not to send (checked after the settings, before the title). */
  function create(questions: DraftQuestion[], refusal?: string) {
    setError(null);
    const problems = checkNewQuizSettings(settings);
    setSettingsErrors(problems);
    if (refusal) return setError(refusal);
    if (!title.trim()) return setError(DRAFT_QUIZ_MESSAGES.provideTitle);
    if (!courseId) return setError(QUIZ_MESSAGES.course);
    if (Object.keys(problems).length) return setError("Please correct the fields marked in red.");
    creating.mutate(
      { title: title.trim(), courseId: Number(courseId), studentType: level, questions, settings },
      {
        // The quiz's own page says what happened and holds Publish.
        onSuccess: (r) => navigate(`${base}/quizzes/${r.id}`, { state: { created: DRAFT_CREATED } }),
        onError: (e) => setError(errorText(e, DRAFT_QUIZ_MESSAGES.createFailed)),
      },
    );
  }

  return { user, courses, title, setTitle, courseId, setCourseId, level, setLevel, settings, setSettings, settingsErrors, error, creating, create };
}

type Props = {
  form: ReturnType<typeof useDraftQuizForm>;
  titleLabel: string;
  /** Title and course marked required, and the settings under their own heading (Upload Quiz). */
  full?: boolean;
};

/** The fields of a new draft quiz, from its title to the refusal above the Create button. */
export function DraftQuizFields({ form, titleLabel, full }: Props) {
  return (
    <>
      <TextInput label={titleLabel} required={full} value={form.title} onChange={(e) => form.setTitle(e.currentTarget.value)} maxLength={200} />
      <CourseLevelFields
        courses={form.courses}
        courseId={form.courseId}
        onCourseId={form.setCourseId}
        level={form.level}
        onLevel={form.setLevel}
        required={full}
      />
      {full && (
        <Title order={3} size="h5" mt="xs">
          When and how students take it
        </Title>
      )}
      <NewQuizSettingsFields value={form.settings} onChange={form.setSettings} errors={form.settingsErrors} disabled={form.creating.isPending} />
      <Text size="sm" c="dimmed">
        The quiz is created as a draft: students see it only once you publish it.
      </Text>
      {form.error && (
        <Alert color="red" role="alert">
          {form.error}
        </Alert>
      )}
    </>
  );
}
