import { useEffect, useState } from "react";
import { Alert, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { ListBody } from "@/components/list-page";
import { useDebouncedValue } from "@mantine/hooks";
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from "@adesua/domain/constants";
import { AUDIT_PAGE_SIZE, LOGS_MESSAGES } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { useClearLogs, useLogs, type LogSortBy } from "../api/logs";
import { LogTable } from "../components/log-table";
import { NumberedPager } from "../components/numbered-pager";

/** Every action the trail records (one list in domain, issue 24), not only the spec's first five. */
const ACTION_OPTIONS = [{ value: "", label: "All Actions" }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))];
const SORT_OPTIONS: { value: LogSortBy; label: string }[] = [
  { value: "entityType", label: "Entity Type (Alphabetical)" },
  { value: "action", label: "Action (Alphabetical)" },
  { value: "createdAt", label: "Date & Time" },
  { value: "entityId", label: "Entity ID" },
];
const ORDER_OPTIONS = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];

/** Reset All's state (spec §4): empty search, All Actions, entity type ascending, page 1. */
const INITIAL = { search: "", action: "", sortBy: "entityType" as LogSortBy, sortOrder: "asc" as "asc" | "desc", page: 1 };

function LogsSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading audit logs" aria-busy>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** The admin's Audit Logs screen (spec 001 "Audit Logs screen", §4, §5, §8, §9); the server filters, sorts and pages. */
export function AuditLogsPage() {
  const [state, setState] = useState(INITIAL);
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [confirming, setConfirming] = useState(false);
  const [clearError, setClearError] = useState<string | null>(null);
  const clear = useClearLogs();
  const filters = { ...state, search, limit: AUDIT_PAGE_SIZE };
  const logs = useLogs(filters);
  const total = logs.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  // Filters and sorting keep the page (spec §4), but never past the last page of the new result.
  useEffect(() => {
    if (logs.data && !logs.isPlaceholderData && state.page > pages) setState((s) => ({ ...s, page: pages }));
  }, [logs.data, logs.isPlaceholderData, pages, state.page]);

  const set = (changes: Partial<typeof INITIAL>) => setState((s) => ({ ...s, ...changes }));

  async function doClear() {
    setClearError(null);
    try {
      await clear.mutateAsync();
      setConfirming(false);
      setState((s) => ({ ...s, page: 1 }));
    } catch (err) {
      setClearError(`${LOGS_MESSAGES.clearFailed}${errorText(err, "Request failed")}`);
    }
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              Audit Logs
            </Title>
            <Badge size="lg" variant="light" color="blue" aria-live="polite">
              {total} {total === 1 ? "log" : "logs"} found
            </Badge>
          </Group>
          <Text c="dimmed">Track all system activities and changes</Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button color="red" disabled={total === 0 || clear.isPending} onClick={() => setConfirming(true)}>
            Clear All Logs
          </Button>
          <Button variant="default" onClick={() => void logs.refetch()} loading={logs.isFetching && !logs.isPending}>
            Refresh
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setSearchText("");
              setState(INITIAL);
            }}
          >
            Reset All
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Search Entity"
            placeholder="Search by entity type or ID..."
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
          />
          <Select label="Action" data={ACTION_OPTIONS} value={state.action} onChange={(v) => set({ action: v ?? "" })} allowDeselect={false} />
          <Select
            label="Sort By"
            data={SORT_OPTIONS}
            value={state.sortBy}
            onChange={(v) => set({ sortBy: (v as LogSortBy) ?? "entityType" })}
            allowDeselect={false}
          />
          <Select
            label="Sort Order"
            data={ORDER_OPTIONS}
            value={state.sortOrder}
            onChange={(v) => set({ sortOrder: v === "desc" ? "desc" : "asc" })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      <ListBody
        query={logs}
        rows={logs.data?.data}
        loading={<LogsSkeleton />}
        errorTitle={LOGS_MESSAGES.loadError}
        errorMessage="Failed to load audit logs"
        retryLabel="Retry"
        empty={{ title: LOGS_MESSAGES.empty, message: LOGS_MESSAGES.emptyHint }}
        footer={
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              Page {state.page} of {pages}
            </Text>
            <NumberedPager page={state.page} pages={pages} onChange={(p) => set({ page: p })} />
          </Group>
        }
        busy={logs.isPlaceholderData}
      >
        {(rows) => <LogTable logs={rows} />}
      </ListBody>

      <Modal opened={confirming} onClose={() => !clear.isPending && setConfirming(false)} title={LOGS_MESSAGES.clearTitle} centered>
        <Stack>
          <Text>{LOGS_MESSAGES.clearBody}</Text>
          {clearError && (
            <Alert color="red" role="alert">
              {clearError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={clear.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => void doClear()} disabled={clear.isPending}>
              {clear.isPending ? "Clearing..." : "Clear All Logs"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
