import { z } from "zod";
import { PASSWORD_MIN, ENROLMENT_MESSAGES } from "../../constants";
import { RoleSchema, StudentTypeSchema } from "../common";
import { StreamSchema, UserSchema } from "./user";

export { IMPORT_MAX_ROWS, ENROLMENT_MESSAGES, MUST_CHANGE_PASSWORD_CODE } from "../../constants";

/**
 * One printed slip: who, how they sign in (their email, or the generated sign-in name) and the
 * one-time password. Returned once, by the call that created the user; the server keeps only a hash.
 */
export const SlipSchema = z.object({
  name: z.string().max(200),
  /** What to type in the sign-in form's first field. */
  signIn: z.string().max(254),
  password: z.string().max(200),
  role: RoleSchema,
  studentType: StudentTypeSchema.nullable(),
  /** The student's class within the level ("B" of "JHS 1B"), printed with the level. No transform: slips are also answers. */
  stream: z
    .string()
    .regex(/^[A-Z]{1,10}$/, { error: "Class (stream) must be one to ten capital letters, e.g. B" })
    .nullable()
    .optional(),
});
export type Slip = z.infer<typeof SlipSchema>;

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: "Email is too long" })
  .pipe(z.union([z.literal(""), z.email({ error: "Email is not a valid address" })]))
  .optional();

/** POST /users (admin): one user, who gets a one-time password (a slip) like an imported one. */
export const CreateUserSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, { error: "Name is required" }).max(120, { error: "Name must be at most 120 characters" }),
  /** Optional: without one a unique sign-in name is made from the name. */
  email: optionalEmail,
  role: RoleSchema.default("student"),
  /** Students only (required for them); ignored for teachers and admins. */
  studentType: StudentTypeSchema.optional(),
  /** Students only: the class within the level ("B" of "JHS 1B"); ignored for teachers and admins. */
  stream: StreamSchema.optional(),
});
export type CreateUserInput = z.input<typeof CreateUserSchema>;

export const CreatedUserSchema = z.object({ user: UserSchema, slip: SlipSchema });
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

/** One refused row of a class list: its spreadsheet row number (the header is row 1) and why. */
export const ImportRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** 400 of POST /users/import: nothing was created; every bad row is listed. */
export const UserImportErrorSchema = z.object({ error: z.string(), errors: z.array(ImportRowErrorSchema) });

/** POST /users/import?check=true: the whole file is checked and nothing is created. */
export const UserImportQuerySchema = z.object({
  check: z
    .enum(["true", "false", "1", "0"], { error: "check must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});
export const UserImportCheckSchema = z.object({ valid: z.number().int(), students: z.number().int() });
export type UserImportCheck = z.infer<typeof UserImportCheckSchema>;

/** POST /users/import: how many users were made, and their slips (shown once, never stored). */
export const UserImportResultSchema = z.object({
  created: z.number().int(),
  slips: z.array(SlipSchema),
});
export type UserImportResult = z.infer<typeof UserImportResultSchema>;

/**
 * One line of the streamed answer (Accept: application/x-ndjson): progress while passwords are hashed
 * and users inserted, then the result or the error.
 */
export type UserImportEvent =
  | { type: "progress"; stage: "hashing" | "saving"; done: number; total: number }
  | ({ type: "result" } & UserImportResult)
  | { type: "error"; status: number; error: string };

/** POST /users/slips: the printable sheet of slips the import just returned, as Word or CSV. */
export const SlipSheetSchema = z.object({
  format: z.enum(["docx", "csv"], { error: "format must be docx or csv" }),
  slips: z.array(SlipSchema).min(1, { error: "No slips to print" }).max(5000),
});
export type SlipSheetInput = z.infer<typeof SlipSheetSchema>;

/** POST /auth/change-password: the user's own password; required at the first sign-in with a slip's password. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, { error: "Current password is required" }).max(200),
  newPassword: z
    .string({ error: ENROLMENT_MESSAGES.newPasswordRequired })
    .min(1, { error: ENROLMENT_MESSAGES.newPasswordRequired })
    .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
    .max(200, { error: "Password must be at most 200 characters" }),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** GET /import-export: one operation; POST ones take a multipart `file`, GET ones download a CSV. */
export const ImportExportOperationSchema = z.object({
  id: z.string(),
  name: z.string(),
  method: z.enum(["GET", "POST"]),
  /** Under /api (no /api prefix). */
  path: z.string(),
});
export type ImportExportOperation = z.infer<typeof ImportExportOperationSchema>;
export const ImportExportListSchema = z.array(ImportExportOperationSchema);

/** POST /import-export/questions: a question-bank CSV (the bank export's columns). */
export const QuestionImportResultSchema = z.object({
  count: z.number().int(),
  skippedDuplicates: z.number().int(),
  message: z.string(),
});
