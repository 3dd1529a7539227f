import { Alert, Button, Stack, Text } from "@mantine/core";

/** A failed load: the message and a Try Again button that refetches. */
export function ErrorState({ title, message, onRetry, retrying }: { title?: string; message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            Try Again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
