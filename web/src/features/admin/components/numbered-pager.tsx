import { Button, Group, Text } from "@mantine/core";

/** The page numbers around `page`: 1 … p-1 p p+1 … N (a trail of thousands of pages stays one row). */
export function pageWindow(page: number, pages: number): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/** Numbered page buttons with Previous and Next (spec: audit log paging). */
export function NumberedPager({ page, pages, onChange }: { page: number; pages: number; onChange: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group gap={4} wrap="wrap" component="nav" aria-label="Audit log pages">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, pages).map((p, i) =>
        p === "gap" ? (
          <Text key={`gap-${i}`} size="sm" c="dimmed" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            variant={p === page ? "filled" : "default"}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
