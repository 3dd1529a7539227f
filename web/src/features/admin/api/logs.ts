import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuditLog, PageMeta } from "@adesua/domain";
import { api } from "@/lib/api";

export type LogSortBy = "entityType" | "action" | "createdAt" | "entityId";
export type LogFilters = { search: string; action: string; sortBy: LogSortBy; sortOrder: "asc" | "desc"; page: number; limit: number };
type LogList = { data: AuditLog[]; pagination: PageMeta };

export const logKeys = { all: ["logs"] as const, list: (f: LogFilters) => ["logs", "list", f] as const };

/** One page of the audit trail, searched, filtered, sorted and paged by the server. */
export const useLogs = (f: LogFilters) =>
  useQuery({
    queryKey: logKeys.list(f),
    queryFn: ({ signal }) =>
      api<LogList>("/logs", {
        query: { search: f.search || undefined, action: f.action || undefined, sortBy: f.sortBy, sortOrder: f.sortOrder, page: f.page, limit: f.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** DELETE /logs: empties the trail (the server keeps one entry saying who cleared how many). */
export function useClearLogs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deleted: number }>("/logs", { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all }),
  });
}
