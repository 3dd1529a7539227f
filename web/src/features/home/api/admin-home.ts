import { useQuery } from "@tanstack/react-query";
import type { AdminStats, PendingCount } from "@adesua/domain";
import { api } from "@/lib/api";

export const adminHomeKeys = { stats: ["admin", "stats"] as const };

/** GET /admin/dashboard/stats: every figure of the admin home, counted by the server when asked. */
export const useAdminStats = (enabled: boolean) =>
  useQuery({ queryKey: adminHomeKeys.stats, queryFn: ({ signal }) => api<AdminStats>("/admin/dashboard/stats", { signal }).then((r) => r.data), enabled });

/** "N teachers are waiting for approval"; under the "users" key so approving refreshes it. */
export const usePendingTeachers = () =>
  useQuery({ queryKey: ["users", "pending-count"], queryFn: ({ signal }) => api<PendingCount>("/users/pending-count", { signal }) });
