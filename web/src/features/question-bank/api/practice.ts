import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** A student's practice, summed per subject (GET /api/practice). */
export type PracticeSubject = { subject: string; attempts: number; averageScore: number | null; bestScore: number | null; lastScore: number | null; lastAt?: string | null };

export const getPracticeHistoryQueryOptions = () =>
  queryOptions({ queryKey: ["practice", "history"], queryFn: ({ signal }) => api<{ subjects: PracticeSubject[] }>("/practice", { signal }) });
export const usePracticeHistory = () => useQuery(getPracticeHistoryQueryOptions());
