/** A group of the question bank: its year, subject and section (the bank and the practice screens both address it). */
export type GroupKey = { year: number; subject: string; section: string };

/** The group's address segment: `2019-Mathematics-A` would break on hyphenated subjects, so it is encoded. */
export function groupId(g: GroupKey): string {
  return encodeURIComponent(`${g.year}|${g.section}|${g.subject}`);
}

/** The group named by an address segment, or null when it is not one. */
export function parseGroupId(id: string | undefined): GroupKey | null {
  if (!id) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(id);
  } catch {
    return null;
  }
  const m = /^(\d{4})\|([AB])\|(.+)$/.exec(raw);
  return m ? { year: Number(m[1]), section: m[2], subject: m[3] } : null;
}

