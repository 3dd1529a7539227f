import { Box, Button, em, Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ROLE_LABEL } from "@adesua/domain/rules";
import { useAuth } from "../lib/auth";

/** The banner's height: the layout adds it to the fixed header so nothing ever covers it. */
export const IMPERSONATION_BANNER_HEIGHT = 52;

/**
 * Shown whenever an admin token is stored. It lives inside the fixed header (above the app bar),
 * so it is on screen at every width and scroll position, and Stop Impersonation is never the
 * header's Logout. At 360 px the whole sentence fits: up to three lines beside a button whose label may wrap too (the
 * one-line version was cut to "You are acting as Yaw Da…", issue 24).
 */
export function ImpersonationBanner() {
  const { impersonating, user, stopImpersonation } = useAuth();
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  if (!impersonating) return null;
  const who = user ? `${user.name} (${ROLE_LABEL[user.role].toLowerCase()})` : null;
  return (
    <Box bg="yellow.3" h={IMPERSONATION_BANNER_HEIGHT} px="sm" role="region" aria-label="Impersonation" data-testid="impersonation-banner">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
        <Text
          size="xs"
          c="dark.9"
          lh={phone ? 1.2 : 1.3}
          lineClamp={phone ? 3 : 2}
          miw={0}
          role="status"
          title={who ? `Impersonation active. You are acting as ${who}` : undefined}
        >
          <Text span size={phone ? "xs" : "sm"} fw={700} inherit={false} c="dark.9">
            Impersonation active
          </Text>
          {who && <>. You are acting as {who}</>}
        </Text>
        <Button
          size="xs"
          color="dark"
          style={{ flexShrink: 0 }}
          onClick={() => void stopImpersonation()}
          styles={
            phone
              ? {
                  root: { height: "auto", minHeight: 30, paddingBlock: 4, paddingInline: 8, maxWidth: 124 },
                  label: { whiteSpace: "normal", overflow: "visible", lineHeight: 1.2, textAlign: "center" },
                }
              : undefined
          }
        >
          Stop Impersonation
        </Button>
      </Group>
    </Box>
  );
}
