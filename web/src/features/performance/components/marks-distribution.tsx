import { Box, Group, Text } from "@mantine/core";
import { marksText } from "@/lib/format";

/** How many students got each number of marks on a question (0, 1, 2 … its marks). */
export type MarksBucket = { marks: number; count: number };

/**
 * The distribution of marks of a written question as a small bar list: one line per number of marks, its bar as long
 * as its share of the largest group, the count beside it. A list, so a screen reader reads "2 marks: 3 students".
 */
export function MarksDistribution({ buckets, question }: { buckets: MarksBucket[]; question: number }) {
  const most = Math.max(1, ...buckets.map((b) => b.count));
  if (!buckets.length)
    return (
      <Text size="xs" c="dimmed">
        No marks given yet
      </Text>
    );
  return (
    <Box component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={`Marks given on question ${question}`} data-testid="marks-distribution">
      {buckets.map((b) => (
        <Group component="li" key={b.marks} gap={6} wrap="nowrap" aria-label={`${marksText(b.marks)}: ${b.count} ${b.count === 1 ? "student" : "students"}`}>
          <Text size="xs" w={56} ta="right" style={{ flex: "none" }} aria-hidden>
            {marksText(b.marks)}
          </Text>
          <Box aria-hidden h={10} miw={b.count ? 2 : 0} w={Math.round((b.count / most) * 120)} bg="blue.6" style={{ borderRadius: 2, flex: "none" }} />
          <Text size="xs" fw={600} aria-hidden>
            {b.count}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
