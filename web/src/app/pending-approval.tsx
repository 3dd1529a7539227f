import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { PENDING_TEACHER_MESSAGE } from "@adesua/domain/constants";
import { useAuth } from "../lib/auth";

/** Shown instead of the teacher area to a self-registered teacher an admin has not approved yet. */
export function PendingApproval() {
  const { user, logout } = useAuth();
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={480} role="alert">
        <Stack>
          <Title order={2}>{PENDING_TEACHER_MESSAGE}</Title>
          <Text>
            {user?.name ? `${user.name}, an` : "An"} administrator of your school has to approve your teacher account before you can create courses and quizzes.
            Please check back later.
          </Text>
          <Button variant="default" onClick={() => void logout()}>
            Log out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
