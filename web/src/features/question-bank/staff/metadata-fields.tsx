import { Group, NativeSelect, TextInput } from "@mantine/core";
import type { SaveMetadata } from "../api/staff";

export type MetadataDraft = { year: string; subject: string; section: string; topic: string };

export const emptyMetadata = (): MetadataDraft => ({ year: "", subject: "", section: "A", topic: "" });

/** Year (an integer), subject, section A or B and an optional topic, as the save calls take them; null with the spec's message when incomplete. */
export function toMetadata(m: MetadataDraft): { value: SaveMetadata } | { error: string } {
  if (!m.year.trim() || !m.subject.trim()) return { error: "Year and Subject are required" };
  if (!/^\d{4}$/.test(m.year.trim())) return { error: "Year must be a whole number such as 2019" };
  return { value: { year: Number(m.year), subject: m.subject.trim(), section: m.section === "B" ? "B" : "A", topic: m.topic.trim() || null } };
}

export function MetadataFields({ value, onChange }: { value: MetadataDraft; onChange: (m: MetadataDraft) => void }) {
  return (
    <Group grow wrap="wrap" align="flex-start">
      <TextInput label="Year" required inputMode="numeric" miw={120} value={value.year} onChange={(e) => onChange({ ...value, year: e.currentTarget.value })} />
      <TextInput label="Subject" required miw={160} value={value.subject} onChange={(e) => onChange({ ...value, subject: e.currentTarget.value })} />
      <NativeSelect
        label="Section"
        miw={100}
        data={["A", "B"]}
        value={value.section}
        onChange={(e) => onChange({ ...value, section: e.currentTarget.value })}
      />
      <TextInput label="Topic (optional)" miw={160} value={value.topic} onChange={(e) => onChange({ ...value, topic: e.currentTarget.value })} />
    </Group>
  );
}
