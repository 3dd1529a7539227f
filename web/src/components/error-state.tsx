import { Alert, Button, Stack, Text } from "@mantine/core";

/** A failed load: the message and a Try Again button that refetches. */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying,
  retryLabel = "Try Again",
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
