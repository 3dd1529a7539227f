import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { School, SchoolInput } from "@adesua/domain";
import { api, ApiError } from "@/lib/api";
import { tokenStore } from "@/lib/storage";

/** The school's profile and assessment settings (issue 28): GET/PUT /school, the crest through /school/crest. */
export const schoolKeys = { all: ["school"] as const };

export const getSchoolQueryOptions = () => queryOptions({ queryKey: schoolKeys.all, queryFn: ({ signal }) => api<School>("/school", { signal }) });
export const useSchool = () => useQuery(getSchoolQueryOptions());

/** PUT /school: any part sent replaces that part (the assessment settings part by part). */
export function useSaveSchool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolInput) => api<School>("/school", { method: "PUT", body: input }),
    onSuccess: (s) => qc.setQueryData(schoolKeys.all, s),
  });
}

/** PUT /school/crest (multipart `file`, .png/.jpg ≤ 2 MB). */
export function useUploadCrest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return api<School>("/school/crest", { method: "PUT", form });
    },
    onSuccess: (s) => qc.setQueryData(schoolKeys.all, s),
  });
}

/** DELETE /school/crest. */
export function useRemoveCrest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<School>("/school/crest", { method: "DELETE" }),
    onSuccess: (s) => qc.setQueryData(schoolKeys.all, s),
  });
}

export const MAX_CREST_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot be the crest, or null (the server checks the bytes again: 415, 413). */
export function crestProblem(file: File | null): string | null {
  if (!file) return null;
  const image = /^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
  if (!image) return "The crest must be a .png or .jpg image";
  if (file.size > MAX_CREST_BYTES) return "The crest must be at most 2 MB";
  return null;
}

/**
 * The crest for an <img>: GET /api/school/crest wants the session, which an <img src> cannot send, so the picture is
 * fetched with it and shown from a blob: address (ProtectedImage releases it). The path may carry a version (?v=) so a
 * new crest is fetched again.
 */
export async function crestSrc(path: string, signal: AbortSignal): Promise<string> {
  const token = tokenStore.get();
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal, credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, `Crest not loaded (${res.status})`, null);
  return URL.createObjectURL(await res.blob());
}
