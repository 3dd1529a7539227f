import { z } from "zod";
import { RoleSchema, StudentTypeSchema, PageMetaSchema, pageQuery } from "./common";

/** A user as every response shows it: never a password or a hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** Level for students; null for teachers and admins. */
  studentType: StudentTypeSchema.nullable(),
  /** Whether a password is set (the value itself is never sent). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

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
  search: z.string().trim().max(100).optional(),
});

export const UserListResponseSchema = z.object({
  data: z.array(UserSchema),
  pagination: PageMetaSchema,
});

/** Admin sets a user's password; every session of that user is revoked. */
export const UpdateUserSchema = z.object({ password });
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;
