export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const STUDENT_TYPES = ["jhs1", "jhs2", "jhs3"] as const;
export type StudentType = (typeof STUDENT_TYPES)[number];

export const STUDENT_TYPE_LABELS: Record<StudentType, string> = { jhs1: "JHS 1", jhs2: "JHS 2", jhs3: "JHS 3" };

export const PASSWORD_MIN = 8;
