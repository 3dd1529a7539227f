import { lazy, Suspense } from "react";
import { Group, Text } from "@mantine/core";

// The page buttons sit at the foot of a list: they load beside it rather than before the first paint.
const Pagination = lazy(() => import("./pagination").then((m) => ({ default: m.Pagination })));

/** "Showing 13–24 of 40" with page buttons; renders nothing when there is a single page of nothing. */
export function PaginationFooter({
  total,
  page,
  pageSize,
  onChange,
  label,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {from}–{to} of {total}
      </Text>
      {pages > 1 && (
        <Suspense fallback={null}>
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => {
              onChange(p);
              window.scrollTo?.({ top: 0 });
            }}
            size="sm"
            siblings={0}
            boundaries={1}
            aria-label={label}
            getControlProps={(control) => ({ "aria-label": `${control} page` })}
            getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
          />
        </Suspense>
      )}
    </Group>
  );
}
