import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Course, CourseListResponse, CourseStats, User } from "@adesua/domain";
import { api } from "@/lib/api";
import { saveById, useInvalidatingMutation } from "@/lib/mutations";

export const COURSES_LOAD_FAILED = "Failed to load courses. Please try again later.";

export type CoursesQuery = { page: number; limit: number; search?: string; teacherId?: number };

/** Every course query starts with "courses" so one invalidation refreshes lists, details and stats. */
export const courseKeys = {
  all: ["courses"] as const,
  list: (q: CoursesQuery) => ["courses", "list", q] as const,
  detail: (id: number) => ["courses", "detail", id] as const,
  stats: ["courses", "stats"] as const,
};

export const getCoursesQueryOptions = (q: CoursesQuery) =>
  queryOptions({
    queryKey: courseKeys.list(q),
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: q.page, limit: q.limit, search: q.search, teacherId: q.teacherId }, signal }),
    placeholderData: keepPreviousData,
  });
export const useCourses = (q: CoursesQuery, enabled = true) => useQuery({ ...getCoursesQueryOptions(q), enabled });

export const getCourseQueryOptions = (id: number) =>
  queryOptions({ queryKey: courseKeys.detail(id), queryFn: ({ signal }) => api<Course>(`/courses/${id}`, { signal }) });
export const useCourse = (id: number) => useQuery({ ...getCourseQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

export const getCourseStatsQueryOptions = () =>
  queryOptions({ queryKey: courseKeys.stats, queryFn: ({ signal }) => api<CourseStats>("/courses/stats", { signal }) });
export const useCourseStats = () => useQuery(getCourseStatsQueryOptions());

/** The teacher picker's list (admin only on the server). */
export const getTeachersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", { role: "teacher", picker: true }],
    queryFn: ({ signal }) => api<{ data: User[] }>("/users", { query: { role: "teacher", limit: 500 }, signal }),
    select: (r): User[] => r.data,
    staleTime: 60_000,
  });
export const useTeachers = (enabled: boolean) => useQuery({ ...getTeachersQueryOptions(), enabled });

export type CourseFormValues = { title: string; description: string; material: File | null; removeMaterial?: boolean };

function toFormData(v: CourseFormValues): FormData {
  const fd = new FormData();
  fd.set("title", v.title.trim());
  fd.set("description", v.description.trim());
  if (v.removeMaterial && !v.material) fd.set("removeMaterial", "true");
  if (v.material) fd.set("material", v.material, v.material.name);
  return fd;
}

/** Create (no id) or update a course; the PDF travels as multipart field `material`. */
export const useSaveCourse = () =>
  useInvalidatingMutation(courseKeys.all, ({ id, values }: { id?: number; values: CourseFormValues }) =>
    saveById<Course>("/courses", id, { form: toFormData(values) }),
  );

export function useDeleteCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/courses/${id}`, { method: "DELETE" }),
    // A deleted course takes its quizzes with it.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: courseKeys.all }), qc.invalidateQueries({ queryKey: ["quizzes"] })]),
  });
}

export function useAssignTeacher() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, teacherId }: { id: number; teacherId: number }) => api<Course>(`/courses/${id}/assign`, { method: "PUT", body: { teacherId } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: courseKeys.all }), qc.invalidateQueries({ queryKey: ["quizzes"] })]),
  });
}
