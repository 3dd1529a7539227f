import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedUser, CreateUserInput, PendingCount, Role, Settings, StudentType, User } from "@adesua/domain";
import { api } from "@/lib/api";

export type UserList = { data: User[]; pagination: { total: number; page: number; limit: number } };
export type UsersQuery = { role?: Role | null; studentType?: StudentType | null; stream?: string; search?: string; page: number; limit: number };

export const getUsersQueryOptions = (q: UsersQuery) =>
  queryOptions({
    queryKey: ["users", q],
    queryFn: ({ signal }) =>
      api<UserList>("/users", {
        query: {
          role: q.role ?? undefined,
          studentType: q.studentType ?? undefined,
          stream: q.stream || undefined,
          search: q.search,
          page: q.page,
          limit: q.limit,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: UsersQuery) => useQuery(getUsersQueryOptions(q));

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => api<User>(`/users/${id}`, { method: "PUT", body: { password } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}

/** PUT /users/{id} with a student's level and class (stream; null for none). */
export function useChangeClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, studentType, stream }: { id: number; studentType: StudentType; stream: string | null }) =>
      api<User>(`/users/${id}`, { method: "PUT", body: { studentType, stream } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/users/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}

/** Approve or reject a self-registered teacher (admin only). */
export function useDecideTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: "approve" | "reject" }) => api<User>(`/users/${id}/${decision}`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}

/** How many teachers wait for approval (the admin home's card); under the "users" key so decisions refresh it. */
export const getPendingCountQueryOptions = () =>
  queryOptions({ queryKey: ["users", "pending-count"], queryFn: ({ signal }) => api<PendingCount>("/users/pending-count", { signal }) });
export const usePendingCount = (enabled = true) => useQuery({ ...getPendingCountQueryOptions(), enabled });

export const useSettings = (enabled: boolean) => useQuery({ queryKey: ["settings"], queryFn: ({ signal }) => api<Settings>("/settings", { signal }), enabled });

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: Settings) => api<Settings>("/settings", { method: "PUT", body: s }),
    onSuccess: (s) => qc.setQueryData(["settings"], s),
  });
}

/** POST /users (admin): one user with a one-time password, answered once as a slip. */
export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api<CreatedUser>("/users", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}
