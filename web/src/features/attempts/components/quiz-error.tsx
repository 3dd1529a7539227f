import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";

/** The spec's "Quiz Error" screen: the server's reason (or the default text) and Go Back. */
export function QuizError({ message, onBack, onRetry }: { message: string; onBack: () => void; onRetry?: () => void }) {
  return (
    <Paper withBorder p="lg" maw={560} mx="auto" mt="md" role="alert">
      <Stack gap="sm">
        <Title order={1} size="h3" c="red.8">
          Quiz Error
        </Title>
        <Text style={{ overflowWrap: "anywhere" }}>{message}</Text>
        <Group gap="sm">
          <Button onClick={onBack} size="md">
            Go Back
          </Button>
          {onRetry && (
            <Button variant="default" onClick={onRetry} size="md">
              Try again
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
