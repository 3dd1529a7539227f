import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { errorText } from "@/lib/api";
import { saveBulk, saveOne, SAVE_FAILED, type SaveMetadata } from "../api/staff";
import type { DraftQuestion } from "../lib/answers";

export type SaveOutcome = { saved: number; skippedDuplicates: number; failed: number; message: string | null };

/**
 * The spec's save (001 §4): the whole list in one call; when that fails, one by one with a progress
 * counter, so a single bad question does not lose the others.
 */
export async function saveQuestions(questions: DraftQuestion[], meta: SaveMetadata, onProgress: (done: number, total: number) => void): Promise<SaveOutcome> {
  try {
    const r = await saveBulk(questions, meta);
    return { saved: r.count, skippedDuplicates: r.skippedDuplicates ?? 0, failed: 0, message: null };
  } catch (bulkError) {
    let saved = 0;
    let failed = 0;
    let message: string | null = errorText(bulkError, SAVE_FAILED);
    for (const [i, q] of questions.entries()) {
      onProgress(i, questions.length);
      try {
        await saveOne(q, meta);
        saved++;
      } catch (e) {
        failed++;
        message = `Question ${i + 1}: ${errorText(e, SAVE_FAILED)}`;
      }
    }
    onProgress(questions.length, questions.length);
    return { saved, skippedDuplicates: 0, failed, message: failed ? message : null };
  }
}

/** saveQuestions as a mutation, with its one-by-one counter (null when not saving one by one). */
export function useSaveQuestions() {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ questions, meta }: { questions: DraftQuestion[]; meta: SaveMetadata }) =>
      saveQuestions(questions, meta, (done, total) => setProgress({ done, total })),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
