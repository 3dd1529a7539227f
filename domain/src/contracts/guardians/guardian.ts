/**
 * Guardians and the text messages sent to them when results are released (issue 28, decision 050).
 *
 * Calls (all under /api):
 *   GET  /users/{id}/guardians            → Guardian[] (admin; the student themself)
 *   PUT  /users/{id}/guardians            GuardianInput[] (at most two) → Guardian[] (admin; students only have guardians)
 *   POST /mocks/{id}/messages             MessagesInput → MessagesResult (admin; after release)
 *   POST /terms/{id}/messages             MessagesInput (+ class) → MessagesResult (admin; released classes)
 *   GET  /guardian-messages?source=mock|term&sourceId=&status=&page=   → GuardianMessageList (admin)
 *
 * Sending goes through the gateway named by SMS_URL/SMS_TOKEN; with none configured the messages are written to a
 * CSV (`exported`: a signed download link) for the school's own bulk-SMS service. Every message is recorded.
 */
import { z } from "zod";
import { pageOf, pageQuery, positiveId, requiredText } from "../common";

export const GUARDIAN_MESSAGES = {
  name: "Each guardian needs a name",
  relationship: "Each guardian needs a relationship (Mother, Father, Aunt, …)",
  phone: "Phone must be a phone number such as 024 123 4567 or +233 24 123 4567",
  tooMany: "A student can have at most two guardians",
  notStudent: "Only students have guardians",
  notReleased: "Release the results before sending messages to guardians",
  noGuardians: "No guardian of these students has a phone number",
} as const;

/** A Ghanaian number (0XX XXX XXXX, +233 XX XXX XXXX) or any international number with its + and 8–15 digits. */
export function normalisePhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, "");
  if (/^0\d{9}$/.test(compact)) return `+233${compact.slice(1)}`;
  if (/^233\d{9}$/.test(compact)) return `+${compact}`;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return null;
}

export const GuardianInputSchema = z.object({
  name: requiredText(GUARDIAN_MESSAGES.name, 120),
  relationship: requiredText(GUARDIAN_MESSAGES.relationship, 40),
  phone: z
    .string({ error: GUARDIAN_MESSAGES.phone })
    .max(30, { error: GUARDIAN_MESSAGES.phone })
    .refine((v) => normalisePhone(v) !== null, { error: GUARDIAN_MESSAGES.phone }),
});
export type GuardianInput = z.infer<typeof GuardianInputSchema>;

export const GuardiansInputSchema = z.array(GuardianInputSchema, { error: "Send a list of guardians" }).max(2, { error: GUARDIAN_MESSAGES.tooMany });

export const GuardianSchema = z.object({ id: z.number().int(), name: z.string(), relationship: z.string(), phone: z.string() });
export type Guardian = z.infer<typeof GuardianSchema>;

export const MessagesInputSchema = z.object({
  /** Added at the end of every message ("Report at school Friday."), as long as the message fits one SMS. */
  note: z.string().trim().max(80, { error: "note must be at most 80 characters" }).optional(),
  /** Terms: one class ("JHS 2B"); every released class when absent. */
  class: z.string().trim().max(20).optional(),
  /** Only these students (default: all with a guardian). */
  studentIds: z.array(positiveId("studentIds")).max(2000).optional(),
});
export type MessagesInput = z.infer<typeof MessagesInputSchema>;

export const MessagesResultSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  /** The CSV for the school's bulk-SMS service when no gateway is set (a signed link), else null. */
  exported: z.string().nullable(),
  /** How many messages the CSV holds. */
  exportedCount: z.number().int(),
});
export type MessagesResult = z.infer<typeof MessagesResultSchema>;

export const GuardianMessageSchema = z.object({
  id: z.number().int(),
  source: z.enum(["mock", "term"]),
  sourceId: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  guardianName: z.string(),
  phone: z.string(),
  body: z.string(),
  status: z.enum(["sent", "failed", "exported"]),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type GuardianMessage = z.infer<typeof GuardianMessageSchema>;

export const GuardianMessageListQuerySchema = pageQuery(50).extend({
  source: z.enum(["mock", "term"], { error: "source must be mock or term" }).optional(),
  sourceId: positiveId("sourceId").optional(),
  status: z.enum(["sent", "failed", "exported"], { error: "status must be sent, failed or exported" }).optional(),
});
export const GuardianMessageListSchema = pageOf(GuardianMessageSchema);
export type GuardianMessageList = z.infer<typeof GuardianMessageListSchema>;
