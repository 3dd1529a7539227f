import type { ReactNode } from "react";
import { SimpleGrid, Stack, type MantineSpacing, type SimpleGridProps } from "@mantine/core";

const BARE = { listStyle: "none", padding: 0, margin: 0 } as const;

/**
 * A list's rows as cards, one under the other (or in `cols` columns), as a <ul>: each card renders itself as the <li>
 * (`component="li"`). Light: no Table, so phones' and students' pages can use it.
 */
export function CardList<T>({
  rows,
  children,
  gap = "sm",
  cols,
  label,
}: {
  rows: T[];
  children: (row: T) => ReactNode;
  gap?: MantineSpacing;
  cols?: SimpleGridProps["cols"];
  label?: string;
}) {
  if (cols)
    return (
      <SimpleGrid cols={cols} spacing={gap} component="ul" style={BARE} aria-label={label}>
        {rows.map(children)}
      </SimpleGrid>
    );
  return (
    <Stack gap={gap} component="ul" style={BARE} aria-label={label}>
      {rows.map(children)}
    </Stack>
  );
}
