import { Badge } from "@mantine/core";

/** The server says `onPaper: true` for a submission that came from a scanned answer sheet (issue 29). */
export const isOnPaper = (row: object): boolean => (row as { onPaper?: unknown }).onPaper === true;

/** "On paper": a submission recorded from a paper sitting's scanned sheet, not taken on a device. */
export function OnPaperBadge({ row }: { row: object }) {
  if (!isOnPaper(row)) return null;
  return (
    <Badge color="grape" variant="outline" size="sm" data-testid="on-paper">
      On paper
    </Badge>
  );
}
