/** Enrolling a school from its class lists (issue 14, decision 025): limits and messages both sides use. */

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
