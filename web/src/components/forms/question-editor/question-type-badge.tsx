import { Badge, Group } from "@mantine/core";
import { marksText } from "@/lib/format";

import { QUESTION_TYPE_BADGES, type QuestionType as Type } from "@adesua/domain/rules";

/** A question's type and marks as two small badges (the review, the bank, the quiz editor). */
export function QuestionTypeBadge({ type, marks }: { type?: Type | null; marks?: number | string | null }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="light" color="indigo">
        {QUESTION_TYPE_BADGES[type ?? "single"]}
      </Badge>
      <Badge size="sm" variant="outline" color="gray">
        {marksText(Number(marks ?? 1))}
      </Badge>
    </Group>
  );
}
