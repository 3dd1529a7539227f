import type { ReactNode } from "react";
import { Link } from "react-router";
import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { Course } from "@adesua/domain";

/** A course in a list: title (linking to `to` when given), teacher, a short description and actions. */
export function CourseCard({ course, to, actions, showTeacher = true }: { course: Course; to?: string; actions?: ReactNode; showTeacher?: boolean }) {
  return (
    <Card withBorder padding="md" h="100%" component="article" aria-label={course.title}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
            {to ? (
              <Anchor component={Link} to={to} inherit c="inherit">
                {course.title}
              </Anchor>
            ) : (
              course.title
            )}
          </Text>
          {showTeacher && (
            <Group gap={6}>
              {course.teacher ? (
                <Text size="sm" c="dimmed">
                  Teacher: {course.teacher.name}
                </Text>
              ) : (
                <Badge color="orange" variant="light" size="sm">
                  Unassigned
                </Badge>
              )}
              {course.material && (
                <Badge color="gray" variant="light" size="sm">
                  PDF
                </Badge>
              )}
            </Group>
          )}
          {course.description && (
            <Text size="sm" lineClamp={3} style={{ overflowWrap: "anywhere" }}>
              {course.description}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
