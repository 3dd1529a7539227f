import { Badge } from "@mantine/core";
import type { QuizTimeStatus } from "@adesua/domain/rules";

const COLOR: Record<QuizTimeStatus, string> = { upcoming: "blue", active: "green", closed: "gray" };

/** The teacher's view of a quiz's window: upcoming, active or closed. */
export function QuizStatusBadge({ status }: { status: QuizTimeStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
