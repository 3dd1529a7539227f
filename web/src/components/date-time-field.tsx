import { Button, Group, Stack, Text, TextInput } from "@mantine/core";

/** The school's time zone (Ghana: GMT all year, no daylight saving). */
export const SCHOOL_TIME_ZONE = "Africa/Accra";

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm` in this device's time, what a datetime-local input holds. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The shortcuts a teacher reaches for instead of typing a date on a phone. */
export function shortcut(kind: "now" | "plusHour" | "tomorrow8", current: string, now = new Date()): string {
  if (kind === "now") return toLocalInput(now);
  if (kind === "plusHour") {
    const base = current ? new Date(current) : now;
    return toLocalInput(new Date((Number.isNaN(base.getTime()) ? now : base).getTime() + 3_600_000));
  }
  const t = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0);
  return toLocalInput(t);
}

/** "UTC+0", "UTC+1", "UTC-5:30" for a zone at a moment. */
function utcOffset(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  const v = (part?.value ?? "GMT").replace("GMT", "");
  return `UTC${v || "+0"}`;
}

/** The line under the fields: the school's zone, and this device's when it differs (the fields are in the device's time). */
export function timeZoneNote(deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone, at = new Date()): string {
  const school = `School time zone: ${SCHOOL_TIME_ZONE} (${utcOffset(SCHOOL_TIME_ZONE, at)}).`;
  if (!deviceZone || utcOffset(deviceZone, at) === utcOffset(SCHOOL_TIME_ZONE, at)) return school;
  return `${school} This device is set to ${deviceZone} (${utcOffset(deviceZone, at)}): the times you enter here are in that zone.`;
}

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

/** A date-and-time input (the browser's own picker, no date library) with Now, +1 hour and Tomorrow 8:00. */
export function DateTimeField({ label, value, onChange, error, disabled }: Props) {
  return (
    <Stack gap={4}>
      <TextInput type="datetime-local" label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} disabled={disabled} />
      <Group gap={6} role="group" aria-label={`${label} shortcuts`}>
        <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => onChange(shortcut("now", value))} aria-label={`Now (${label})`}>
          Now
        </Button>
        <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => onChange(shortcut("plusHour", value))} aria-label={`+1 hour (${label})`}>
          +1 hour
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={disabled}
          onClick={() => onChange(shortcut("tomorrow8", value))}
          aria-label={`Tomorrow 8:00 (${label})`}
        >
          Tomorrow 8:00
        </Button>
        {value && (
          <Button size="compact-sm" variant="subtle" color="gray" disabled={disabled} onClick={() => onChange("")} aria-label={`Clear (${label})`}>
            Clear
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The zone line for a group of date fields. */
export function TimeZoneNote() {
  return (
    <Text size="sm" c="dimmed" data-testid="time-zone-note">
      {timeZoneNote()}
    </Text>
  );
}
