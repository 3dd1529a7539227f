import { useState } from "react";
import { Badge, Button, type ButtonProps } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS } from "@adesua/domain/constants";
import type { QuizListItem, Quiz } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSetPublication } from "../api/quiz-mutations";

type PublishableQuiz = Pick<Quiz | QuizListItem, "id" | "title" | "studentType" | "publication">;

export const DRAFT_NOTE = "Draft: students cannot see this quiz until you publish it.";
export const UNPUBLISH_CONFIRM = "Are you sure you want to unpublish this quiz?";

/** "Draft" beside a quiz's time status; nothing for a published quiz. */
export function DraftBadge({ quiz }: { quiz: Pick<PublishableQuiz, "publication"> }) {
  if (quiz.publication !== "draft") return null;
  return (
    <Badge color="orange" variant="filled" style={{ flexShrink: 0 }} data-testid="draft-badge">
      Draft
    </Badge>
  );
}

/** Publish for a draft; Unpublish (after a confirmation) for a published quiz (decision 040). */
export function PublicationButton({ quiz, size }: { quiz: PublishableQuiz; size?: ButtonProps["size"] }) {
  const publication = useSetPublication();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const level = STUDENT_TYPE_LABELS[quiz.studentType];

  async function change(to: "published" | "draft") {
    setError(null);
    try {
      await publication.mutateAsync({ id: quiz.id, to });
      setConfirming(false);
      notifications.show({
        color: "green",
        message: to === "published" ? `Published: ${level} students can see ${quiz.title} now.` : `${quiz.title} is a draft again: students no longer see it.`,
      });
    } catch (err) {
      const message = errorText(err, to === "published" ? "Could not publish the quiz" : "Could not unpublish the quiz");
      if (to === "draft") setError(message);
      else notifications.show({ color: "red", message });
    }
  }

  if (quiz.publication === "draft")
    return (
      <Button size={size} color="green" loading={publication.isPending} onClick={() => void change("published")} aria-label={`Publish ${quiz.title}`}>
        Publish
      </Button>
    );
  return (
    <>
      <Button
        size={size}
        variant="default"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
        aria-label={`Unpublish ${quiz.title}`}
      >
        Unpublish
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Unpublish quiz"
        message={UNPUBLISH_CONFIRM}
        details={
          <>
            {quiz.title} goes back to a draft: {level} students no longer see it until you publish it again.
          </>
        }
        confirmLabel="Unpublish"
        confirmColor="orange"
        loading={publication.isPending}
        error={error}
        onConfirm={() => void change("draft")}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
