import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Guardian, GuardianInput } from "@adesua/domain";
import { api } from "@/lib/api";

/** A student's guardians (issue 28): GET/PUT /users/{id}/guardians, at most two. */
export const guardianKeys = { of: (id: number) => ["users", "guardians", id] as const };

export const useGuardians = (id: number | null) =>
  useQuery({
    queryKey: guardianKeys.of(id ?? 0),
    queryFn: ({ signal }) => api<Guardian[]>(`/users/${id}/guardians`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });

export function useSaveGuardians() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardians }: { id: number; guardians: GuardianInput[] }) =>
      api<Guardian[]>(`/users/${id}/guardians`, { method: "PUT", body: guardians }),
    onSuccess: (saved, { id }) => qc.setQueryData(guardianKeys.of(id), saved),
  });
}
