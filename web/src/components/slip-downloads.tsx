import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { Slip } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { downloadFile } from "@/lib/download";
import { FormError } from "./form-actions";

/**
 * The printable slips of users just created: a Word sheet (one slip per person, grouped by level) and a
 * CSV. The passwords exist only in this answer, so the screen says so and keeps them until it closes.
 */
export function SlipDownloads({ slips }: { slips: Slip[] }) {
  const download = useMutation({
    mutationFn: (format: "docx" | "csv") => downloadFile("/users/slips", `sign-in-slips.${format}`, { format, slips }),
  });
  const busy = download.isPending ? download.variables : null;
  const error = download.error ? errorText(download.error, "Failed to export data. Please try again.") : null;
  return (
    <Stack gap="xs">
      <Alert color="yellow" title="Print the slips now">
        <Text size="sm">
          {slips.length === 1 ? "This one-time password is" : `These ${slips.length} one-time passwords are`} shown only once: Adesua keeps no copy. Each person
          chooses their own password the first time they sign in.
        </Text>
      </Alert>
      <FormError error={error} />
      <Group gap="xs">
        <Button onClick={() => download.mutate("docx")} loading={busy === "docx"}>
          Print slips (Word)
        </Button>
        <Button variant="default" onClick={() => download.mutate("csv")} loading={busy === "csv"}>
          Download slips (CSV)
        </Button>
      </Group>
    </Stack>
  );
}
