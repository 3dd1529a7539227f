import { Link } from "react-router";
import { Anchor, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { AVAILABILITY_LABEL, countdownText, studentAvailability, type StudentAvailability } from "@adesua/domain/rules";
import type { QuizListItem } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { QuizAttemptAction } from "@/components/quiz-attempt-action";

export const AVAILABILITY_COLOR: Record<StudentAvailability, string> = { available: "green", upcoming: "blue", closed: "gray", maxed: "orange" };

export function attemptsText(info: QuizListItem["attemptInfo"], maxAttempts: number | null): string {
  const used = info?.currentAttempts ?? 0;
  const max = info ? info.maxAttempts : maxAttempts;
  return max === null ? `${used} used · unlimited attempts` : `${used} of ${max} attempts used`;
}

type CardProps = { quiz: QuizListItem; now: Date; detailTo: string; attemptTo: string; serverNow: string; receivedAt: number };

/**
 * A quiz on the student's list: availability, countdown, attempts, and its attempt action (Resume an
 * attempt in progress; Start Quiz or Try again through the pre-start screen, the quiz detail).
 */
export function AvailabilityCard({ quiz, now, detailTo, attemptTo, serverNow, receivedAt }: CardProps) {
  const availability = studentAvailability(quiz, quiz.attemptInfo, now);
  const countdown = countdownText(quiz, now);
  const inProgress = Boolean(quiz.attemptInfo?.inProgress);
  const available = availability === "available" || inProgress;
  return (
    <Card withBorder padding="md" component="article" aria-label={quiz.title} h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              <Anchor component={Link} to={detailTo} inherit c="inherit">
                {quiz.title}
              </Anchor>
            </Text>
            <Badge color={inProgress ? "blue" : AVAILABILITY_COLOR[availability]} variant={available ? "filled" : "light"} style={{ flexShrink: 0 }}>
              {inProgress ? "In progress" : AVAILABILITY_LABEL[availability]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {quiz.course.title}
          </Text>
          <Text size="sm" fw={600} c={available ? "green.8" : availability === "upcoming" ? "blue.8" : "dimmed"} data-testid="countdown">
            {countdown}
          </Text>
          <Text size="xs" c="dimmed">
            {availability === "upcoming" && quiz.openTime
              ? `Opens ${formatDateTime(quiz.openTime)}`
              : quiz.closeTime
                ? `${availability === "closed" ? "Closed" : "Due"} ${formatDateTime(quiz.closeTime)}`
                : "Open any time"}
            {" · "}
            {quiz.timeLimit ? `${quiz.timeLimit} min` : "No time limit"}
            {" · "}
            {attemptsText(quiz.attemptInfo, quiz.maxAttempts)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <QuizAttemptAction quiz={quiz} now={now} serverNow={serverNow} receivedAt={receivedAt} startTo={detailTo} attemptTo={attemptTo} />
          <Button component={Link} to={detailTo} size="sm" variant="default" aria-label={`Details: ${quiz.title}`}>
            Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
