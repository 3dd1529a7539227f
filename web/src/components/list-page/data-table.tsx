import type { ComponentPropsWithoutRef, Key, ReactNode } from "react";
import { em, Table, type TableProps, type TableTdProps, type TableThProps } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/** One column: its header and how a row fills its cell (plus the cells' own props). */
export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  th?: TableThProps;
  td?: TableTdProps;
};

/** True from `px` wide up (lists switch from cards to a table there: 992 px for most, 768 px for the audit log). */
export function useWideScreen(px = 992) {
  return useMediaQuery(`(min-width: ${em(px)})`, true, { getInitialValueInEffect: false });
}

/**
 * A list's rows as a striped Mantine Table, one row per item. `minWidth` puts it in a scroll container of that
 * least width (phones scroll it sideways); `false` entries in `columns` are left out (a column only admins see).
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  rowProps,
  minWidth,
  scrollProps,
  ...tableProps
}: {
  rows: T[];
  rowKey: (row: T) => Key;
  columns: (Column<T> | false)[];
  rowProps?: (row: T) => ComponentPropsWithoutRef<"tr"> & Record<`data-${string}`, string>;
  minWidth?: number;
  scrollProps?: ComponentPropsWithoutRef<"div">;
} & TableProps) {
  const cols = columns.filter((c): c is Column<T> => c !== false);
  const table = (
    <Table striped verticalSpacing="xs" {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {cols.map((c) => (
            <Table.Th key={c.key} {...c.th}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)} {...rowProps?.(r)}>
            {cols.map((c) => (
              <Table.Td key={c.key} {...c.td}>
                {c.cell(r)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <Table.ScrollContainer minWidth={minWidth} {...scrollProps}>
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
}
