import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InsightKind, TeacherHome, TeacherInsightList } from "@adesua/domain";
import { api } from "@/lib/api";

export const teacherHomeKeys = {
  home: ["teacher-home"] as const,
  insights: (kind: InsightKind, page: number) => ["teacher-home", "insights", kind, page] as const,
};

/** The teacher home's figures, one call (decision 024). */
export const useTeacherHome = () =>
  useQuery({ queryKey: teacherHomeKeys.home, queryFn: ({ signal }) => api<TeacherHome>("/teachers/me/home", { signal }), staleTime: 30_000 });

export const useInsightStudents = (kind: InsightKind | null, page: number, limit: number) =>
  useQuery({
    queryKey: teacherHomeKeys.insights(kind ?? "top", page),
    queryFn: ({ signal }) => api<TeacherInsightList>("/teachers/me/insights", { query: { kind: kind ?? "top", page, limit }, signal }),
    enabled: kind !== null,
    placeholderData: keepPreviousData,
  });
