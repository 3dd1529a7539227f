import { Button, Group, Paper, Text } from "@mantine/core";
import { useAuth } from "../lib/auth";

/** Shown whenever an admin token is stored. */
export function ImpersonationBanner() {
  const { impersonating, user, stopImpersonation } = useAuth();
  if (!impersonating) return null;
  return (
    <Paper bg="yellow.2" p="xs" radius={0} role="status">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600} c="dark">
          Impersonation active{user ? `: you are acting as ${user.name} (${user.role})` : ""}
        </Text>
        <Button size="xs" color="dark" onClick={() => void stopImpersonation()}>
          Stop Impersonation
        </Button>
      </Group>
    </Paper>
  );
}
