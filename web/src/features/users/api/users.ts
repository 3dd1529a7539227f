import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role, User } from "@adesua/domain";
import { api } from "@/lib/api";

export type UserList = { data: User[]; pagination: { total: number; page: number; limit: number } };
export type UsersQuery = { role?: Role | null; search?: string; page: number; limit: number };

export const getUsersQueryOptions = (q: UsersQuery) =>
  queryOptions({
    queryKey: ["users", q],
    queryFn: ({ signal }) => api<UserList>("/users", { query: { role: q.role ?? undefined, search: q.search, page: q.page, limit: q.limit }, signal }),
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

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/users/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["users"] }),
  });
}
