import { useMutation } from "@tanstack/react-query";
import type { Quiz } from "@adesua/domain";
import { api } from "@/lib/api";
import { newQuizSettingsPayload, type NewQuizSettings } from "@/components/new-quiz-settings";
import { clean } from "../api/staff";
import type { DraftQuestion } from "../lib/answers";

/**
 * A quiz from reviewed questions (an uploaded paper, the bank), with its window and limits, as a draft
 * (issue 24 §3; decision 040). It goes through POST /quizzes, which takes every setting and the questions
 * (their pictures too) in one transaction: POST /quizzes/from-questions stays the spec's call, which
 * sets only title, course and level.
 */
export function createDraftQuiz(input: { title: string; courseId: number; studentType: string; questions: DraftQuestion[]; settings: NewQuizSettings }) {
  const form = new FormData();
  const s = newQuizSettingsPayload(input.settings);
  form.set("title", input.title);
  form.set("courseId", String(input.courseId));
  form.set("studentType", input.studentType);
  form.set("openTime", s.openTime ?? "");
  form.set("closeTime", s.closeTime ?? "");
  form.set("timeLimit", s.timeLimit === null ? "" : String(s.timeLimit));
  form.set("maxAttempts", s.maxAttempts === null ? "" : String(s.maxAttempts));
  form.set("passingScore", String(s.passingScore));
  form.set("showScore", s.showScore);
  form.set("status", "draft");
  form.set(
    "questions",
    JSON.stringify(
      input.questions.map((q) => {
        // Every type's fields (a single answer in the old shape) and equations; the pictures the parse stored travel
        // with their questions (issue 11).
        const { imageIds, ...rest } = clean(q);
        return { ...rest, ...(imageIds?.length ? { imageIds } : {}) };
      }),
    ),
  );
  return api<Quiz>("/quizzes", { method: "POST", form });
}

/** createDraftQuiz as a mutation: its `isPending` is the Create button's busy state. */
export const useCreateDraftQuiz = () => useMutation({ mutationFn: createDraftQuiz });
