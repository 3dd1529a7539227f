/** Enrolling a school from its class lists (issue 14, decision 025): limits and messages both sides use. */
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, type StudentType } from "./core";

/** The most rows one class-list file may hold. */
export const IMPORT_MAX_ROWS = 5000;

export const ENROLMENT_MESSAGES = {
  fileRequired: "Select a file",
  fileType: "Upload the class list as a .csv or .xlsx file",
  badRows: "Nothing was imported: fix these rows and upload the file again",
  noRows: "The file has no students",
  tooManyRows: `A class list may hold at most ${IMPORT_MAX_ROWS} rows`,
  newPasswordRequired: "Please enter a new password",
  currentPasswordWrong: "Your current password is not correct",
  samePassword: "Choose a password different from the one on your slip",
  mustChange: "Choose a new password before you continue",
  raced: "Another import or sign-up took one of these emails or sign-in names at the same time. Please upload the file again.",
} as const;

/** The refusal code of every call made before the first-sign-in password change (decision 015). */
export const MUST_CHANGE_PASSWORD_CODE = "password_change_required";

/** How a class is written: "JHS 1B" (level and stream), "JHS 1" without a stream, "" for no level. */
export function classLabel(studentType: StudentType | null | undefined, stream?: string | null): string {
  if (!studentType) return "";
  return `${STUDENT_TYPE_LABELS[studentType]}${stream ?? ""}`;
}

/**
 * Reads a class as schools write it: "JHS 1B", "jhs1b", "JHS 1 Gold", "Form 2", "1A", "Basic 7C" (JHS 1 is basic 7).
 * Null when it names no JHS level.
 */
export function parseClassName(text: string): { studentType: StudentType; stream: string | null } | null {
  const k = text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const jhs = /^(?:jhs|form|f|class|year)?([123])([a-z]{0,10})$/.exec(k);
  const basic = jhs ? null : /^(?:basic|b|primary|p)?([789])([a-z]{0,10})$/.exec(k);
  const m = jhs ?? basic;
  if (!m) return null;
  const level = jhs ? Number(m[1]) : Number(m[1]) - 6;
  const studentType = STUDENT_TYPES[level - 1];
  return { studentType, stream: m[2] ? m[2].toUpperCase() : null };
}
