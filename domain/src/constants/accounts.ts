/** What a pending teacher is told, by the API (403 on every staff call) and by the web page (decision 017). */
export const PENDING_TEACHER_MESSAGE = "Your teacher account is waiting for an administrator's approval";
/** Sign-in of a rejected account. */
export const REJECTED_ACCOUNT_MESSAGE = "This account was not approved. Ask your school's administrator.";
/** POST /auth/register of a student while an admin has closed student sign-up. */
export const SIGNUP_CLOSED_MESSAGE = "Sign-up is closed. Ask your school's administrator for an account.";
