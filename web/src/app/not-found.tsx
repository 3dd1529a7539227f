import { Link } from "react-router";
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { ROLE_HOME } from "@adesua/domain/rules";
import { useAuth } from "../lib/auth";

/** An address inside a signed-in area that names no screen: say so and offer the way home (no silent redirect). */
export function PageNotFound() {
  const { user } = useAuth();
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
        <Button component={Link} to={user ? ROLE_HOME[user.role] : "/login"}>
          Go to your home page
        </Button>
      </Stack>
    </Paper>
  );
}
