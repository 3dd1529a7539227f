// Staff-only mutations, apart from the queries so student pages do not load TanStack's mutation code.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Quiz } from "@adesua/domain";
import { api } from "@/lib/api";
import { quizKeys } from "./quizzes";

/** Create (no id) or update; the body is multipart with the PDF in field `pdf`. */
export function useSaveQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id ? api<Quiz>(`/quizzes/${id}`, { method: "PUT", form }) : api<Quiz>("/quizzes", { method: "POST", form }),
    onSuccess: (quiz) => {
      qc.setQueryData(quizKeys.detail(quiz.id), quiz);
      return qc.invalidateQueries({ queryKey: quizKeys.all });
    },
  });
}

export function useDeleteQuiz() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/quizzes/${id}`, { method: "DELETE" }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: quizKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: quizKeys.all });
    },
  });
}

/** POST /quizzes/{id}/publish (students of its level see it from now on) or …/unpublish (back to a draft). */
export function useSetPublication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: "published" | "draft" }) =>
      api<Quiz>(`/quizzes/${id}/${to === "published" ? "publish" : "unpublish"}`, { method: "POST" }),
    onSuccess: (quiz) => {
      qc.setQueryData(quizKeys.detail(quiz.id), quiz);
      return qc.invalidateQueries({ queryKey: quizKeys.all });
    },
  });
}
