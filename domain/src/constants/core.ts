/**
 * A closed list of values with a label each, written once as `{ value: "Label" }`: `values` lists them in that order
 * (for `z.enum`, filters and loops), `labels` names each, so no value can go without a label.
 */
export function labelled<K extends string>(labels: Record<K, string>): { values: readonly [K, ...K[]]; labels: Readonly<Record<K, string>> } {
  return { values: Object.keys(labels) as [K, ...K[]], labels };
}

export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const STUDENT_TYPES = ["jhs1", "jhs2", "jhs3"] as const;
export type StudentType = (typeof STUDENT_TYPES)[number];

export const STUDENT_TYPE_LABELS: Record<StudentType, string> = { jhs1: "JHS 1", jhs2: "JHS 2", jhs3: "JHS 3" };

export const PASSWORD_MIN = 8;
