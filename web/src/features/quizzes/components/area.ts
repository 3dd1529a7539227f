import { useLocation } from "react-router";

/** The role area a staff page is shown in, so its links stay inside it (/admin/dashboard or /teachers/dashboard). */
export function useStaffArea() {
  const { pathname } = useLocation();
  const admin = pathname.startsWith("/admin/");
  const base = admin ? "/admin/dashboard" : "/teachers/dashboard";
  return {
    base,
    list: `${base}/quizzes`,
    newQuiz: admin ? `${base}/quiz/new` : `${base}/quizzes/new`,
    upload: `${base}/quiz/upload`,
    view: (id: number) => `${base}/quizzes/${id}`,
    attempt: (id: number) => `${base}/quizzes/${id}/attempt`,
    edit: (id: number) => `${base}/quiz/${id}/edit`,
  };
}
