import { useLocation, useNavigate } from "react-router";
import { Button, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { ParsedScheduleResult } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";

const dash = (v: string | null | undefined) => (v && v.trim() ? v : "—");

/** What was read from a circular; only teachers carry it into the new-event form (spec §6). */
export function ParsePreviewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const parsed = (location.state as { parsed?: ParsedScheduleResult } | null)?.parsed;
  if (!parsed) {
    return (
      <Stack>
        <PageHeader title="Parsed Event" />
        <EmptyState title="No parsed event data." action={<Button onClick={() => navigate(-1)}>Go Back</Button>} />
      </Stack>
    );
  }
  const teacher = user?.role === "teacher";
  const rows: [string, string][] = [
    ["Title", dash(parsed.title)],
    ["Description", dash(parsed.description)],
    ["Start", formatDateTime(parsed.start)],
    ["End", formatDateTime(parsed.end)],
    ["Recurrence", dash(parsed.recurrence)],
  ];
  const missing = rows.filter(([, v]) => v === "—").map(([k]) => k);
  return (
    <Stack>
      <PageHeader title="Parsed Event" subtitle="Read from the file. Check it before making an event." />
      {missing.length > 0 && <Text c="dimmed">Not found in the file: {missing.join(", ")}.</Text>}
      <Paper withBorder radius="md" p="xs">
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th scope="row" w={120}>
                  {k}
                </Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Content">
        <Text fw={700} mb={4}>
          Content
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 320, overflowY: "auto" }} tabIndex={0}>
          {dash(parsed.content)}
        </Text>
      </Paper>
      <Group>
        <Button variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
        <Tooltip label="Only assigned teachers can edit in form" disabled={teacher}>
          <span>
            <Button disabled={!teacher} onClick={() => navigate("/teachers/dashboard/schedule/new", { state: { parsed } })}>
              Edit in Form
            </Button>
          </span>
        </Tooltip>
      </Group>
    </Stack>
  );
}
