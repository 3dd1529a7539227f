import type { ReactNode } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { FormError } from "./form-actions";

type Props = {
  opened: boolean;
  title: string;
  /** The question, e.g. "Are you sure you want to delete this course?" */
  message: string;
  /** What will be lost, shown under the question. */
  details?: ReactNode;
  confirmLabel?: string;
  /** Red for destructive actions (the default); another colour for a confirmation that loses nothing. */
  confirmColor?: string;
  loading?: boolean;
  /** An error from the last try, shown inside the dialog so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a destructive or weighty action; Cancel has the focus so Enter never deletes by accident. */
export function ConfirmDialog({ opened, title, message, details, confirmLabel = "Delete", confirmColor = "red", loading, error, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        {details && (
          <Text size="sm" c="dimmed" component="div">
            {details}
          </Text>
        )}
        <FormError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
