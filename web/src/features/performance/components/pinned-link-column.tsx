import { Link } from "react-router";
import { Anchor, type AnchorProps } from "@mantine/core";
import type { Column } from "@/components/list-page/data-table";
import { PINNED } from "./performance-display";

/** A wide performance table's first column: pinned while the rest scrolls sideways, each cell a link (a student, a quiz). */
export function pinnedLinkColumn<T>(key: string, header: string, to: (row: T) => string, text: (row: T) => string, fw?: AnchorProps["fw"]): Column<T> {
  return {
    key,
    header,
    th: { style: PINNED },
    td: { style: PINNED },
    cell: (row) => (
      <Anchor component={Link} to={to(row)} size="sm" fw={fw}>
        {text(row)}
      </Anchor>
    ),
  };
}
