import { GUARDIAN_MESSAGES, normalisePhone, type Guardian, type GuardianInput } from "@adesua/domain";

/** One guardian as the dialog edits it. */
export type GuardianDraft = { name: string; relationship: string; phone: string };
export type GuardianErrors = Partial<Record<keyof GuardianDraft, string>>;

export const EMPTY_GUARDIAN: GuardianDraft = { name: "", relationship: "", phone: "" };

export const draftsOf = (list: readonly Guardian[]): GuardianDraft[] =>
  list.length ? list.map((g) => ({ name: g.name, relationship: g.relationship, phone: g.phone })) : [{ ...EMPTY_GUARDIAN }];

const blank = (g: GuardianDraft) => !g.name.trim() && !g.relationship.trim() && !g.phone.trim();

/**
 * Checks the guardians before saving, with the server's words: a guardian left wholly empty is dropped; one partly
 * filled needs a name, a relationship and a phone number the server accepts (024 123 4567, +233 24 123 4567).
 */
export function checkGuardians(drafts: readonly GuardianDraft[]): { errors: GuardianErrors[]; guardians: GuardianInput[] | null } {
  const errors: GuardianErrors[] = drafts.map(() => ({}));
  const guardians: GuardianInput[] = [];
  drafts.forEach((g, i) => {
    if (blank(g)) return;
    const e = errors[i]!;
    if (!g.name.trim()) e.name = GUARDIAN_MESSAGES.name;
    else if (g.name.trim().length > 120) e.name = "Name must be at most 120 characters";
    if (!g.relationship.trim()) e.relationship = GUARDIAN_MESSAGES.relationship;
    else if (g.relationship.trim().length > 40) e.relationship = "Relationship must be at most 40 characters";
    if (g.phone.length > 30 || normalisePhone(g.phone) === null) e.phone = GUARDIAN_MESSAGES.phone;
    guardians.push({ name: g.name.trim(), relationship: g.relationship.trim(), phone: g.phone.trim() });
  });
  const ok = errors.every((e) => Object.keys(e).length === 0);
  return { errors, guardians: ok ? guardians.slice(0, 2) : null };
}

/** The number as messages will go to it ("+233241234567"), or null while it is not a phone number. */
export const phoneAsSent = (phone: string) => (phone.trim() ? normalisePhone(phone) : null);
