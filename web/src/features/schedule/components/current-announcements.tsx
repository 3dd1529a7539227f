import { Alert, CloseButton, Group, Stack, Text } from "@mantine/core";
import { RichText } from "@/components/rich-text";
import { useCurrentAnnouncements, useDismissAnnouncement } from "../api/announcements";

/** The school's current notices at the top of every home screen; each can be dismissed for this user. */
export function CurrentAnnouncements() {
  const current = useCurrentAnnouncements();
  const dismiss = useDismissAnnouncement();
  const list = current.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Announcements">
      {list.map((a) => (
        <Alert key={a.id} color="blue" variant="light" radius="md" data-testid="announcement">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                {a.title}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }} component="div">
                <RichText text={a.content} />
              </Text>
            </Stack>
            <CloseButton aria-label={`Dismiss announcement: ${a.title}`} title="Dismiss" onClick={() => dismiss.mutate(a.id)} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
