import { Box, Button, Group, Stack, Text } from "@mantine/core";
import { ROLE_LABEL } from "@adesua/domain/rules";
import { useAuth } from "../lib/auth";

/** The banner's height: the layout adds it to the fixed header so nothing ever covers it. */
export const IMPERSONATION_BANNER_HEIGHT = 52;

/**
 * Shown whenever an admin token is stored. It lives inside the fixed header (above the app bar),
 * so it is on screen at every width and scroll position, and Stop Impersonation is never the
 * header's Logout.
 */
export function ImpersonationBanner() {
  const { impersonating, user, stopImpersonation } = useAuth();
  if (!impersonating) return null;
  return (
    <Box bg="yellow.3" h={IMPERSONATION_BANNER_HEIGHT} px="sm" role="region" aria-label="Impersonation" data-testid="impersonation-banner">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0} role="status">
          <Text size="sm" fw={700} c="dark.9" truncate>
            Impersonation active
          </Text>
          {user && (
            <Text size="xs" c="dark.9" truncate title={`${user.name} (${ROLE_LABEL[user.role]})`}>
              You are acting as {user.name} ({ROLE_LABEL[user.role].toLowerCase()})
            </Text>
          )}
        </Stack>
        <Button size="xs" color="dark" style={{ flexShrink: 0 }} onClick={() => void stopImpersonation()}>
          Stop Impersonation
        </Button>
      </Group>
    </Box>
  );
}
