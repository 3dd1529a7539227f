import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ROLE_HOME, ROLE_LABEL } from "@adesua/domain/rules";
import type { Role } from "@adesua/domain/constants";

export const ACCESS_DENIED_REDIRECT_MS = 3000;

const SUGGESTION: Record<Role, { text: string; action: string }> = {
  student: { text: "Students can take quizzes, browse courses and see their records from the student dashboard.", action: "Go to Student Dashboard" },
  teacher: { text: "Teachers manage courses, quizzes and grading from the teacher dashboard.", action: "Go to Teacher Dashboard" },
  admin: { text: "Admins run the school from the admin dashboard.", action: "Go to Admin Dashboard" },
};

export function AccessDenied({ required, current }: { required: readonly Role[]; current: Role }) {
  const navigate = useNavigate();
  const home = ROLE_HOME[current];
  useEffect(() => {
    const t = setTimeout(() => navigate(home, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate, home]);
  const s = SUGGESTION[current];
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" role="alert">
        <Stack>
          <Title order={1} size="h2">
            Access Denied
          </Title>
          <Text>Sorry, you don't have permission to access this page.</Text>
          <Text size="sm">
            <b>Required role:</b> {required.map((r) => ROLE_LABEL[r]).join(" or ")}
          </Text>
          <Text size="sm">
            <b>Your role:</b> {ROLE_LABEL[current]}
          </Text>
          <Text size="sm">{s.text}</Text>
          <Text size="sm" c="dimmed">
            You will be taken to your dashboard in 3 seconds.
          </Text>
          <Group>
            <Button onClick={() => navigate(home, { replace: true })}>{s.action}</Button>
            <Button variant="default" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(home, { replace: true }))}>
              Go Back
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
