import dayjs from "dayjs";

/** "12 Mar 2026, 14:00" in the browser's time zone; a dash when there is no date. */
export function formatDateTime(value: string | Date | null | undefined, empty = "—"): string {
  if (!value) return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format("D MMM YYYY, HH:mm") : "Invalid Date";
}

/** "1.2 MB" for a file size in bytes. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
