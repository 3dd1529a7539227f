import { Badge, Group } from "@mantine/core";

type Type = "single" | "multiple" | "true_false" | "short" | "numerical" | "written";

/** Short names of the question types for badges (the full ones: QUESTION_TYPE_LABELS). */
export const TYPE_SHORT: Record<Type, string> = {
  single: "One answer",
  multiple: "Multiple answers",
  true_false: "True/false",
  short: "Short answer",
  numerical: "Numerical",
  written: "Written",
};

const marksText = (m: number | string) => `${m} ${Number(m) === 1 ? "mark" : "marks"}`;

/** A question's type and marks as two small badges (the review, the bank, the quiz editor). */
export function QuestionTypeBadge({ type, marks }: { type?: Type | null; marks?: number | string | null }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="light" color="indigo">
        {TYPE_SHORT[type ?? "single"]}
      </Badge>
      <Badge size="sm" variant="outline" color="gray">
        {marksText(marks ?? 1)}
      </Badge>
    </Group>
  );
}
