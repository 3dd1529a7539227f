import { useState } from "react";
import { notifications } from "@mantine/notifications";
import { errorText } from "@/lib/api";

type DeleteMutation = { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };

/**
 * A list row's Delete behind a confirmation: `ask(row)` opens it, `dialog` goes to ConfirmDialog (open, spinning while
 * the mutation runs, the failure's text inside it). On success: a green notice `done(row)`, then `after(row)`.
 */
export function useConfirmDelete<T extends { id: number }>(
  mutation: DeleteMutation,
  { done, failed, after }: { done: (row: T) => string; failed: string; after?: (row: T) => void },
) {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    if (!target) return;
    setError(null);
    try {
      await mutation.mutateAsync(target.id);
      notifications.show({ color: "green", message: done(target) });
      after?.(target);
      setTarget(null);
    } catch (err) {
      setError(errorText(err, failed));
    }
  }
  return {
    target,
    ask: (row: T) => {
      setError(null);
      setTarget(row);
    },
    dialog: {
      opened: !!target,
      loading: mutation.isPending,
      error,
      onConfirm: () => void confirm(),
      onClose: () => {
        setTarget(null);
        setError(null);
      },
    },
  };
}
