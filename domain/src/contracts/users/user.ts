import { z } from "zod";
import { RoleSchema, StudentTypeSchema, pageOf, pageQuery, searchParam } from "../common";
import { parseClassName } from "../../constants/enrolment";

/**
 * A student's class within the level: the "B" of "JHS 1B" (issue 24, migration 0019). One to ten letters, kept in
 * capitals; blank means none (a school with one class per level).
 */
export const StreamSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : v),
  z
    .string({ error: "Class (stream) must be one to ten letters, e.g. B" })
    .regex(/^[A-Z]{1,10}$/, { error: "Class (stream) must be one to ten letters, e.g. B" })
    .nullable(),
);

// Plain rules (no zod), so student pages can use them: they live with the enrolment constants.
export { classLabel, parseClassName } from "../../constants/enrolment";

/** A user as every response shows it: never a password or a hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a user enrolled from a class list without one (they sign in with `username`). */
  email: z.string().nullable(),
  /** The generated sign-in name of a user without an email; null otherwise (decision 025). */
  username: z.string().nullable(),
  role: RoleSchema,
  /** Level for students; null for teachers and admins. */
  studentType: StudentTypeSchema.nullable(),
  /** A student's class within the level ("B" of "JHS 1B"); null for none, and for teachers and admins. */
  stream: z.string().nullable().optional(),
  /** Whether a password is set (the value itself is never sent). */
  hasPassword: z.boolean(),
  /** active; pending: a self-registered teacher waiting for an admin's approval (decision 017); rejected. */
  status: z.enum(["active", "pending", "rejected"]),
  /** True until a user who got a one-time password (a slip) chooses their own: the web shows only the change screen. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export { PENDING_TEACHER_MESSAGE, REJECTED_ACCOUNT_MESSAGE, SIGNUP_CLOSED_MESSAGE } from "../../constants";

/** GET/PUT /settings (admin only): the school's settings. */
export const SettingsSchema = z.object({
  /** Whether students may sign themselves up (teachers always may, as pending). */
  studentSignupOpen: z.boolean({ error: "studentSignupOpen must be true or false" }),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * GET/PUT /settings's answer (decision 041): `studentSignupOpen` is the rule in force. Until an admin chooses
 * (PUT), student sign-up is closed when the server runs with NODE_ENV=production or once a class list has been
 * imported, open otherwise; `studentSignupChosenAt` is when an admin last chose (null: the default applies).
 */
export const SettingsResponseSchema = SettingsSchema.extend({
  /** ISO date-time of the admin's last choice; null while the default rule applies. */
  studentSignupChosenAt: z.string().nullable(),
  /** Why the default is what it is, for the screen: "production" (closed), "class_list" (closed) or "open". */
  studentSignupDefault: z.enum(["open", "production", "class_list"]),
});
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

import { PASSWORD_MIN } from "../../constants";

export { PASSWORD_MIN };
const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email is too long" })
  .pipe(z.email({ error: "Email is not a valid address" }));
const password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(200, { error: "Password must be at most 200 characters" });

/** Self-registration: only students and teachers may sign up. */
export const RegisterSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, { error: "Name is required" }).max(120, { error: "Name must be at most 120 characters" }),
  email,
  password,
  role: z.enum(["student", "teacher"], { error: "Role must be student or teacher" }),
  /** Only for students; defaults to jhs1. Ignored for teachers. */
  studentType: StudentTypeSchema.optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

/** `email` also takes the sign-in name printed on a class-list slip (decision 025). */
export const LoginSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().toLowerCase().min(1, { error: "Email is required" }).max(254, { error: "Email is too long" }),
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(200, { error: "Password must be at most 200 characters" }),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ImpersonateResponseSchema = LoginResponseSchema.extend({
  /** When the impersonation session ends (at most one hour). */
  expiresAt: z.string(),
});

export const UserListQuerySchema = pageQuery(100, 500).extend({
  role: RoleSchema.optional(),
  /** Students of one level (admins; teachers' lists are students already). */
  studentType: StudentTypeSchema.optional(),
  /** Students of one stream ("B"), with or without `studentType`. */
  stream: StreamSchema.optional(),
  /** Students of one class as written: "JHS 1B" (level and stream), or "JHS 1" (the whole level). */
  class: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const c = parseClassName(v);
      if (!c) {
        ctx.addIssue({ code: "custom", message: `class "${v.slice(0, 20)}" is not a JHS class such as JHS 1B` });
        return z.NEVER;
      }
      return c;
    }),
  search: searchParam(),
});

/**
 * A user in GET /users. Teachers get only the students who took their quizzes, with names and levels:
 * `email` is null for them (admins get every field). Pending teachers come first for admins.
 */
export const UserListItemSchema = UserSchema.extend({ email: z.string().nullable() });
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserListResponseSchema = pageOf(UserListItemSchema);

/**
 * PUT /users/{id} (admin): a new password (every session of that user is revoked), and/or a student's level and
 * class (stream; null removes it). At least one of them.
 */
export const UpdateUserSchema = z
  .object({ password: password.optional(), studentType: StudentTypeSchema.optional(), stream: StreamSchema.optional() })
  .refine((v) => v.password !== undefined || v.studentType !== undefined || v.stream !== undefined, {
    error: "Nothing to change: send password, studentType or stream",
  });
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** GET /users/pending-count (admin only): teachers waiting for approval. */
export const PendingCountSchema = z.object({ pending: z.number().int() });
export type PendingCount = z.infer<typeof PendingCountSchema>;
