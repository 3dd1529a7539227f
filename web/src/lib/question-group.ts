import { bankGroupKey, parseBankGroupKey } from "@adesua/domain/constants";

/** A group of the question bank: its year, subject and section (the bank and the practice screens both address it). */
export type GroupKey = { year: number; subject: string; section: string };

/** The group's `{id}` in `questions/read/{id}` and `past-questions/attempt/{id}` (the server's `key`). */
export const groupId = (g: GroupKey): string => bankGroupKey(g);

/** The group named by an address segment (React Router hands it decoded), or null when it is not one. */
export function parseGroupId(id: string | undefined): GroupKey | null {
  if (!id) return null;
  return parseBankGroupKey(id) ?? parseBankGroupKey(bankGroupKeyFromDecoded(id));
}

/** A segment the router decoded ("2019~Integrated Science~A") back into the key's own form. */
function bankGroupKeyFromDecoded(id: string): string {
  const m = /^(\d{4})~(.+)~([AB])$/.exec(id);
  return m ? bankGroupKey({ year: Number(m[1]), subject: m[2], section: m[3] }) : id;
}
