import { SimpleGrid, Skeleton } from "@mantine/core";

/** Placeholder cards while a list loads. */
export function ListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={120} radius="md" />
      ))}
    </SimpleGrid>
  );
}
