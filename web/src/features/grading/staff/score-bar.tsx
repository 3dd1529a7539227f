import { Group, Progress, Text } from "@mantine/core";
import { gradeBarColor } from "@adesua/domain/rules";

/** The spec's score bar: green at 70 or more, orange at 50 or more, red below; the figure beside it. */
export function ScoreBar({ score, label }: { score: number | null; label: string }) {
  if (score === null) return <Text size="sm">No score</Text>;
  const color = gradeBarColor(score);
  return (
    <Group gap="xs" wrap="nowrap" miw={140}>
      <Progress value={score} color={color} w={80} aria-label={label} data-color={color} />
      <Text size="sm" fw={600}>
        {score.toFixed(2)}%
      </Text>
    </Group>
  );
}
