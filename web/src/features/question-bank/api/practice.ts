import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PracticeHistory } from "@adesua/domain";
import { api } from "@/lib/api";

/** The student's practice results and how they are doing per subject (GET /api/practice). */
export const getPracticeHistoryQueryOptions = () =>
  queryOptions({ queryKey: ["practice", "history"], queryFn: ({ signal }) => api<PracticeHistory>("/practice", { query: { limit: 5 }, signal }) });
export const usePracticeHistory = () => useQuery(getPracticeHistoryQueryOptions());
