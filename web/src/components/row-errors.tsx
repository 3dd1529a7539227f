import { Alert, List, Text } from "@mantine/core";

export type RowError = { row: number; message: string };

/** An import refused whole: the server's sentence and every bad row with its number (first 50 shown). */
export function RowErrors({ message, errors }: { message: string; errors: RowError[] }) {
  return (
    <Alert color="red" role="alert" title={message}>
      <List size="sm" spacing={2}>
        {errors.slice(0, 50).map((e) => (
          <List.Item key={`${e.row}-${e.message}`}>
            Row {e.row}: {e.message}
          </List.Item>
        ))}
      </List>
      {errors.length > 50 && <Text size="sm">…and {errors.length - 50} more rows.</Text>}
    </Alert>
  );
}
