import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { api, type RequestOptions } from "@/lib/api";

/** A mutation that, once it succeeds, refreshes every cached query under `key` (and waits for that refresh). */
export function useInvalidatingMutation<TVars, TData>(key: QueryKey, mutationFn: (vars: TVars) => Promise<TData>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

/** DELETE `${path}/${id}`, then refresh `key`. */
export const useDeleteById = (path: string, key: QueryKey) =>
  useInvalidatingMutation(key, (id: number) => api<{ ok: true }>(`${path}/${id}`, { method: "DELETE" }));

/** Save one record: POST `path` to create (no id), PUT `${path}/${id}` to update; `payload` is `{ body }` or `{ form }`. */
export const saveById = <T>(path: string, id: number | undefined, payload: Pick<RequestOptions, "body" | "form">) =>
  id ? api<T>(`${path}/${id}`, { method: "PUT", ...payload }) : api<T>(path, { method: "POST", ...payload });
