import type { Role, StudentType } from "@adesua/domain";

/**
 * The quiz visibility cases (the teacher-quiz rule and the student-level rule): each quiz situation, seen by each
 * kind of viewer. quizzes.policy.test.ts runs every case through the row check (canSeeQuiz) and through every SQL
 * form of the same rule (quizScopeSql over joined and unjoined columns, Drizzle's and hand-written, the prepared
 * quiz list, the teacher home's fixed text, the staff scopes built on it); a disagreement fails a case.
 *
 * "me" is the viewer; "other" another teacher; "nobody" a missing teacher (null).
 */
export type Who = "me" | "other" | "nobody";
export type QuizSituation = { studentType: StudentType; teacher: Who; courseTeacher: Who; status: "draft" | "published" };

/** The viewers, in the order of the `sees` columns: the viewer's role and level. */
export const VIEWERS = [
  { name: "teacher", role: "teacher", studentType: null },
  { name: "admin", role: "admin", studentType: null },
  { name: "student of jhs2", role: "student", studentType: "jhs2" },
  { name: "student without a level", role: "student", studentType: null },
] as const satisfies readonly { name: string; role: Role; studentType: StudentType | null }[];

export type QuizVisibilityCase = { name: string; viewer: (typeof VIEWERS)[number]; quiz: QuizSituation; sees: boolean };

const T = true;
const F = false;
const q = (studentType: StudentType, teacher: Who, courseTeacher: Who, status: QuizSituation["status"] = "published") => ({
  studentType,
  teacher,
  courseTeacher,
  status,
});

//                                                                    teacher admin jhs2  no level
const SITUATIONS: [string, QuizSituation, [boolean, boolean, boolean, boolean]][] = [
  ["a quiz made by me, in another teacher's course", q("jhs1", "me", "other"), [T, T, F, F]],
  ["a quiz made by me, in a course without a teacher", q("jhs1", "me", "nobody"), [T, T, F, F]],
  ["another teacher's quiz, in a course I teach", q("jhs1", "other", "me"), [T, T, F, F]],
  ["a quiz without a teacher, in a course I teach", q("jhs1", "nobody", "me"), [T, T, F, F]],
  ["my draft of jhs2, in another teacher's course", q("jhs2", "me", "other", "draft"), [T, T, F, F]],
  ["another teacher's draft of jhs2, in a course I teach", q("jhs2", "other", "me", "draft"), [T, T, F, F]],
  ["a quiz of mine, in my course, of jhs2", q("jhs2", "me", "me"), [T, T, T, F]],
  ["another teacher's quiz of jhs2, in their course", q("jhs2", "other", "other"), [F, T, T, F]],
  ["a quiz of jhs2 without any teacher", q("jhs2", "nobody", "nobody"), [F, T, T, F]],
  ["another teacher's draft of jhs2", q("jhs2", "other", "other", "draft"), [F, T, F, F]],
  ["another teacher's quiz of jhs3, in their course", q("jhs3", "other", "other"), [F, T, F, F]],
  ["a quiz of jhs3 without any teacher", q("jhs3", "nobody", "nobody"), [F, T, F, F]],
];

/** Every situation seen by every viewer: 12 × 4 cases. */
export const QUIZ_VISIBILITY_CASES: QuizVisibilityCase[] = SITUATIONS.flatMap(([name, quiz, sees]) =>
  VIEWERS.map((viewer, i) => ({ name: `${viewer.name}: ${name}`, viewer, quiz, sees: sees[i] })),
);
