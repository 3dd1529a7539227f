import { useState } from "react";
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCreateFeedToken, useFeedToken } from "../api/schedule";

/** "Subscribe in your calendar app": the private feed address, shown once when made; regenerating revokes the old one. */
export function FeedPanel() {
  const status = useFeedToken();
  const create = useCreateFeedToken();
  const [confirm, setConfirm] = useState(false);
  const exists = status.data?.exists ?? false;
  const made = create.data;
  const generate = () =>
    create.mutate(undefined, {
      onSettled: () => setConfirm(false),
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Subscribe in your calendar app">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Subscribe in your calendar app
        </Title>
        <Text size="sm" c="dimmed">
          Your phone or computer calendar can show these events and quiz windows. The address is private: anyone who has it can read your calendar.
        </Text>
        {made ? (
          <Stack gap={6}>
            <TextInput label="Your calendar feed address" value={made.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group gap="xs" wrap="wrap">
              <CopyButton value={made.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? "Copied" : "Copy address"}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={made.webcalUrl} size="sm">
                Open in calendar app
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              Copy it now: it is not shown again.
            </Text>
          </Stack>
        ) : (
          <Text size="sm">{exists ? `You have a feed address (made ${formatDateTime(status.data?.createdAt)}).` : "You have no feed address yet."}</Text>
        )}
        {create.error && (
          <Text c="red" size="sm" role="alert">
            {errorText(create.error, "Failed to make a feed address")}
          </Text>
        )}
        <Group>
          <Button
            size="sm"
            variant={exists ? "default" : "filled"}
            loading={create.isPending && !confirm}
            onClick={() => (exists || made ? setConfirm(true) : generate())}
          >
            {exists || made ? "Regenerate feed address" : "Generate feed address"}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title="Regenerate feed address"
        message="Calendar apps subscribed to the old address will stop updating. Make a new address?"
        confirmLabel="Regenerate"
        loading={create.isPending}
        onConfirm={generate}
        onClose={() => setConfirm(false)}
      />
    </Paper>
  );
}
