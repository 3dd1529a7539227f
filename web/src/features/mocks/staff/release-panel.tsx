import { useState } from "react";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Mock } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormError } from "@/components/form-actions";
import { downloadSignedLink, useRelease, useSendMockMessages } from "../api/mocks";

/** Release or withdraw the results (admin, behind a confirmation), then send the results to guardians. */
export function ReleasePanel({ mock, admin }: { mock: Mock; admin: boolean }) {
  const release = useRelease(mock.id);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await release.mutateAsync(!mock.released);
      notifications.show({ color: "green", message: mock.released ? "Release withdrawn" : "Results released" });
      setAsking(false);
    } catch (err) {
      setError(errorText(err, "Failed. Please try again."));
    }
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Release">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              Results
            </Title>
            <Badge color={mock.released ? "green" : "gray"} variant="light">
              {mock.released ? `Released ${formatDateTime(mock.releasedAt)}` : "Not released"}
            </Badge>
          </Group>
          {admin && (
            <Button color={mock.released ? "orange" : "blue"} variant={mock.released ? "light" : "filled"} onClick={() => setAsking(true)}>
              {mock.released ? "Withdraw release" : "Release results"}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {mock.released ? "Each student of the level can see their own result slip." : "Students see nothing of this mock's results until they are released."}
        </Text>
        {admin && mock.released && <GuardianMessages mockId={mock.id} />}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={mock.released ? "Withdraw release" : "Release results"}
        message={
          mock.released
            ? "Withdraw the release? Students will no longer see their result slips."
            : `Release the results of ${mock.title}? Every student of the level will see their own result slip.`
        }
        confirmLabel={mock.released ? "Withdraw release" : "Release results"}
        confirmColor={mock.released ? "orange" : "blue"}
        loading={release.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}

function GuardianMessages({ mockId }: { mockId: number }) {
  const send = useSendMockMessages(mockId);
  const [note, setNote] = useState("");
  const [asking, setAsking] = useState(false);
  const r = send.data;
  return (
    <Stack gap="xs" pt="xs" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Text fw={600}>Send results to guardians</Text>
      <Text size="sm" c="dimmed">
        One text message per guardian with the student&apos;s aggregate and best subject. Without an SMS gateway the messages are written to a CSV for the
        school&apos;s own bulk-SMS service.
      </Text>
      <Textarea
        label="Note at the end (optional)"
        placeholder="Report at school Friday."
        maxLength={80}
        autosize
        minRows={1}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        description={`${note.length}/80`}
      />
      <Group>
        <Button variant="light" onClick={() => setAsking(true)}>
          Send results to guardians
        </Button>
      </Group>
      {r && (
        <Alert color={r.failed ? "orange" : "green"} role="status" data-testid="messages-result">
          <Stack gap={4}>
            <Text size="sm">
              Sent: {r.sent} · Failed: {r.failed}
              {r.exported ? ` · Written to CSV: ${r.exportedCount}` : ""}
            </Text>
            {r.exported && (
              <Anchor component="button" type="button" size="sm" onClick={() => downloadSignedLink(r.exported!, "guardian-messages.csv")}>
                Download the messages (CSV)
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <FormError error={send.error && !asking ? errorText(send.error, "Failed to send the messages") : null} />
      <ConfirmDialog
        opened={asking}
        title="Send results to guardians"
        message="Send each guardian a text message with their student's result?"
        details={note.trim() ? `Ending with: "${note.trim()}"` : undefined}
        confirmLabel="Send"
        confirmColor="blue"
        loading={send.isPending}
        error={send.error ? errorText(send.error, "Failed to send the messages") : null}
        onConfirm={() => send.mutate(note, { onSuccess: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
