import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Announcement, AnnouncementCurrentResponse, AnnouncementFormInput, AnnouncementListResponse } from "@adesua/domain";
import { api } from "@/lib/api";
import { saveById, useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

export const SAVE_FAILED = "Error saving announcement.";
export const DELETE_FAILED = "Delete failed";

export const announcementKeys = {
  all: ["announcements"] as const,
  list: (page: number, limit: number) => ["announcements", "list", page, limit] as const,
  detail: (id: number) => ["announcements", "detail", id] as const,
  current: ["announcements", "current"] as const,
};

export const getAnnouncementsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: announcementKeys.list(page, limit),
    queryFn: ({ signal }) => api<AnnouncementListResponse>("/announcements", { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
export const useAnnouncements = (page: number, limit: number) => useQuery(getAnnouncementsQueryOptions(page, limit));

export const useAnnouncement = (id: number | undefined) =>
  useQuery({
    queryKey: announcementKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<Announcement>(`/announcements/${id}`, { signal }),
    enabled: !!id && Number.isInteger(id) && id > 0,
  });

/** The notices whose window contains now, minus the ones this user dismissed (remembered on the server). */
export const getCurrentAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: announcementKeys.current,
    queryFn: ({ signal }) => api<AnnouncementCurrentResponse>("/announcements/current", { signal }),
    staleTime: 60_000,
  });
export const useCurrentAnnouncements = () => useQuery(getCurrentAnnouncementsQueryOptions());

export const useSaveAnnouncement = () =>
  useInvalidatingMutation(announcementKeys.all, ({ id, values }: { id?: number; values: AnnouncementFormInput }) =>
    saveById<Announcement>("/announcements", id, { body: values }),
  );

export const useDeleteAnnouncement = () => useDeleteById("/announcements", announcementKeys.all);

export function useDismissAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>(`/announcements/${id}/dismiss`, { method: "POST" }),
    onMutate: (id) => {
      // The notice leaves at once; the server remembers it for every device.
      qc.setQueryData<AnnouncementCurrentResponse>(announcementKeys.current, (old) => (old ? { data: old.data.filter((a) => a.id !== id) } : old));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: announcementKeys.current }),
  });
}
