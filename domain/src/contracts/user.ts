import { z } from "zod";
import { RoleSchema, StudentTypeSchema, PageMetaSchema, pageQuery } from "./common";

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
  /** Whether a password is set (the value itself is never sent). */
  hasPassword: z.boolean(),
  /** active; pending: a self-registered teacher waiting for an admin's approval (decision 017); rejected. */
  status: z.enum(["active", "pending", "rejected"]),
  /** True until a user who got a one-time password (a slip) chooses their own: the web shows only the change screen. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export { PENDING_TEACHER_MESSAGE, REJECTED_ACCOUNT_MESSAGE, SIGNUP_CLOSED_MESSAGE } from "../constants";

/** GET/PUT /settings (admin only): the school's settings. */
export const SettingsSchema = z.object({
  /** Whether students may sign themselves up (teachers always may, as pending). */
  studentSignupOpen: z.boolean({ error: "studentSignupOpen must be true or false" }),
});
export type Settings = z.infer<typeof SettingsSchema>;

import { PASSWORD_MIN } from "../constants";

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
  search: z.string().trim().max(100).optional(),
});

/**
 * A user in GET /users. Teachers get only the students who took their quizzes, with names and levels:
 * `email` is null for them (admins get every field). Pending teachers come first for admins.
 */
export const UserListItemSchema = UserSchema.extend({ email: z.string().nullable() });
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserListResponseSchema = z.object({
  data: z.array(UserListItemSchema),
  pagination: PageMetaSchema,
});

/** Admin sets a user's password; every session of that user is revoked. */
export const UpdateUserSchema = z.object({ password });
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** GET /users/pending-count (admin only): teachers waiting for approval. */
export const PendingCountSchema = z.object({ pending: z.number().int() });
export type PendingCount = z.infer<typeof PendingCountSchema>;
