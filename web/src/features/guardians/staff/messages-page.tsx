import { Badge, Card, Group, Select, Stack, Text } from "@mantine/core";
import type { GuardianMessage } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { CardList, ListBody, useListFilters } from "@/components/list-page";
import { DataTable, useWideScreen } from "@/components/list-page/data-table";
import { SOURCE_LABEL, STATUS_COLOUR, STATUS_LABEL, useGuardianMessages } from "../api/messages";

const PAGE_SIZE = 50;
type Source = GuardianMessage["source"];
type Status = GuardianMessage["status"];

function StatusBadge({ m }: { m: GuardianMessage }) {
  return (
    <Badge color={STATUS_COLOUR[m.status]} variant="light" style={{ flexShrink: 0, minWidth: "max-content" }}>
      {STATUS_LABEL[m.status]}
    </Badge>
  );
}

const who = (m: GuardianMessage) => `${m.guardianName}${m.student ? `, for ${m.student.name}` : ""}`;
const from = (m: GuardianMessage) => `${SOURCE_LABEL[m.source]} ${m.sourceId}`;

/** /admin/dashboard/messages: every text message to a guardian, sent, failed or exported to CSV, newest first (issue 28). */
export function MessagesPage() {
  const f = useListFilters({ source: null as Source | null, status: null as Status | null }, { debounceMs: 0 });
  const { source, status } = f.filters;
  const messages = useGuardianMessages({ source, status, page: f.page, limit: PAGE_SIZE });
  const wide = useWideScreen(992);
  const total = messages.data?.pagination.total ?? 0;
  return (
    <Stack>
      <PageHeader
        title="Messages to guardians"
        subtitle="Each text message sent to a guardian when results were released: sent through the SMS gateway, failed, or exported to CSV for the school's own bulk-SMS service."
      />
      <Group wrap="wrap" align="flex-end">
        <Select
          label="Results of"
          placeholder="Mocks and terms"
          clearable
          data={[
            { value: "mock", label: "Mocks" },
            { value: "term", label: "Terms" },
          ]}
          value={source}
          onChange={(v) => f.set({ source: v as Source | null })}
          w={180}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={(["sent", "failed", "exported"] as Status[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          value={status}
          onChange={(v) => f.set({ status: v as Status | null })}
          w={180}
        />
        {messages.data && (
          <Badge variant="light" size="lg">
            {total === 1 ? "1 message" : `${total} messages`}
          </Badge>
        )}
      </Group>
      <ListBody
        query={messages}
        rows={messages.data?.data}
        loading={4}
        errorMessage="Failed to load the messages"
        empty={{ title: "No messages yet", message: "Messages appear here after you send results to guardians from a released mock or term." }}
        filtered={f.filtered && { title: "No messages match these filters" }}
        pager={{ total, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Messages pages" }}
      >
        {(list) =>
          wide ? (
            <DataTable
              rows={list}
              rowKey={(m) => m.id}
              columns={[
                { key: "when", header: "When", cell: (m) => formatDateTime(m.createdAt), td: { style: { whiteSpace: "nowrap" } } },
                {
                  key: "to",
                  header: "To",
                  cell: (m) => (
                    <Stack gap={0}>
                      <Text size="sm">{who(m)}</Text>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                        {m.phone}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  key: "body",
                  header: "Message",
                  cell: (m) => (
                    <Text size="sm" data-testid="message-body">
                      {m.body}
                    </Text>
                  ),
                },
                { key: "from", header: "Results", cell: from, td: { style: { whiteSpace: "nowrap" } } },
                {
                  key: "status",
                  header: "Status",
                  cell: (m) => (
                    <Stack gap={2}>
                      <StatusBadge m={m} />
                      {m.error && (
                        <Text size="xs" c="red">
                          {m.error}
                        </Text>
                      )}
                    </Stack>
                  ),
                },
              ]}
            />
          ) : (
            <CardList rows={list} label="Messages">
              {(m) => (
                <Card key={m.id} withBorder padding="sm" component="li" aria-label={`Message to ${m.guardianName}`}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Stack gap={0} miw={0}>
                        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                          {who(m)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {m.phone}
                        </Text>
                      </Stack>
                      <StatusBadge m={m} />
                    </Group>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="message-body">
                      {m.body}
                    </Text>
                    {m.error && (
                      <Text size="sm" c="red">
                        {m.error}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {from(m)} · {formatDateTime(m.createdAt)}
                    </Text>
                  </Stack>
                </Card>
              )}
            </CardList>
          )
        }
      </ListBody>
    </Stack>
  );
}
